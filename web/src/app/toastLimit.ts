import type { Toast } from 'react-hot-toast';

/**
 * overLimit names the shown toasts beyond the newest limit, to be dismissed. Newest is by when a
 * toast was last shown: a toast shown again under its id (the cart's, say) keeps its place in the
 * list but is the newest message, and must not be the one put away.
 */
export function overLimit(toasts: Toast[], limit: number): string[] {
  return toasts
    .filter((x) => x.visible)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(limit)
    .map((x) => x.id);
}

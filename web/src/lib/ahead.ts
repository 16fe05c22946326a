// What the server writes into a page beside its settings (api/ahead.go), so that a phone on a slow
// network shows the first products before the page's code has loaded: the product cards it drew
// where the page's list goes, and the answers of the API calls the page starts with.
import { PAGE_ANSWERS_ID } from './contract';

/** cardsMarker is what a page built ahead holds where its list's cards go: the server draws them there. */
export const cardsMarker = '<!--cards-->';

/** canonical is an API path with its query's parameters in order, as the server names its answers. */
function canonical(path: string): string {
  const url = new URL(path, 'http://store.invalid');
  url.searchParams.sort();
  return url.pathname + url.search;
}

let answers: Map<string, unknown> | undefined;
let answered: string[] = [];

/** readAnswers reads the page's answers once. */
function readAnswers(): Map<string, unknown> {
  if (answers === undefined) {
    answers = new Map();
    const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
    try {
      const all = JSON.parse(block?.textContent || '{}') as Record<string, unknown>;
      for (const [p, body] of Object.entries(all)) answers.set(canonical(p), body);
      answered = Object.keys(all);
    } catch {
      // A block that does not parse answers nothing: the calls are made.
    }
  }
  return answers;
}

/**
 * pageAnswer is the answer the server wrote into the page for a GET of path, once: the call it
 * stands for is then not made. Undefined when the page came with none (or it was taken already).
 */
export function pageAnswer(path: string): unknown {
  const all = readAnswers();
  const key = canonical(path);
  const answer = all.get(key);
  all.delete(key);
  return answer;
}

/** answeredPaths are the API paths the page came with answers of: the reads of the visit as much as those it made (lib/online.ts). */
export function answeredPaths(): string[] {
  readAnswers();
  return answered;
}

let cards: { path: string; html: string } | undefined;

/**
 * keepCardsAhead notes the cards the server drew into the page, before the page's code takes the
 * page over (main.tsx): the list shows them until its products are there.
 */
export function keepCardsAhead() {
  const html = document.querySelector('[data-ahead-cards]')?.innerHTML ?? '';
  cards = html ? { path: location.pathname + location.search, html } : undefined;
}

/** cardsAhead is the HTML of the cards the server drew into this page, '' when it drew none, on another page, or once replaced. */
export function cardsAhead(): string {
  return cards && typeof location !== 'undefined' && cards.path === location.pathname + location.search ? cards.html : '';
}

/** forgetCardsAhead drops the cards the server drew: the list now shows its own. */
export function forgetCardsAhead() {
  cards = undefined;
}

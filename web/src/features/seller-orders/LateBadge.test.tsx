import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadSellerTexts } from '../../i18n';
import LateBadge from './LateBadge';

beforeAll(() => loadSellerTexts());

describe('late badge', () => {
  it('marks an order the server calls late, and nothing else', () => {
    const { rerender, container } = render(<LateBadge late />);
    expect(screen.getByText('Late')).toHaveAttribute('title', 'Past the time it was promised by');
    rerender(<LateBadge />);
    expect(container).toBeEmptyDOMElement();
  });
});

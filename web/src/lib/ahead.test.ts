import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.resetModules();
});

/** fresh loads lib/ahead anew, as a page's first load does, once the page holds html. */
async function fresh(head: string, body = '') {
  document.head.innerHTML = head;
  document.body.innerHTML = body;
  return import('./ahead');
}

describe('pageAnswer', () => {
  it('takes the answer the page came with once, whatever the order of the parameters', async () => {
    const { pageAnswer } = await fresh(
      `<script type="application/json" id="haat-answers">{"/api/product/search?category=Grains&limit=10":{"success":true,"products":[]},"/api/config":{"success":true}}</script>`,
    );
    expect(pageAnswer('/api/product/search?limit=10&category=Grains')).toEqual({ success: true, products: [] });
    expect(pageAnswer('/api/product/search?limit=10&category=Grains')).toBeUndefined();
    expect(pageAnswer('/api/product/search?category=Fruits')).toBeUndefined();
    expect(pageAnswer('/api/config')).toEqual({ success: true });
  });

  it('answers nothing when the page has no answers, or answers that do not parse', async () => {
    expect((await fresh('')).pageAnswer('/api/config')).toBeUndefined();
    vi.resetModules();
    expect((await fresh('<script type="application/json" id="haat-answers">{not json</script>')).pageAnswer('/api/config')).toBeUndefined();
  });
});

describe('cardsAhead', () => {
  it('holds the cards drawn into this page, for this page only, until forgotten', async () => {
    window.history.replaceState(null, '', '/products');
    const ahead = await fresh('', '<div data-ahead-cards=""><article>Broccoli</article></div>');
    ahead.keepCardsAhead();
    expect(ahead.cardsAhead()).toBe('<article>Broccoli</article>');
    window.history.replaceState(null, '', '/products/fruits');
    expect(ahead.cardsAhead()).toBe('');
    window.history.replaceState(null, '', '/products');
    ahead.forgetCardsAhead();
    expect(ahead.cardsAhead()).toBe('');
  });
});

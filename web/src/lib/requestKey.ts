// A checkout call (placing an order, starting a payment) goes out under an Idempotency-Key. When
// its answer is lost (the phone's connection dropped), nobody knows whether the order was placed:
// the call is sent again under the same key, and the server answers it as it answered the first,
// placing nothing twice. The key is kept in this tab (sessionStorage) until the call is answered,
// so that pressing Place Order again after a reload sends the same key for the same order.

const storageKey = 'haat.requestKey';

type Kept = { call: string; key: string };

function kept(): Kept | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Kept | null;
    return v && typeof v.call === 'string' && typeof v.key === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** newKey is 128 random bits in hex (crypto.randomUUID needs a secure page; this does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** requestKey is the key of call (its path and body): the one kept for it while unanswered, else a new one, kept. */
export function requestKey(call: string): string {
  const k = kept();
  if (k?.call === call) return k.key;
  const key = newKey();
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ call, key }));
  } catch {
    // A tab that keeps nothing still sends the key again while this page lives.
  }
  return key;
}

/** answered forgets the key of call: the server answered it, and the next such call is a new one. */
export function answered(call: string) {
  if (kept()?.call !== call) return;
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing kept.
  }
}

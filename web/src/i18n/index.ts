// The string catalogue: every text the storefront shows, one file per language. A language is an
// object of type Messages (en.ts is the English one); texts that carry values (counts, amounts,
// names) are functions, so each language words and orders them its own way.
import { en } from './en';

export type { Accented } from './types';

/** Messages is the shape of a language's catalogue: a second language is one more file of this type. */
export type Messages = typeof en;

/** t is the catalogue the storefront shows. */
export const t: Messages = en;

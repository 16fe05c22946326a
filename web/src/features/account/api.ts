import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../lib/api';
import type { Language, User } from '../../lib/contract';
import { useEndSession } from '../../lib/useEndSession';
import { t } from '../../i18n';
import { cartStore } from '../cart/store';
import { checkoutKeys } from '../checkout/api';
import { orderKeys } from '../orders/api';
import { followAccount } from '../../lib/language';
import { paths } from '../../app/paths';
import { useAsRenderedAhead } from '../../lib/useHydrated';

/** accountKeys are the query keys of the shopper's session. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
};

/** keepLanguage keeps the signed-in shopper's language with their account. */
export const keepLanguage = (lang: Language) => api.setLanguage(lang);

/**
 * followShopper applies the shopper's language, except in the seller area, which follows the
 * seller's account (a browser may be signed in as both).
 */
function followShopper(user: User) {
  if (!window.location.pathname.startsWith(paths.seller.root)) followAccount(user.language, keepLanguage);
}

/** signedIn keeps the user of a login, sign-up or session check, and merges the guest cart into theirs. */
function signedIn(client: QueryClient, user: User) {
  cartStore(client).signedIn(user);
  followShopper(user);
  client.setQueryData(accountKeys.user(), user);
}

/** userQuery checks the shopper's session once per visit: the user, or null when nobody is signed in. A failed check shows an empty cart. */
export const userQuery = queryOptions({
  queryKey: accountKeys.user(),
  queryFn: async ({ client }): Promise<User | null> => {
    const r = await api.session();
    if (r.success && r.user) {
      cartStore(client).signedIn(r.user);
      followShopper(r.user);
      return r.user;
    }
    if (r.success) return null;
    cartStore(client).signedOut();
    throw new ApiError(t.toast.loadUser, r.status);
  },
  staleTime: Infinity,
  retry: false,
});

/** useUser is the signed-in shopper (null for a guest) and whether the session check has answered. */
export function useUser() {
  const query = useAsRenderedAhead(useQuery(userQuery));
  return { user: query.data ?? null, checked: !query.isPending, error: query.error };
}

/** SignIn is a login (no name) or a sign-up. */
export type SignIn = { mode: 'login' | 'register'; name: string; email: string; password: string };

/** useSignIn logs a shopper in or signs them up; the guest cart joins theirs. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: SignIn) =>
      unwrap(s.mode === 'login' ? api.login(s.email, s.password) : api.register(s.name, s.email, s.password), t.toast.genericBang),
    onSuccess: (r) => signedIn(client, r.user),
  });
}

/** useSendCode texts a sign-in code to a mobile number. */
export function useSendCode() {
  return useMutation({ mutationFn: (phone: string) => unwrap(api.sendCode(phone), t.toast.genericBang) });
}

/** PhoneCode is a sign-in by phone: the number and the code texted to it. */
export type PhoneCode = { phone: string; code: string };

/**
 * useVerifyCode signs a shopper in with the code texted to them; the guest cart joins theirs. The
 * answer's newAccount says the sign-in created the account: the screen then asks for a name.
 */
export function useVerifyCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: PhoneCode) => unwrap(api.verifyCode(p.phone, p.code), t.toast.genericBang),
    onSuccess: (r) => signedIn(client, r.user),
  });
}

/** useSetName keeps the name the signed-in shopper gives. */
export function useSetName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.setName(name), t.toast.genericBang),
    onSuccess: (r) => client.setQueryData(accountKeys.user(), r.user),
  });
}

/** useLogout ends the shopper's session and forgets their cart, addresses and orders. */
export function useLogout() {
  const client = useQueryClient();
  return useEndSession(api.logout, () => {
    client.setQueryData(accountKeys.user(), null);
    cartStore(client).signedOut();
    client.removeQueries({ queryKey: checkoutKeys.addresses() });
    client.removeQueries({ queryKey: orderKeys.all });
  });
}

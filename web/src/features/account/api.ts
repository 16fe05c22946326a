import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, get, post, unwrap } from '../../lib/api';
import type {
  CloseAccountRequest,
  CreditResponse,
  EmailRequest,
  LanguageRequest,
  LoginRequest,
  MessageResponse,
  NameRequest,
  Notifications,
  NotificationsResponse,
  OTPSendRequest,
  OTPSendResponse,
  OTPVerifyRequest,
  OTPVerifyResponse,
  PasswordRequest,
  PhoneRequest,
  RegisterRequest,
  ResetConfirmRequest,
  ResetSendRequest,
  ResetSendResponse,
  User,
  UserResponse,
  UserSessionResponse,
} from '../../lib/contract';
import { useEndSession } from '../../lib/useEndSession';
import { signal } from '../../lib/signal';
import { t } from '../../i18n';
import { followAccount, type KeepLanguage } from '../../lib/language';
import { paths } from '../../lib/paths';
import { useAsRenderedAhead } from '../../lib/useHydrated';

/** readSession asks who is signed in: the shopper, or null for a guest (200 either way). */
export const readSession = () => get<UserSessionResponse>('/api/user/session');

const api = {
  login: (email: string, password: string) => post<LoginRequest, UserResponse>('/api/user/login', { email, password }),
  register: (name: string, email: string, password: string) =>
    post<RegisterRequest, UserResponse>('/api/user/register', { name, email, password }),
  logout: () => get<MessageResponse>('/api/user/logout'),
  /** sendCode texts a sign-in code to a Nepali mobile number. */
  sendCode: (phone: string) => post<OTPSendRequest, OTPSendResponse>('/api/user/otp/send', { phone }),
  /** verifyCode signs in with the code sent to phone; newAccount in the answer says the sign-in created the account. */
  verifyCode: (phone: string, code: string) => post<OTPVerifyRequest, OTPVerifyResponse>('/api/user/otp/verify', { phone, code }),
  /** setName keeps the name the signed-in shopper gives (asked after a first sign-in by phone). */
  setName: (name: string) => post<NameRequest, UserResponse>('/api/user/name', { name }),
  /** setLanguage keeps the language the signed-in shopper reads the store in with their account. */
  setLanguage: (language: LanguageRequest['language']) => post<LanguageRequest, MessageResponse>('/api/user/language', { language }),
  /** changePassword sets a new password (current is '' for an account without one) and ends the account's other sessions. */
  changePassword: (body: PasswordRequest) => post<PasswordRequest, MessageResponse>('/api/user/password', body),
  /** changeEmail sets the account's e-mail, with its password. */
  changeEmail: (body: EmailRequest) => post<EmailRequest, UserResponse>('/api/user/email', body),
  /** changePhone sets the account's number with the code texted to it (sendCode). */
  changePhone: (body: PhoneRequest) => post<PhoneRequest, UserResponse>('/api/user/phone', body),
  /** sendReset sends a code to set a forgotten password to the account's e-mail or number. */
  sendReset: (body: ResetSendRequest) => post<ResetSendRequest, ResetSendResponse>('/api/user/password/reset', body),
  /** confirmReset sets the forgotten password with the code sent; every session of the account ends. */
  confirmReset: (body: ResetConfirmRequest) => post<ResetConfirmRequest, MessageResponse>('/api/user/password/reset/confirm', body),
  /** logoutAll ends every session of the account, this one too. */
  logoutAll: () => post<Record<string, never>, MessageResponse>('/api/user/logout-all', {}),
  /** closeAccount closes the account with its password or, for one without, a code texted to its number. */
  /** setNotifications turns kinds of message on or off; the kinds left out stay as they are. */
  setNotifications: (body: Partial<Notifications>) => post<Partial<Notifications>, NotificationsResponse>('/api/user/notifications', body),
  closeAccount: (body: CloseAccountRequest) => post<CloseAccountRequest, MessageResponse>('/api/user/delete', body),
};

/** exportPath is where the shopper downloads everything the store keeps about them (a JSON file). */
export const exportPath = '/api/user/export';

/**
 * sessionChanged tells of the shopper's session as it changes: the user who signed in (or was
 * found signed in), or null once nobody is (signed out, or the check failed). The cart follows it,
 * and what the last shopper loaded is forgotten (app/wiring.ts).
 */
export const sessionChanged = signal<[client: QueryClient, user: User | null]>();

/** accountKeys are the query keys of the shopper's session. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  /** credit is the signed-in shopper's store credit: its balance and ledger. */
  credit: () => [...accountKeys.all, 'credit'] as const,
};

/** readCredit asks for the signed-in shopper's store credit: balance and newest entries. */
const readCredit = () => get<CreditResponse>('/api/user/credit');

/** useStoreCredit loads the signed-in shopper's store credit (nothing for a guest): the balance they may spend and their ledger, newest first. */
export function useStoreCredit(userId: string | undefined) {
  return useQuery({
    queryKey: accountKeys.credit(),
    queryFn: () => unwrap(readCredit(), t.toast.generic),
    enabled: !!userId,
  });
}

/** keepLanguage keeps the signed-in shopper's language with their account. */
export const keepLanguage: KeepLanguage = (lang) => api.setLanguage(lang);

/** useKeepLanguage is where a language chosen is kept: with the shopper's account while one is signed in, else only in this browser (null). */
export function useKeepLanguage(): KeepLanguage | null {
  return useUser().user ? keepLanguage : null;
}

/**
 * followShopper applies the shopper's language, except in the seller area, which follows the
 * seller's account (a browser may be signed in as both).
 */
function followShopper(user: User) {
  if (!window.location.pathname.startsWith(paths.seller.root)) followAccount(user.language, keepLanguage);
}

/** signedIn keeps the user of a login, sign-up or session check, and tells of it (the guest cart joins theirs). */
function signedIn(client: QueryClient, user: User) {
  sessionChanged.tell(client, user);
  followShopper(user);
  client.setQueryData(accountKeys.user(), user);
}

/** userQuery checks the shopper's session once per visit: the user, or null when nobody is signed in. A failed check shows an empty cart. */
export const userQuery = queryOptions({
  queryKey: accountKeys.user(),
  queryFn: async ({ client }): Promise<User | null> => {
    const r = await readSession();
    if (r.success && r.user) {
      sessionChanged.tell(client, r.user);
      followShopper(r.user);
      return r.user;
    }
    if (r.success) return null;
    sessionChanged.tell(client, null);
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

/** useSetNotifications turns a kind of message on or off; the account shows the choices kept. */
export function useSetNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Notifications>) => unwrap(api.setNotifications(body), t.toast.genericBang),
    onSuccess: (r) => {
      const user = client.getQueryData<User | null>(accountKeys.user());
      if (user) client.setQueryData(accountKeys.user(), { ...user, notifications: r.notifications });
    },
  });
}

/** useLogout ends the shopper's session and tells of it: their cart, addresses and orders are forgotten. */
export function useLogout() {
  const client = useQueryClient();
  return useEndSession(api.logout, () => {
    client.setQueryData(accountKeys.user(), null);
    sessionChanged.tell(client, null);
  });
}

/** useChangePassword sets the shopper's new password; their other devices are signed out. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordRequest) => unwrap(api.changePassword(body), t.toast.genericBang),
    onSuccess: () => {
      const user = client.getQueryData<User | null>(accountKeys.user());
      if (user) client.setQueryData(accountKeys.user(), { ...user, hasPassword: true });
    },
  });
}

/** useChangeEmail sets the shopper's e-mail, with their password. */
export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailRequest) => unwrap(api.changeEmail(body), t.toast.genericBang),
    onSuccess: (r) => client.setQueryData(accountKeys.user(), r.user),
  });
}

/** useChangePhone sets the shopper's number with the code texted to it. */
export function useChangePhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneRequest) => unwrap(api.changePhone(body), t.toast.genericBang),
    onSuccess: (r) => client.setQueryData(accountKeys.user(), r.user),
  });
}

/** useSignedOut forgets the shopper once their session has ended on the server, as logging out does. */
function useSignedOut() {
  const client = useQueryClient();
  return () => {
    client.setQueryData(accountKeys.user(), null);
    sessionChanged.tell(client, null);
  };
}

/** useLogoutAll signs the shopper out on every device, this one too, and goes home. */
export function useLogoutAll() {
  return useEndSession(api.logoutAll, useSignedOut());
}

/** useCloseAccount closes the shopper's account; the shopper is signed out. */
export function useCloseAccount() {
  const forget = useSignedOut();
  return useMutation({
    mutationFn: (body: CloseAccountRequest) => unwrap(api.closeAccount(body), t.toast.genericBang),
    onSuccess: forget,
  });
}

/** useSendReset sends a code to set a forgotten password. */
export function useSendReset() {
  return useMutation({ mutationFn: (body: ResetSendRequest) => unwrap(api.sendReset(body), t.toast.genericBang) });
}

/** useConfirmReset sets a forgotten password with the code sent. */
export function useConfirmReset() {
  return useMutation({ mutationFn: (body: ResetConfirmRequest) => unwrap(api.confirmReset(body), t.toast.genericBang) });
}

import { useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../lib/api';
import { useCallback, useEffect } from 'react';
import type { LanguageRequest, MessageResponse, Seller } from '../../lib/contract';
import { followAccount, type KeepLanguage } from '../../lib/language';
import { useEndSession } from '../../lib/useEndSession';
import { sellerKeys, useSellerSession } from './session';

const api = {
  /** setSellerLanguage keeps the language the signed-in seller reads the seller area in with their account. */
  setSellerLanguage: (language: LanguageRequest['language']) => post<LanguageRequest, MessageResponse>('/api/seller/language', { language }),
  sellerLogout: () => get<MessageResponse>('/api/seller/logout'),
};

/**
 * useSellerLanguage keeps the seller area in the language kept with the seller's account (see
 * followAccount) while the seller is signed in, and answers how to keep a new choice there.
 */
export function useSellerLanguage(): KeepLanguage {
  const client = useQueryClient();
  const { seller } = useSellerSession();
  const keep = useCallback<KeepLanguage>(
    async (language) => {
      // A choice the server did not take stays with this browser.
      if (!(await api.setSellerLanguage(language)).success) return;
      client.setQueryData<Seller | null>(sellerKeys.session(), (s) => {
        if (!s) return s;
        const kept = { ...s, language };
        followed.add(kept);
        return kept;
      });
    },
    [client],
  );
  useEffect(() => {
    if (!seller?._id || followed.has(seller)) return;
    followed.add(seller);
    followAccount(seller.language, keep);
  }, [seller, keep]);
  return keep;
}

/**
 * followed are the answers about the seller already followed: each is followed once, though the
 * seller area renders anew (and runs its effects again) in a newly chosen language.
 */
const followed = new WeakSet<Seller>();

/** useSellerLogout ends the seller's session and forgets the orders shown. */
export function useSellerLogout() {
  const client = useQueryClient();
  return useEndSession(api.sellerLogout, () => {
    client.setQueryData(sellerKeys.session(), null);
    client.removeQueries({ queryKey: sellerKeys.orders() });
    client.removeQueries({ queryKey: sellerKeys.products() });
  });
}

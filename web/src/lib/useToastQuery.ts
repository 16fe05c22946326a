import { useEffect } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import toast from './toast';
import { ApiError, unwrap, type ApiResult } from './api';

/**
 * useToastQuery loads an API call with TanStack Query, keeps the part pick chooses, and shows a
 * failure as an error toast: the server's message, or fallback when it has none.
 */
export function useToastQuery<R, T>(key: QueryKey, call: () => Promise<ApiResult<R>>, pick: (r: R) => T, fallback: string, enabled = true) {
  const query = useQuery({ queryKey: key, queryFn: () => unwrap(call(), fallback).then(pick), enabled });
  useErrorToast(query.error, fallback);
  return query;
}

/**
 * useErrorToast shows a query's failure as an error toast once: its message, or fallback. A read
 * that found no network shows none: the offline notice (components/OfflineNotice.tsx) says it.
 */
export function useErrorToast(error: Error | null, fallback: string) {
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 0)) toast.error(error.message || fallback);
  }, [error, fallback]);
}

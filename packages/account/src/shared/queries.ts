import type { User } from '@backline/core';
import { account, sessions, valueLists } from '@backline/core/contract';
import { useBootstrapStore, useHttp, useUser } from '@backline/core/react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AccountUser } from './types';

/** The relations the page loads with the user. */
export const ACCOUNT_USER_RELATIONS = account.USER_RELATIONS;
/** The lists the location and language section needs, in one call. */
export const VALUE_LIST_NAMES = 'timezones,countries,localizations';

/** Query keys of the page, so apps can invalidate them. */
export const accountQueryKeys = {
  user: (id: number | string) => ['users', id, 'account'] as const,
  sessions: ['user-sessions'] as const,
  valueLists: ['value-lists', VALUE_LIST_NAMES] as const,
};

/** `GET users/{id}?with=roles,social_profiles,tokens` for the signed-in user. */
export function useAccountUser() {
  const http = useHttp();
  const id = useUser()?.id ?? 0;
  return useQuery({
    queryKey: accountQueryKeys.user(id),
    queryFn: ({ signal }) =>
      http
        .call(account.show, { params: { id }, query: { with: [...ACCOUNT_USER_RELATIONS] }, signal })
        .then((answer) => answer.user),
    enabled: id !== 0,
  });
}

/** `GET user-sessions`. */
export function useUserSessions() {
  const http = useHttp();
  return useQuery({
    queryKey: accountQueryKeys.sessions,
    queryFn: ({ signal }) => http.call(sessions.list, { signal }).then((answer) => answer.sessions),
  });
}

/** The timezone, country and language lists; they change only with a deploy, so they are cached forever. */
export function useValueLists() {
  const http = useHttp();
  return useQuery({
    queryKey: accountQueryKeys.valueLists,
    queryFn: ({ signal }) => http.call(valueLists.show, { params: { names: VALUE_LIST_NAMES }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Merges a changed user into the cached account user, keeping relations the answer left out. */
export function mergeAccountUser(client: QueryClient, user: Partial<AccountUser> & { id: number }): void {
  for (const id of [user.id, 'me']) {
    client.setQueryData<AccountUser>(accountQueryKeys.user(id), (current) =>
      current ? { ...current, ...user } : undefined,
    );
  }
}

/**
 * Applies a user answer (`{ user }`) everywhere it shows: the page's cached user and the bootstrap user
 * (the navbar's name and avatar, the timezone dates use).
 */
export function useApplyUser(): (user: AccountUser | User | undefined) => void {
  const client = useQueryClient();
  const store = useBootstrapStore();
  return useCallback(
    (user) => {
      if (!user) return;
      mergeAccountUser(client, user);
      store.update((data) => {
        if (!data.user || data.user.id !== user.id) return data;
        // Relations stay on the page's copy; the bootstrap user keeps its own shape.
        // Recovery codes are a second factor: they are not copied into app-wide state either.
        const {
          social_profiles: _profiles,
          tokens: _tokens,
          two_factor_recovery_codes: _codes,
          ...fields
        } = user as AccountUser;
        return { ...data, user: { ...data.user, ...fields } };
      });
    },
    [client, store],
  );
}

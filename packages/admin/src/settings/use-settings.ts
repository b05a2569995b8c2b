import { refreshBootstrap } from '@backline/core';
import { adminSettings } from '@backline/core/contract';
import { useBootstrapStore, useHttp } from '@backline/core/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The query key of `GET admin/settings`. */
export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** The editable settings (`{values, secrets}`), shared by every settings page. */
export function useAdminSettings() {
  const http = useHttp();
  return useQuery({
    queryKey: ADMIN_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => http.call(adminSettings.show, { signal }),
  });
}

/**
 * Saves settings in one request, then refreshes the bootstrap data, so this tab shows the change at once (the
 * site name in the top bar, say) just as every other visitor's next page load does.
 */
export function useSaveSettings() {
  const http = useHttp();
  const store = useBootstrapStore();
  const client = useQueryClient();
  return useCallback(
    async (changes: Record<string, unknown>) => {
      const answer = await http.call(adminSettings.update, { body: { settings: changes } });
      client.setQueryData(ADMIN_SETTINGS_QUERY_KEY, answer);
      await refreshBootstrap(store, http).catch(() => undefined);
      return answer;
    },
    [http, store, client],
  );
}

import { type Menu, menuAt } from '@backline/core';
import { useBootstrap } from '@backline/core/react';
import type { Branding, ShellMenuItem } from '@backline/ui';
import { useMemo } from 'react';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The site's name and logos from the `branding` settings, in the shape the shell components take. */
export function useBranding(): Branding {
  const { settings } = useBootstrap();
  const branding = (settings.branding ?? {}) as Record<string, unknown>;
  return useMemo(
    () => ({
      siteName: text(branding.site_name) ?? '',
      logoLight: text(branding.logo_light),
      logoDark: text(branding.logo_dark),
      logoLightMobile: text(branding.logo_light_mobile),
      logoDarkMobile: text(branding.logo_dark_mobile),
    }),
    [branding],
  );
}

/** The items of the menu at `position` (from the `menus` setting), filtered by the core's menu rule. */
export function useMenuItems(position: string): ShellMenuItem[] {
  const data = useBootstrap();
  return useMemo(() => {
    const menus = Array.isArray(data.settings.menus) ? (data.settings.menus as Menu[]) : [];
    return menuAt(menus, position, data)?.items ?? [];
  }, [data, position]);
}

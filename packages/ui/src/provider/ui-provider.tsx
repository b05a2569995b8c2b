import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

export interface UiProviderProps {
  /**
   * Your router's navigate function. With it, every `href` on a Backline link, menu item, tab or
   * button link navigates client-side (react-aria's RouterProvider); without it, links load pages.
   */
  navigate?: (path: string, routerOptions?: undefined) => void;
  /** Turns a router path into a real href (react-router's `useHref`), for routers with a basename. */
  useHref?: (href: string) => string;
  /**
   * The locale react-aria formats numbers and dates for, and takes the text direction from (`ar`, `he`
   * are right-to-left). The i18next language by default.
   */
  locale?: string;
  children: ReactNode;
}

/**
 * Connects Backline components to the app: client-side links through your router, and the locale and
 * direction of the i18next language. Place it inside `I18nextProvider` and your router.
 */
export function UiProvider({ navigate, useHref, locale, children }: UiProviderProps) {
  const { i18n } = useTranslation();
  const content = <I18nProvider locale={locale ?? i18n.language}>{children}</I18nProvider>;
  if (!navigate) return content;
  return (
    <RouterProvider navigate={navigate} {...(useHref && { useHref })}>
      {content}
    </RouterProvider>
  );
}

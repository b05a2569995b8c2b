import '../packages/ui/src/styles.css';
import { createI18n, UiProvider } from '@backline/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';

const i18n = createI18n({ language: 'en', lines: {} });

// Links in stories call this instead of leaving the preview, like a client-side router would.
const navigate = (path: string) => console.info(`[storybook] navigate to ${path}`);

/**
 * Applies the theme and direction chosen in the toolbar (or a story's `globals`) to the whole preview
 * document, and gives react-aria a right-to-left locale in RTL so keyboard navigation and popover
 * placement mirror too.
 */
const withThemeAndDirection: Decorator = (Story, context) => {
  const { theme, direction } = context.globals as { theme?: string; direction?: string };
  const rtl = direction === 'rtl';
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [theme, rtl]);
  return (
    <I18nextProvider i18n={i18n}>
      <UiProvider navigate={navigate} locale={rtl ? 'he-IL' : 'en-US'}>
        <div dir={rtl ? 'rtl' : 'ltr'} className="sb-story-root">
          <Story />
        </div>
      </UiProvider>
    </I18nextProvider>
  );
};

const preview: Preview = {
  decorators: [withThemeAndDirection],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: { icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    direction: {
      description: 'Text direction',
      toolbar: { icon: 'transfer', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', direction: 'ltr' },
  parameters: { layout: 'centered' },
};
export default preview;

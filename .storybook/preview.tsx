import '../packages/ui/src/styles.css';
import { createI18n } from '@backline/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';

const i18n = createI18n({ language: 'en', lines: {} });

/** Applies the theme and direction chosen in the toolbar to the whole preview document. */
const withThemeAndDirection: Decorator = (Story, context) => {
  const { theme, direction } = context.globals as { theme?: string; direction?: string };
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.dir = direction === 'rtl' ? 'rtl' : 'ltr';
  }, [theme, direction]);
  return (
    <I18nextProvider i18n={i18n}>
      <Story />
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

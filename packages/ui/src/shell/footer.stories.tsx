import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Footer } from './footer';
import { footerMenu, footerSecondaryMenu, storyLanguages } from './shell.fixtures';

const noop = () => {};

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ paddingBlockStart: 240 }}>{Story()}</div>],
  args: {
    siteName: 'Backline Music',
    menu: footerMenu,
    secondaryMenu: footerSecondaryMenu,
    year: 2026,
  },
} satisfies Meta<typeof Footer>;
export default meta;

type Story = StoryObj<typeof meta>;

export const MenusOnly: Story = {};
/** i18n enabled and users may change the theme: language picker and light/dark toggle. */
export const WithControls: Story = {
  render: (args) => {
    const [language, setLanguage] = useState('en');
    const [dark, setDark] = useState(false);
    return (
      <Footer
        {...args}
        languages={{ options: storyLanguages, current: language, onChange: setLanguage }}
        theme={{ canChange: true, isDark: dark, toggle: () => setDark((value) => !value) }}
      />
    );
  },
};
/** The theme setting forbids user change: no toggle. */
export const ThemeLocked: Story = { args: { theme: { canChange: false, isDark: false, toggle: noop } } };
export const Minimal: Story = { args: { menu: [], secondaryMenu: [] } };
export const Dark: Story = {
  args: {
    languages: { options: storyLanguages, current: 'en', onChange: noop },
    theme: { canChange: true, isDark: true, toggle: noop },
  },
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  args: {
    languages: { options: storyLanguages, current: 'he', onChange: noop },
    theme: { canChange: true, isDark: false, toggle: noop },
  },
  globals: { direction: 'rtl' },
};

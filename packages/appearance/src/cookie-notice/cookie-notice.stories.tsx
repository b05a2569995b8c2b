import { createBootstrapStore, createMemoryCookies, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { CookieNotice } from './cookie-notice-bar';

/** A provider per story with its own memory cookies, so pressing OK in one story never hides another's bar. */
const withProvider: Decorator = (Story) => (
  <BacklineProvider store={createBootstrapStore(EMPTY_BOOTSTRAP)} cookies={createMemoryCookies()}>
    <div style={{ minHeight: 160 }}>
      <Story />
    </div>
  </BacklineProvider>
);

const settings = (position: 'top' | 'bottom', withLink: boolean) => ({
  cookie_notice: {
    enable: true,
    position,
    button: withLink ? { label: 'Privacy policy', type: 'route', action: '/pages/privacy-policy' } : null,
  },
});

/** The cookie notice bar (spec §2): the sentence, the optional configured link and "OK". */
const meta = {
  title: 'Appearance/Cookie notice',
  component: CookieNotice,
  decorators: [withProvider],
  args: { settings: settings('bottom', true) },
} satisfies Meta<typeof CookieNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At the bottom, with the configured link. */
export const Bottom: Story = {};
/** At the top, without a link. */
export const Top: Story = { args: { settings: settings('top', false) } };
/** The dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };

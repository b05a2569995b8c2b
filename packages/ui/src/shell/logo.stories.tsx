import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './logo';
import { storyBranding } from './shell.fixtures';

const meta = {
  title: 'Shell/Logo',
  component: Logo,
  args: storyBranding,
} satisfies Meta<typeof Logo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The dark-coloured logo on the light theme. */
export const Light: Story = {};
/** The light-coloured logo on the dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };
/** Narrow viewports get the mobile variant (resize the preview below 768 px). */
export const OnlyOneImage: Story = { args: { logoLight: null, logoLightMobile: null, logoDarkMobile: null } };
/** Without images the site name is shown. */
export const TextOnly: Story = {
  args: { logoLight: null, logoDark: null, logoLightMobile: null, logoDarkMobile: null },
};
export const TextOnlyDark: Story = {
  args: { logoLight: null, logoDark: null, logoLightMobile: null, logoDarkMobile: null },
  globals: { theme: 'dark' },
};
export const WithoutLink: Story = { args: { href: null } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };

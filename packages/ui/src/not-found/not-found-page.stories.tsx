import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundPage } from './not-found-page';

const meta = {
  title: 'Shell/NotFoundPage',
  component: NotFoundPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotFoundPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { UploadDropZone } from './drop-zone';

const meta = {
  title: 'Uploads/DropZone',
  component: UploadDropZone,
  args: { onFiles: (files) => console.info('files', files), accept: ['audio/*', 'image/*'] },
  decorators: [(Story) => <div style={{ width: 'min(560px, 92vw)' }}>{Story()}</div>],
} satisfies Meta<typeof UploadDropZone>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Hover: Story = { args: { isDropTarget: true } };
export const FilesOnly: Story = { args: { allowFolders: false } };
export const Disabled: Story = { args: { isDisabled: true } };
export const DarkIdle: Story = { globals: { theme: 'dark' } };
export const DarkHover: Story = { args: { isDropTarget: true }, globals: { theme: 'dark' } };

import { ToastRegion } from '@backline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ImageUploadField, type ImageUploadFieldProps } from './image-upload-field';

const AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"><rect width="90" height="90" fill="#5b3fd9"/><text x="45" y="56" font-family="system-ui,sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">AB</text></svg>',
)}`;

// An upload that "succeeds" after a moment with a fresh image, so the story works without a server.
const fakeUpload: ImageUploadFieldProps['upload'] = (file, { onProgress }) =>
  new Promise((resolve) => {
    onProgress(file.size / 2);
    setTimeout(() => resolve(URL.createObjectURL(file)), 600);
  });

function Controlled(props: ImageUploadFieldProps) {
  const [value, setValue] = useState(props.value ?? null);
  return <ImageUploadField {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Uploads/ImageUploadField',
  component: ImageUploadField,
  render: (args) => <Controlled {...args} />,
  args: { label: 'Profile image', upload: fakeUpload, onRemove: () => undefined },
  // Refused files (not an image, over 2 MB) show a danger toast.
  decorators: [
    (Story) => (
      <>
        {Story()}
        <ToastRegion />
      </>
    ),
  ],
} satisfies Meta<typeof ImageUploadField>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithValue: Story = { args: { value: AVATAR } };
export const Invalid: Story = { args: { isInvalid: true } };
export const BrokenImage: Story = { args: { value: 'data:image/png;base64,broken' } };
export const Square: Story = {
  args: { value: AVATAR, shape: 'square', description: 'PNG or JPG, up to 2 MB.' },
};
export const DarkWithValue: Story = { args: { value: AVATAR }, globals: { theme: 'dark' } };
export const DarkInvalid: Story = { args: { isInvalid: true }, globals: { theme: 'dark' } };

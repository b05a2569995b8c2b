import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { type ToastPosition, ToastRegion } from './toast-region';
import { createToastStore, type ToastOptions, type ToastStore } from './toast-store';

const meta = {
  title: 'UI/Toast',
  component: ToastRegion,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ minHeight: 320, padding: 24 }}>{Story()}</div>],
} satisfies Meta<typeof ToastRegion>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Shows one toast on a story's own store. Static states keep it until closed, so it can be inspected. */
function Shown({
  message,
  options,
  position,
}: {
  message: string;
  options: ToastOptions;
  position?: ToastPosition;
}) {
  const [store] = useState(() => {
    const own = createToastStore();
    own.show(message, { duration: null, ...options });
    return own;
  });
  return <ToastRegion store={store} {...(position && { position })} />;
}

const positive = { type: 'positive' } as const;
const danger = { type: 'danger' } as const;

export const Positive: Story = { render: () => <Shown message="Password changed" options={positive} /> };
/** Danger toasts are announced assertively (role="alert"). */
export const Danger: Story = {
  render: () => <Shown message="There was an issue. Please try again later." options={danger} />,
};
/** Loading toasts have no close button and stay until dismissed. */
export const Loading: Story = {
  render: () => <Shown message="Uploading avatar" options={{ type: 'loading' }} />,
};
export const WithAction: Story = {
  render: () => (
    <Shown
      message="Notifications blocked. Please enable them for this site from browser settings."
      options={{ type: 'danger', action: { label: 'Learn more', action: '/help/notifications' } }}
    />
  ),
};
export const WithPlaceholder: Story = {
  render: () => (
    <Shown message="Enabled :service account" options={{ type: 'positive', values: { service: 'Google' } }} />
  ),
};
export const TopCenter: Story = {
  render: () => <Shown message="Email sent" options={positive} position="top-center" />,
};
export const LongMessage: Story = {
  render: () => (
    <Shown
      message="We've sent an email to verify your email address. The link in the email will expire in 24 hours, so please check your inbox soon."
      options={positive}
    />
  ),
};

function Playground({ store }: { store: ToastStore }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Button onPress={() => store.positive('Password changed')}>Positive (3 s)</Button>
      <Button variant="danger" onPress={() => store.danger('There was an issue. Please try again later.')}>
        Danger (8 s)
      </Button>
      <Button variant="outline" onPress={() => store.loading('Uploading avatar')}>
        Loading
      </Button>
      <Button variant="text" onPress={() => store.dismiss()}>
        Dismiss
      </Button>
      <ToastRegion store={store} />
    </div>
  );
}

/** Real timings: a new toast replaces the old; hovering or focusing a toast pauses it. */
export const Interactive: Story = {
  render: () => {
    const [store] = useState(() => createToastStore());
    return <Playground store={store} />;
  },
};
export const Dark: Story = {
  render: () => <Shown message="Password changed" options={positive} />,
  globals: { theme: 'dark' },
};
export const DarkDanger: Story = {
  render: () => (
    <Shown
      message="This invite is no longer valid"
      options={{ type: 'danger', action: { label: 'Refresh', action: '/notifications' } }}
    />
  ),
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  render: () => (
    <Shown
      message="Password changed"
      options={{ type: 'positive', action: { label: 'Undo', action: '/undo' } }}
    />
  ),
  globals: { direction: 'rtl' },
};

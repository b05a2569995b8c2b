import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { AlertDialog, Dialog, DialogTrigger } from './dialog';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: { title: 'Password required' },
} satisfies Meta<typeof Dialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const passwordDialog = (defaultOpen?: boolean) => (
  <DialogTrigger defaultOpen={defaultOpen}>
    <Button>Connect</Button>
    <Dialog
      title="Password required"
      footer={(close) => (
        <>
          <Button variant="outline" onPress={close}>
            Cancel
          </Button>
          <Button onPress={close}>Connect</Button>
        </>
      )}
    >
      <p style={{ marginBlockStart: 0 }}>
        An account with this email address already exists. Enter its password to connect the two accounts.
      </p>
      <TextField label="Password" type="password" autoFocus />
    </Dialog>
  </DialogTrigger>
);

export const Closed: Story = { render: () => passwordDialog() };
export const Open: Story = { render: () => passwordDialog(true) };
export const Large: Story = {
  render: () => (
    <DialogTrigger defaultOpen>
      <Button>Open</Button>
      <Dialog title="Recovery codes" size="lg">
        <p>Store these recovery codes in a secure password manager.</p>
      </Dialog>
    </DialogTrigger>
  ),
};
/** A dialog opened from state instead of a trigger. */
export const Controlled: Story = {
  render: () => {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onPress={() => setOpen(true)}>Create token</Button>
        <Dialog title="Create new token" isOpen={open} onOpenChange={setOpen}>
          <TextField label="Token name" />
        </Dialog>
      </>
    );
  },
};

const deleteDialog = (defaultOpen?: boolean) => (
  <DialogTrigger defaultOpen={defaultOpen}>
    <Button variant="danger">Delete account</Button>
    <AlertDialog title="Delete account?" variant="danger" confirmLabel="Delete">
      Your account will be deleted immediately and permanently. Once deleted, accounts can not be restored.
    </AlertDialog>
  </DialogTrigger>
);

export const AlertClosed: Story = { render: () => deleteDialog() };
export const AlertOpen: Story = { render: () => deleteDialog(true) };
export const AlertPending: Story = {
  render: () => (
    <DialogTrigger defaultOpen>
      <Button>Log out other sessions</Button>
      <AlertDialog title="Log out other sessions?" isPending onConfirm={() => new Promise(() => {})}>
        Other browsers and devices will be logged out.
      </AlertDialog>
    </DialogTrigger>
  ),
};
export const Dark: Story = { render: () => passwordDialog(true), globals: { theme: 'dark' } };
export const AlertDark: Story = { render: () => deleteDialog(true), globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: () => passwordDialog(true), globals: { direction: 'rtl' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { Button, TextField } from '@backline/ui';
import { useState } from 'react';
import { AdminFormDialog, useIsDirty } from './admin-form-dialog';

interface GenreFormProps {
  /** Opens with a field already edited, so any way of closing asks "Discard changes?" first. */
  startEdited?: boolean;
  /** Server field errors, as `useServerForm` passes them on a 422. */
  validationErrors?: Record<string, string>;
  isPending?: boolean;
}

/** A small create/edit form as the admin pages build them: the dialog, its fields and the dirty flag. */
function GenreForm({ startEdited, validationErrors, isPending }: GenreFormProps) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('Ambient');
  const [displayName, setDisplayName] = useState(startEdited ? 'Dark ambient' : 'Ambient');
  // A story cannot type before it renders, so "already edited" stands in for an edit made in the open dialog.
  const isDirty = useIsDirty({ name, displayName }) || Boolean(startEdited);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Edit genre</Button>
      {open ? (
        <AdminFormDialog
          title="Edit genre"
          isDirty={isDirty}
          onOpenChange={setOpen}
          onSubmit={() => setOpen(false)}
          validationErrors={validationErrors}
          isPending={isPending}
        >
          <TextField label="Name" name="name" value={name} onChange={setName} isRequired />
          <TextField label="Display name" name="display_name" value={displayName} onChange={setDisplayName} />
        </AdminFormDialog>
      ) : null}
    </>
  );
}

const meta: Meta<typeof GenreForm> = {
  title: 'Admin/Form dialog',
  component: GenreForm,
};
export default meta;
type Story = StoryObj<typeof GenreForm>;

/** Nothing edited yet: Cancel, Escape or a press outside close at once. */
export const Clean: Story = {};

/** The form has edits: closing asks "Discard changes?" and "Keep editing" returns to the form. */
export const WithEdits: Story = { args: { startEdited: true } };

/** The server refused a field: its message shows on the field, which is marked invalid. */
export const ServerFieldError: Story = {
  args: { validationErrors: { name: 'The name has already been taken.' } },
};

/** The save is in flight: the submit button shows a spinner and cannot be pressed twice. */
export const Saving: Story = { args: { isPending: true } };

import { AlertDialog, Button, Dialog, type DialogSize, Form } from '@backline/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether `values` differ from what they were on the first render (compared as JSON): the "has the form been
 * edited" flag `AdminFormDialog` guards with. Editing a field back to its first value makes it clean again.
 */
export function useIsDirty(values: unknown): boolean {
  const initial = useRef<string | null>(null);
  const current = JSON.stringify(values);
  if (initial.current === null) initial.current = current;
  return initial.current !== current;
}

export interface AdminFormDialogProps {
  title: ReactNode;
  /** Called with `false` once the dialog may close: after a discard is confirmed, or at once when nothing changed. */
  onOpenChange: (open: boolean) => void;
  /** Controlled open state; open by default (mount the dialog only while editing). */
  isOpen?: boolean;
  /** The form has edits that closing would lose: closing asks "Discard changes?" first. */
  isDirty: boolean;
  /** Submits the form (the default browser submit is already prevented). */
  onSubmit: () => void;
  /** Server field errors by field name, from `useServerForm`; `<Form>` shows them on the fields and focuses the first. */
  validationErrors?: Record<string, string | string[]>;
  /** The save is in flight: a spinner on the submit button, which cannot be pressed twice. */
  isPending?: boolean;
  /** The submit button's label ("Save" by default). */
  submitLabel?: ReactNode;
  /** `danger` for a destructive submit (a ban). */
  submitVariant?: 'primary' | 'danger';
  size?: DialogSize;
  /** Buttons at the start of the footer, before Cancel (a secondary action such as "Send password reset link"). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * The create/edit dialog of the admin pages: a `<Form>` with server field errors on the fields, Cancel and a
 * submit button in the footer, and an unsaved-changes guard. Escape, Cancel, the close button and a press
 * outside all ask to discard when the form has edits; a saved form closes through `onOpenChange(false)` without
 * asking (call it from the mutation's `onSuccess`).
 */
export function AdminFormDialog({
  title,
  onOpenChange,
  isOpen = true,
  isDirty,
  onSubmit,
  validationErrors,
  isPending,
  submitLabel,
  submitVariant = 'primary',
  size = 'lg',
  extraActions,
  children,
}: AdminFormDialogProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  /** Every way of closing comes through here; edits are never lost without saying so. */
  const requestClose = () => {
    if (isDirty) setConfirming(true);
    else onOpenChange(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <Dialog
        title={title}
        isOpen={isOpen}
        onOpenChange={(open) => (open ? onOpenChange(true) : requestClose())}
        isDismissable
        size={size}
      >
        <Form
          validationBehavior="aria"
          validationErrors={validationErrors}
          onSubmit={submit}
          className="bl-admin-form"
        >
          {children}
          <div className="bl-admin-form__footer">
            {extraActions ? <div className="bl-admin-form__footer-start">{extraActions}</div> : null}
            <Button variant="outline" onPress={requestClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant={submitVariant} isPending={isPending}>
              {submitLabel ?? t('Save')}
            </Button>
          </div>
        </Form>
      </Dialog>
      <AlertDialog
        title={t('Discard changes?')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        variant="danger"
        confirmLabel={t('Discard')}
        cancelLabel={t('Keep editing')}
        onConfirm={() => {
          setConfirming(false);
          onOpenChange(false);
        }}
      >
        {t('You have unsaved changes. Close without saving them?')}
      </AlertDialog>
    </>
  );
}

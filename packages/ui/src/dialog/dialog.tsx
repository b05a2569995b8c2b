import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  DialogTrigger as AriaDialogTrigger,
  type DialogTriggerProps,
  Heading,
  Modal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../button/button';
import { CloseIcon } from '../icons/icons';
import { cx } from '../utils/cx';

/** Pairs a trigger button with a `Dialog`, `AlertDialog` or `Popover` and opens it on press. */
export function DialogTrigger(props: DialogTriggerProps) {
  return <AriaDialogTrigger {...props} />;
}

export type DialogSize = 'sm' | 'md' | 'lg' | 'full';

export interface DialogProps extends Omit<AriaDialogProps, 'className' | 'children'> {
  /** The heading; it names the dialog for assistive technology. */
  title: ReactNode;
  /** The body; a function receives `close`. */
  children?: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons at the bottom; a function receives `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  size?: DialogSize;
  /** Shows a close button in the corner (default true). */
  showCloseButton?: boolean;
  /** Closes on a press outside (default true for dialogs). */
  isDismissable?: boolean;
  /** Controlled open state, for dialogs opened without a `DialogTrigger`. */
  isOpen?: ModalOverlayProps['isOpen'];
  onOpenChange?: ModalOverlayProps['onOpenChange'];
  className?: string;
}

/**
 * A modal dialog: focus is trapped inside and returns to the trigger on close, Escape closes it, and
 * the page behind is hidden from assistive technology. Use inside `DialogTrigger` or with `isOpen`.
 */
export function Dialog({
  title,
  children,
  footer,
  size = 'md',
  showCloseButton = true,
  isDismissable = true,
  isOpen,
  onOpenChange,
  className,
  role,
  ...props
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      className="bl-modal-overlay"
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={role === 'alertdialog' && !isDismissable}
      {...(isOpen !== undefined && { isOpen })}
      {...(onOpenChange && { onOpenChange })}
    >
      <Modal className="bl-modal" data-size={size}>
        <AriaDialog {...props} role={role} className={cx('bl-dialog', className)}>
          {({ close }) => (
            <>
              <div className="bl-dialog__header">
                <Heading slot="title" className="bl-dialog__title">
                  {title}
                </Heading>
                {showCloseButton ? (
                  <IconButton size="sm" aria-label={t('Close')} onPress={close}>
                    <CloseIcon size={18} />
                  </IconButton>
                ) : null}
              </div>
              <div className="bl-dialog__body">
                {typeof children === 'function' ? children(close) : children}
              </div>
              {footer ? (
                <div className="bl-dialog__footer">
                  {typeof footer === 'function' ? footer(close) : footer}
                </div>
              ) : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface AlertDialogProps extends Omit<DialogProps, 'footer' | 'role' | 'showCloseButton'> {
  /** Label of the confirming button; "Confirm" by default. */
  confirmLabel?: ReactNode;
  /** Label of the cancelling button; "Cancel" by default. */
  cancelLabel?: ReactNode;
  /** `danger` for destructive actions such as deleting an account. */
  variant?: 'primary' | 'danger';
  /** Runs on confirm; the dialog closes after it, or after its promise settles. */
  onConfirm?: () => void | Promise<void>;
  onCancel?: () => void;
  /** Shows a spinner on the confirm button and keeps it from being pressed twice. */
  isPending?: boolean;
}

/**
 * A modal that asks the user to confirm or cancel (`role="alertdialog"`). It is not closed by an
 * outside press, so the choice is always explicit.
 */
export function AlertDialog({
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  onCancel,
  isPending,
  isDismissable = false,
  size = 'sm',
  ...props
}: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      {...props}
      size={size}
      role="alertdialog"
      isDismissable={isDismissable}
      showCloseButton={false}
      footer={(close) => (
        <>
          <Button
            variant="outline"
            onPress={() => {
              onCancel?.();
              close();
            }}
          >
            {cancelLabel ?? t('Cancel')}
          </Button>
          <Button
            variant={variant}
            isPending={isPending}
            // The confirming button gets focus first unless the action is destructive.
            autoFocus={variant !== 'danger'}
            onPress={() => {
              // A failed action keeps the dialog open; the caller reports the error (usually a toast).
              Promise.resolve(onConfirm?.()).then(close, () => {});
            }}
          >
            {confirmLabel ?? t('Confirm')}
          </Button>
        </>
      )}
    />
  );
}

import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { SpinnerIcon } from '../icons/icons';
import { cx } from '../utils/cx';

export type ButtonVariant = 'primary' | 'outline' | 'text' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
  children?: ReactNode;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'>, ButtonLook {}

const lookProps = ({ variant = 'primary', size = 'md', fullWidth }: ButtonLook) => ({
  'data-variant': variant,
  'data-size': size,
  'data-full-width': fullWidth || undefined,
});

/** A button on react-aria's Button: keyboard, press and focus behaviour handled for every input type. */
export function Button({ variant, size, fullWidth, className, children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isPending}
      className={cx('bl-button', className)}
      {...lookProps({ variant, size, fullWidth })}
    >
      {isPending ? <SpinnerIcon size={size === 'sm' ? 16 : 18} /> : null}
      {children}
    </AriaButton>
  );
}

export interface ButtonLinkProps extends Omit<AriaLinkProps, 'className' | 'children'>, ButtonLook {}

/**
 * A link that looks like a button. `href` navigates client-side under a `RouterProvider` (or
 * `UiProvider`), and natively otherwise.
 */
export function ButtonLink({ variant, size, fullWidth, className, children, ...props }: ButtonLinkProps) {
  return (
    <AriaLink {...props} className={cx('bl-button', className)} {...lookProps({ variant, size, fullWidth })}>
      {children}
    </AriaLink>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'fullWidth' | 'aria-label'> {
  /** The accessible name; an icon alone says nothing to a screen reader. */
  'aria-label': string;
  /** Round instead of rounded-square. */
  round?: boolean;
}

/** A square button holding only an icon, with a required accessible name. */
export function IconButton({ variant = 'text', className, round, ...props }: IconButtonProps) {
  return (
    <Button
      {...props}
      variant={variant}
      className={cx('bl-icon-button', className)}
      data-round={round || undefined}
    />
  );
}

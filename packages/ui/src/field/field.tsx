import type { ReactNode } from 'react';
import {
  FieldError as AriaFieldError,
  Label as AriaLabel,
  Text,
  type ValidationResult,
} from 'react-aria-components';
import { cx } from '../utils/cx';

/** An error message: a string, or a function of react-aria's validation result (native validation). */
export type FieldErrorMessage = string | ((validation: ValidationResult) => string);

/** The props every Backline field shares. */
export interface FieldLabelProps {
  /** The visible label. Fields without one need an `aria-label`. */
  label?: ReactNode;
  /** Help text below the field, linked with `aria-describedby`. */
  description?: ReactNode;
  /**
   * The error shown under the field and linked to it. A non-empty string also marks the field invalid,
   * so server field errors need only this prop.
   */
  errorMessage?: FieldErrorMessage | null;
}

/** Marks a field invalid when it was given an error string, unless `isInvalid` says otherwise. */
export function invalidFrom(
  isInvalid: boolean | undefined,
  errorMessage: FieldErrorMessage | null | undefined,
) {
  if (isInvalid !== undefined) return isInvalid;
  return typeof errorMessage === 'string' && errorMessage.length > 0 ? true : undefined;
}

/** A field label, bound to its control by react-aria. */
export function FieldLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <AriaLabel className={cx('bl-label', className)}>{children}</AriaLabel>;
}

/** Help text of a field (the `description` slot). */
export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className="bl-description">
      {children}
    </Text>
  );
}

/** The field's error; react-aria renders it only while the field is invalid and wires `aria-describedby`. */
export function FieldErrorText({ children }: { children?: FieldErrorMessage | null }) {
  return <AriaFieldError className="bl-field-error">{children ?? undefined}</AriaFieldError>;
}

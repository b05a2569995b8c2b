import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps } from 'react-aria-components';
import { FieldDescription, type FieldErrorMessage, FieldErrorText, invalidFrom } from '../field/field';
import { cx } from '../utils/cx';

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'className' | 'children'> {
  /** The label beside the box. */
  children?: ReactNode;
  description?: ReactNode;
  /** Shown under the checkbox and linked to it; a non-empty string marks it invalid. */
  errorMessage?: FieldErrorMessage | null;
  className?: string;
}

/** A checkbox with its label, optional help text and an error linked for assistive technology. */
export function Checkbox({
  children,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: CheckboxProps) {
  return (
    <CheckboxField
      {...props}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
      className={cx('bl-field', 'bl-checkbox-field', className)}
    >
      <CheckboxButton className="bl-checkbox">
        {({ isIndeterminate }) => (
          <>
            <span className="bl-checkbox__box" aria-hidden="true">
              <svg viewBox="0 0 18 18" focusable="false" aria-hidden="true">
                {isIndeterminate ? (
                  <rect x={3} y={7.5} width={12} height={3} rx={1} />
                ) : (
                  <polyline points="3.5 9.5 7.5 13 14.5 5" />
                )}
              </svg>
            </span>
            {children ? <span className="bl-checkbox__label">{children}</span> : null}
          </>
        )}
      </CheckboxButton>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </CheckboxField>
  );
}

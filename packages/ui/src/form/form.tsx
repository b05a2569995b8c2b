import { useEffect, useRef } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { cx } from '../utils/cx';

export interface FormProps extends Omit<AriaFormProps, 'className'> {
  /**
   * Server field errors by field `name` (the `errors` of a 422 answer). Each lands under its field, and
   * the first invalid field is focused.
   */
  validationErrors?: AriaFormProps['validationErrors'];
  className?: string;
}

/**
 * A form whose fields pick up server errors by name. After `validationErrors` change, focus moves to the
 * first invalid field, so keyboard and screen-reader users land on the problem.
 */
export function Form({ validationErrors, className, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!validationErrors || Object.keys(validationErrors).length === 0) return;
    // Runs after react-aria marked the fields invalid, in document order.
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [validationErrors]);
  return (
    <AriaForm
      {...props}
      ref={ref}
      {...(validationErrors && { validationErrors })}
      className={cx('bl-form', className)}
    />
  );
}

import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, type SwitchFieldProps } from 'react-aria-components';
import { FieldDescription } from '../field/field';
import { cx } from '../utils/cx';

export interface SwitchProps extends Omit<SwitchFieldProps, 'className' | 'children'> {
  /** The label beside the switch. */
  children?: ReactNode;
  description?: ReactNode;
  className?: string;
}

/** An on/off switch for settings that apply at once; announced as a switch with its state. */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={cx('bl-field', 'bl-switch-field', className)}>
      <SwitchButton className="bl-switch">
        <span className="bl-switch__track" aria-hidden="true">
          <span className="bl-switch__thumb" />
        </span>
        {children ? <span className="bl-switch__label">{children}</span> : null}
      </SwitchButton>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
    </SwitchField>
  );
}

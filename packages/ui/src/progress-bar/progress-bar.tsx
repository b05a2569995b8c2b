import type { ReactNode } from 'react';
import {
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
  Label,
} from 'react-aria-components';
import { cx } from '../utils/cx';

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'className' | 'children'> {
  /** The visible label; without one, give an `aria-label`. */
  label?: ReactNode;
  /** Shows the value text (such as "40%") beside the label. */
  showValueLabel?: boolean;
  size?: 'sm' | 'md';
  /** `danger` for a failed upload, `positive` for a finished one. */
  variant?: 'primary' | 'positive' | 'danger';
  className?: string;
}

/** Progress of a task (an upload, a long save); `isIndeterminate` while the total is unknown. */
export function ProgressBar({
  label,
  showValueLabel = Boolean(label),
  size = 'md',
  variant = 'primary',
  className,
  ...props
}: ProgressBarProps) {
  return (
    <AriaProgressBar
      {...props}
      className={cx('bl-progress', className)}
      data-size={size}
      data-variant={variant}
    >
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          {label || showValueLabel ? (
            <div className="bl-progress__header">
              {label ? <Label className="bl-progress__label">{label}</Label> : <span />}
              {showValueLabel && !isIndeterminate ? (
                <span className="bl-progress__value">{valueText}</span>
              ) : null}
            </div>
          ) : null}
          <div className="bl-progress__track">
            <div
              className="bl-progress__fill"
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}

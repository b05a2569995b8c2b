import type { ReactNode } from 'react';
import {
  Tooltip as AriaTooltip,
  type TooltipProps as AriaTooltipProps,
  TooltipTrigger as AriaTooltipTrigger,
  type TooltipTriggerComponentProps,
} from 'react-aria-components';
import { TOOLTIP_DELAY } from '../constants';
import { cx } from '../utils/cx';

export interface TooltipTriggerProps extends TooltipTriggerComponentProps {}

/**
 * Shows its `Tooltip` after the pointer rests on the trigger for 1500 ms, or at once on keyboard focus.
 * Once one tooltip is open, neighbouring ones open without the delay.
 */
export function TooltipTrigger({ delay = TOOLTIP_DELAY, ...props }: TooltipTriggerProps) {
  return <AriaTooltipTrigger {...props} delay={delay} />;
}

export interface TooltipProps extends Omit<AriaTooltipProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** A short label for its trigger, linked with `aria-describedby`. Never put interactive content in it. */
export function Tooltip({ children, className, offset = 6, ...props }: TooltipProps) {
  return (
    <AriaTooltip {...props} offset={offset} className={cx('bl-tooltip', className)}>
      {children}
    </AriaTooltip>
  );
}

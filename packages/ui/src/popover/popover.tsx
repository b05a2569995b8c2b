import { type ReactNode, useId } from 'react';
import {
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
  OverlayArrow,
  PreviewTrigger,
  type PreviewTriggerProps,
} from 'react-aria-components';
import { FLOATING_LIST_MAX_HEIGHT, HOVER_POPOVER_CLOSE_DELAY } from '../constants';
import { cx } from '../utils/cx';

export interface PopoverProps extends Omit<AriaPopoverProps, 'className' | 'children'> {
  /** A heading at the top, which also names the popover for assistive technology. */
  title?: ReactNode;
  children?: ReactNode;
  /** Draws an arrow pointing at the trigger. */
  showArrow?: boolean;
  className?: string;
}

/**
 * A floating panel anchored to its trigger (`DialogTrigger`, `MenuTrigger` or `HoverPopoverTrigger`).
 * react-aria gives it dialog semantics, moves focus into it and closes it on Escape or outside press.
 * Without a `title`, give it an `aria-label`.
 */
export function Popover({ title, children, showArrow, className, offset = 8, ...props }: PopoverProps) {
  const titleId = useId();
  return (
    <AriaPopover
      {...props}
      offset={offset}
      aria-labelledby={title ? titleId : props['aria-labelledby']}
      className={cx('bl-popover', 'bl-popover--panel', className)}
    >
      {showArrow ? (
        <OverlayArrow className="bl-popover__arrow">
          <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      ) : null}
      {title ? (
        <h2 id={titleId} className="bl-popover__title">
          {title}
        </h2>
      ) : null}
      {children}
    </AriaPopover>
  );
}

/** The popover holding a floating list (menu, select, combobox): at most 420 px high by default. */
export function ListPopover({
  className,
  maxHeight = FLOATING_LIST_MAX_HEIGHT,
  offset = 4,
  ...props
}: Omit<AriaPopoverProps, 'className'> & { className?: string }) {
  return (
    <AriaPopover
      {...props}
      offset={offset}
      maxHeight={maxHeight}
      className={cx('bl-popover', 'bl-popover--list', className)}
    />
  );
}

export interface HoverPopoverTriggerProps extends PreviewTriggerProps {}

/**
 * Opens its `Popover` while the pointer rests on the trigger (or keyboard focus does), and closes it
 * 150 ms after the pointer leaves both. The trigger should be a link or button; on touch, a long press
 * opens it.
 */
export function HoverPopoverTrigger({
  closeDelay = HOVER_POPOVER_CLOSE_DELAY,
  ...props
}: HoverPopoverTriggerProps) {
  return <PreviewTrigger {...props} closeDelay={closeDelay} />;
}

import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { cx } from '../utils/cx';

export interface LinkProps extends Omit<AriaLinkProps, 'className'> {
  /** `primary` is coloured; `inherit` takes the surrounding text colour (footers, menus). */
  variant?: 'primary' | 'inherit';
  className?: string;
}

/**
 * A link. `href` navigates client-side under `UiProvider` (or react-aria's `RouterProvider`); external
 * URLs and `target="_blank"` open natively.
 */
export function Link({ variant = 'primary', className, ...props }: LinkProps) {
  return <AriaLink {...props} className={cx('bl-link', className)} data-variant={variant} />;
}

import { type ReactNode, useEffect, useRef } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  type MenuSectionProps as AriaMenuSectionProps,
  MenuTrigger as AriaMenuTrigger,
  type MenuTriggerProps as AriaMenuTriggerProps,
  type PopoverProps as AriaPopoverProps,
  Collection,
  Header,
  Separator,
  SubmenuTrigger,
} from 'react-aria-components';
import { TYPE_AHEAD_RESET } from '../constants';
import { CheckIcon, ChevronEndIcon } from '../icons/icons';
import { ListPopover } from '../popover/popover';
import { cx } from '../utils/cx';
import { createTypeAhead, findTypeAheadMatch } from './type-ahead';

export interface MenuTriggerProps extends AriaMenuTriggerProps {}

/** Pairs a trigger (a Button or IconButton) with a `Menu`: press, Enter, Space or ArrowDown opens it. */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />;
}

export { SubmenuTrigger };

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, 'className'> {
  /** Where the menu opens relative to its trigger; `bottom start` by default. */
  placement?: AriaPopoverProps['placement'];
  /** Maximum height of the menu, 420 px by default. */
  maxHeight?: number;
  className?: string;
}

/**
 * A menu of actions or links in a popover, for use inside `MenuTrigger`. Arrow keys move, Enter
 * activates, Escape closes, and typing jumps to an item (the typed text resets after 500 ms).
 */
export function Menu<T extends object>({
  placement = 'bottom start',
  maxHeight,
  className,
  ...props
}: MenuProps<T>) {
  return (
    // The popover is named too: react-aria labels it by the trigger, which is inert while the menu is open.
    <ListPopover placement={placement} maxHeight={maxHeight} aria-label={props['aria-label']}>
      <TypeAheadScope>
        <AriaMenu {...props} className={cx('bl-menu', className)} />
      </TypeAheadScope>
    </ListPopover>
  );
}

/**
 * Runs the menu's type-ahead with the spec's 500 ms reset. It listens in the capture phase and stops the
 * keys it handles, so react-aria's own type-ahead (fixed at 1000 ms) never sees them.
 */
function TypeAheadScope({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scope = ref.current;
    if (!scope) return;
    const typeAhead = createTypeAhead(TYPE_AHEAD_RESET);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      // Space selects the focused item unless the user is in the middle of typing a word.
      if (event.key === ' ' && !typeAhead.search) return;
      const menu = (event.target as Element).closest('[role="menu"]');
      if (!menu || !scope.contains(menu)) return;
      const items = Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')).filter(
        (item) => item.closest('[role="menu"]') === menu && item.getAttribute('aria-disabled') !== 'true',
      );
      event.preventDefault();
      event.stopPropagation();
      const search = typeAhead.type(event.key);
      const focused = items.indexOf(document.activeElement as HTMLElement);
      const labels = items.map((item) => item.dataset.textValue ?? item.textContent ?? '');
      const match = findTypeAheadMatch(labels, search, focused);
      // Focusing the element is enough: react-aria moves its own focus state to the focused item.
      if (match >= 0) items[match]?.focus();
    };
    scope.addEventListener('keydown', onKeyDown, true);
    return () => {
      scope.removeEventListener('keydown', onKeyDown, true);
      typeAhead.reset();
    };
  }, []);
  return (
    <div ref={ref} className="bl-menu-scope">
      {children}
    </div>
  );
}

export interface MenuItemProps<T = object> extends Omit<AriaMenuItemProps<T>, 'className' | 'children'> {
  children: ReactNode;
  /** An icon before the label. */
  icon?: ReactNode;
  /** A second, muted line. */
  description?: ReactNode;
  /** Something at the end of the row: a count, a shortcut. */
  end?: ReactNode;
  /** Styles the item as destructive. */
  variant?: 'default' | 'danger';
  className?: string;
}

/** An item of a `Menu`: an action (`onAction`) or a link (`href`, client-side under `UiProvider`). */
export function MenuItem<T extends object>({
  children,
  icon,
  description,
  end,
  variant = 'default',
  className,
  ...props
}: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue}
      data-text-value={textValue}
      data-variant={variant}
      className={cx('bl-menu-item', className)}
    >
      {({ isSelected, selectionMode, hasSubmenu }) => (
        <>
          {selectionMode !== 'none' ? (
            <span className="bl-menu-item__check">{isSelected ? <CheckIcon size={16} /> : null}</span>
          ) : null}
          {icon ? <span className="bl-menu-item__icon">{icon}</span> : null}
          {/* Plain spans, not label/description slots: the item's name is all of its visible text
              (description and count included), which keeps axe's label-in-name rule satisfied. */}
          <span className="bl-menu-item__text">
            <span className="bl-menu-item__label">{children}</span>
            {description ? <span className="bl-menu-item__description">{description}</span> : null}
          </span>
          {end ? <span className="bl-menu-item__end">{end}</span> : null}
          {hasSubmenu ? <ChevronEndIcon size={16} className="bl-menu-item__submenu" /> : null}
        </>
      )}
    </AriaMenuItem>
  );
}

export interface MenuSectionProps<T> extends Omit<AriaMenuSectionProps<T>, 'className'> {
  title?: ReactNode;
  className?: string;
}

/** A group of menu items, with an optional heading. */
export function MenuSection<T extends object>({
  title,
  children,
  items,
  dependencies,
  className,
  ...props
}: MenuSectionProps<T>) {
  return (
    <AriaMenuSection {...props} className={cx('bl-menu-section', className)}>
      {title ? <Header className="bl-menu-section__title">{title}</Header> : null}
      {typeof children === 'function' ? (
        <Collection items={items} {...(dependencies && { dependencies })}>
          {children}
        </Collection>
      ) : (
        children
      )}
    </AriaMenuSection>
  );
}

/** A line between groups of menu items. */
export function MenuSeparator() {
  return <Separator className="bl-menu-separator" />;
}

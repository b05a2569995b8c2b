import type { ReactNode } from 'react';
import {
  ListBox as AriaListBox,
  ListBoxItem as AriaListBoxItem,
  type ListBoxItemProps as AriaListBoxItemProps,
  type ListBoxProps as AriaListBoxProps,
  ListBoxSection as AriaListBoxSection,
  type ListBoxSectionProps as AriaListBoxSectionProps,
  Collection,
  Header,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CheckIcon, SpinnerIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import { listStatus, listStatusMessage } from './list-state';

/** "Loading..." or "There are no items matching your query", for a list without items. */
export function ListStatusMessage({ isLoading }: { isLoading?: boolean }) {
  const { t } = useTranslation();
  const status = listStatus({ isLoading, itemCount: 0 });
  const message = listStatusMessage(status);
  return (
    <div className="bl-list-status" data-status={status}>
      {status === 'loading' ? <SpinnerIcon size={16} /> : null}
      {message ? t(message) : null}
    </div>
  );
}

export interface ListBoxProps<T> extends Omit<AriaListBoxProps<T>, 'className'> {
  /** While true and there are no items, the list says "Loading..." instead of the empty message. */
  isLoading?: boolean;
  className?: string;
}

/**
 * A selectable list. Select and ComboBox use it inside their popover; on its own it is an inline list.
 * With no items it shows "Loading..." while `isLoading`, else "There are no items matching your query".
 */
export function ListBox<T extends object>({
  isLoading,
  className,
  renderEmptyState,
  ...props
}: ListBoxProps<T>) {
  return (
    <AriaListBox
      {...props}
      className={cx('bl-list', className)}
      renderEmptyState={renderEmptyState ?? (() => <ListStatusMessage isLoading={isLoading} />)}
    />
  );
}

export interface ListItemProps<T = object> extends Omit<AriaListBoxItemProps<T>, 'className' | 'children'> {
  children: ReactNode;
  /** A second, muted line. */
  description?: ReactNode;
  /** An icon or avatar before the label. */
  startIcon?: ReactNode;
  className?: string;
}

/** An option of a Select, ComboBox or ListBox; selected options show a check mark. */
export function ListItem<T extends object>({
  children,
  description,
  startIcon,
  className,
  ...props
}: ListItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaListBoxItem {...props} textValue={textValue} className={cx('bl-list-item', className)}>
      {({ isSelected }) => (
        <>
          {startIcon ? <span className="bl-list-item__icon">{startIcon}</span> : null}
          {/* Plain spans, not label/description slots: the option's name is all of its visible text, so
              axe's label-in-name rule holds with a description too. */}
          <span className="bl-list-item__text">
            <span className="bl-list-item__label">{children}</span>
            {description ? <span className="bl-list-item__description">{description}</span> : null}
          </span>
          <span className="bl-list-item__check">{isSelected ? <CheckIcon size={16} /> : null}</span>
        </>
      )}
    </AriaListBoxItem>
  );
}

export interface ListSectionProps<T> extends Omit<AriaListBoxSectionProps<T>, 'className'> {
  /** The group's heading. */
  title: ReactNode;
  className?: string;
}

/** A titled group of options. */
export function ListSection<T extends object>({
  title,
  children,
  items,
  dependencies,
  className,
  ...props
}: ListSectionProps<T>) {
  return (
    <AriaListBoxSection {...props} className={cx('bl-list-section', className)}>
      <Header className="bl-list-section__title">{title}</Header>
      {typeof children === 'function' ? (
        <Collection items={items} {...(dependencies && { dependencies })}>
          {children}
        </Collection>
      ) : (
        children
      )}
    </AriaListBoxSection>
  );
}

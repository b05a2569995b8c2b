import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  SelectValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldLabelProps,
  invalidFrom,
} from '../field/field';
import { ChevronDownIcon, SpinnerIcon } from '../icons/icons';
import { ListBox } from '../list/list-box';
import { ListPopover } from '../popover/popover';
import { cx } from '../utils/cx';

export interface SelectProps<T extends object>
  extends Omit<AriaSelectProps<T>, 'className' | 'children' | 'placeholder'>,
    FieldLabelProps {
  /** The options; with `items`, a function rendering one `ListItem` per item. */
  children: ReactNode | ((item: T) => ReactNode);
  items?: Iterable<T>;
  /** Shows "Loading..." in the open list while there are no items yet. */
  isLoading?: boolean;
  /** Text shown while nothing is selected; "Select an option" by default. */
  placeholder?: string;
  /** Maximum height of the open list, 420 px by default. */
  maxHeight?: number;
  className?: string;
}

/** A labelled dropdown that picks one option from a list, with loading and empty states. */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  children,
  items,
  isLoading,
  placeholder,
  maxHeight,
  className,
  isInvalid,
  ...props
}: SelectProps<T>) {
  const { t } = useTranslation();
  // react-aria labels the list by the field label, which is inert while the list is open; Chromium then
  // computes an empty name, so the list and its popover also carry the label as aria-label.
  const listLabel = typeof label === 'string' ? label : props['aria-label'];
  return (
    <AriaSelect
      {...props}
      // The list opens even when empty so it can say it is loading or has nothing.
      allowsEmptyCollection
      placeholder={placeholder ?? t('Select an option')}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
      className={cx('bl-field', 'bl-select', className)}
    >
      {label ? <FieldLabel>{label}</FieldLabel> : null}
      <AriaButton className="bl-input-group bl-select__trigger">
        {/* The selected item's text, not its whole row (check mark, icon, description). */}
        <SelectValue className="bl-select__value">
          {({ isPlaceholder, selectedText }) =>
            isPlaceholder ? (placeholder ?? t('Select an option')) : selectedText
          }
        </SelectValue>
        {isLoading ? <SpinnerIcon size={16} /> : null}
        <ChevronDownIcon size={18} className="bl-select__chevron" />
      </AriaButton>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <ListPopover maxHeight={maxHeight} aria-label={listLabel}>
        <ListBox items={items} isLoading={isLoading} aria-label={listLabel}>
          {children}
        </ListBox>
      </ListPopover>
    </AriaSelect>
  );
}

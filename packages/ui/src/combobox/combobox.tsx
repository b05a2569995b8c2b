import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  type ComboBoxProps as AriaComboBoxProps,
  Input,
} from 'react-aria-components';
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

export interface ComboBoxProps<T extends object>
  extends Omit<AriaComboBoxProps<T>, 'className' | 'children'>,
    FieldLabelProps {
  /** The options; with `items`, a function rendering one `ListItem` per item. */
  children: ReactNode | ((item: T) => ReactNode);
  placeholder?: string;
  /** Shows a spinner, and "Loading..." in the open list while there are no items yet. */
  isLoading?: boolean;
  /** Maximum height of the open list, 420 px by default. */
  maxHeight?: number;
  className?: string;
}

/**
 * A text input with a list of suggestions that filters as the user types. For results fetched from a
 * server, control `inputValue` and `items` and set `isLoading` while a request runs.
 */
export function ComboBox<T extends object>({
  label,
  description,
  errorMessage,
  children,
  placeholder,
  isLoading,
  maxHeight,
  className,
  isInvalid,
  ...props
}: ComboBoxProps<T>) {
  // react-aria labels the list by the field label, which is inert while the list is open; Chromium then
  // computes an empty name, so the list and its popover also carry the label as aria-label.
  const listLabel = typeof label === 'string' ? label : props['aria-label'];
  return (
    <AriaComboBox
      // Open on an empty result too, so the list can say it is loading or that nothing matches.
      allowsEmptyCollection
      {...props}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
      className={cx('bl-field', 'bl-combobox', className)}
    >
      {label ? <FieldLabel>{label}</FieldLabel> : null}
      <div className="bl-input-group">
        <Input className="bl-input" placeholder={placeholder} />
        {isLoading ? <SpinnerIcon size={16} className="bl-combobox__spinner" /> : null}
        <AriaButton className="bl-combobox__button">
          <ChevronDownIcon size={18} />
        </AriaButton>
      </div>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <ListPopover maxHeight={maxHeight} aria-label={listLabel}>
        <ListBox isLoading={isLoading} aria-label={listLabel}>
          {children}
        </ListBox>
      </ListPopover>
    </AriaComboBox>
  );
}

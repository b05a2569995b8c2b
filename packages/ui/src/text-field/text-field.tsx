import { type ReactNode, type Ref, useState } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  TextArea,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldLabelProps,
  invalidFrom,
} from '../field/field';
import { EyeIcon, EyeOffIcon } from '../icons/icons';
import { cx } from '../utils/cx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'>, FieldLabelProps {
  placeholder?: string;
  /** A multi-line text area instead of a one-line input. */
  multiline?: boolean;
  /** Visible rows of a multi-line field. */
  rows?: number;
  /** An icon or text shown inside the field, before the value. */
  startAdornment?: ReactNode;
  /** Offer a show/hide toggle on `type="password"` fields (default true). */
  revealable?: boolean;
  /** Ref to the `<input>` of a one-line field. */
  inputRef?: Ref<HTMLInputElement>;
  /** Ref to the `<textarea>` of a multi-line field. */
  textAreaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * A labelled text input, text area or password field. The label, description and error are linked to
 * the input for assistive technology, and a non-empty `errorMessage` marks it invalid.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  rows = 4,
  startAdornment,
  revealable = true,
  inputRef,
  textAreaRef,
  className,
  type,
  isInvalid,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password' && !multiline;
  const inputType = isPassword && revealed ? 'text' : type;
  return (
    <AriaTextField
      {...props}
      type={inputType}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
      className={cx('bl-field', className)}
    >
      {label ? <FieldLabel>{label}</FieldLabel> : null}
      <div className="bl-input-group">
        {startAdornment ? <span className="bl-adornment">{startAdornment}</span> : null}
        {multiline ? (
          <TextArea ref={textAreaRef} className="bl-input" placeholder={placeholder} rows={rows} />
        ) : (
          <Input ref={inputRef} className="bl-input" placeholder={placeholder} />
        )}
        {isPassword && revealable ? (
          <IconButton
            size="sm"
            aria-label={revealed ? t('Hide password') : t('Show password')}
            onPress={() => setRevealed((value) => !value)}
            isDisabled={props.isDisabled}
          >
            {revealed ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </IconButton>
        ) : null}
      </div>
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}

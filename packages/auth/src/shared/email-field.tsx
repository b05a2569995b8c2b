import { TextField } from '@backline/ui';
import { useTranslation } from 'react-i18next';

export interface EmailFieldProps {
  /** The `email` query parameter; when present it fills the field, which is then disabled (spec §2). */
  queryEmail: string | null;
  value: string;
  onChange: (value: string) => void;
  errorMessage?: string | undefined;
}

/** The email field every auth screen shares, with the query pre-fill rule in one place. */
export function EmailField({ queryEmail, value, onChange, errorMessage }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      name="email"
      type="email"
      label={t('Email')}
      autoComplete="email"
      value={queryEmail ?? value}
      onChange={onChange}
      isDisabled={queryEmail !== null}
      isRequired
      errorMessage={errorMessage}
    />
  );
}

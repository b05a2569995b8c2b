import { errorFeedback } from '@backline/core';
import { Button, ComboBox, Form, ListItem, Select, Switch, TextField, toast } from '@backline/ui';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsField, SettingsPageDefinition } from './settings-page-definition';

const MB = 1024 * 1024;

/** What the form edits: text as typed, switches as booleans. */
type Draft = Record<string, string | boolean>;

export interface SettingsFormProps {
  page: SettingsPageDefinition;
  /** Current values by key (secret keys absent). */
  values: Record<string, unknown>;
  /** Whether each secret key has a stored value. */
  secrets: Record<string, boolean>;
  /** Saves the changed keys in one request; a rejected 422 puts its errors on the fields. */
  onSave(changes: Record<string, unknown>): Promise<unknown>;
}

/** The value as the field shows it. */
function toInput(field: SettingsField, value: unknown): string | boolean {
  switch (field.type) {
    case 'switch':
      return value === true || value === 'true' || value === 1;
    case 'secret':
      return '';
    case 'megabytes':
      return typeof value === 'number' ? String(Math.round((value / MB) * 100) / 100) : '';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The value as the server expects it; what cannot be read as a number goes as typed, for the server to refuse. */
function toWire(field: SettingsField, input: string | boolean): unknown {
  if (typeof input === 'boolean') return input;
  switch (field.type) {
    case 'megabytes':
      return input.trim() && Number.isFinite(Number(input)) ? Math.round(Number(input) * MB) : input;
    case 'number':
      return input.trim() && Number.isFinite(Number(input)) ? Number(input) : input;
    case 'list':
      return input
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return input;
  }
}

let timezones: string[] | undefined;
function timezoneList(): string[] {
  timezones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return timezones;
}

/**
 * A settings page built from its definition: one form, each field bound to a setting key, saved in one request
 * with only the changed keys. Secrets are write-only: the field starts empty, says whether a value is stored,
 * and an empty field leaves the stored one alone.
 */
export function SettingsForm({ page, values, secrets, onSave }: SettingsFormProps) {
  const { t } = useTranslation();
  const fields = useMemo(() => page.sections.flatMap((section) => section.fields), [page]);
  const initial = useMemo(() => {
    const draft: Draft = {};
    for (const field of fields) draft[field.key] = toInput(field, values[field.key]);
    return draft;
  }, [fields, values]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Fresh values from the server (after a save) become the new starting point.
  useEffect(() => {
    setDraft(initial);
    setRemoved(new Set());
  }, [initial]);

  const changes = useMemo(() => {
    const changed: Record<string, unknown> = {};
    for (const field of fields) {
      if (field.type === 'secret') {
        if (removed.has(field.key)) changed[field.key] = null;
        else if (draft[field.key]) changed[field.key] = draft[field.key];
      } else if (draft[field.key] !== initial[field.key]) {
        changed[field.key] = toWire(field, draft[field.key]!);
      }
    }
    return changed;
  }, [fields, draft, initial, removed]);
  const dirty = Object.keys(changes).length > 0;

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = (key: string) => (value: string | boolean) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _, ...rest } = current;
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || saving) return;
    setSaving(true);
    try {
      await onSave(changes);
      setErrors({});
      toast.positive(t('Settings saved'));
    } catch (error) {
      const feedback = errorFeedback(error, { translate: t });
      setErrors(
        Object.fromEntries(Object.entries(feedback.fieldErrors).map(([key, message]) => [key, t(message)])),
      );
      if (feedback.toast) toast.danger(feedback.toast.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      className="bl-settings-form"
      validationBehavior="aria"
      validationErrors={errors}
      onSubmit={onSubmit}
    >
      {page.description ? <p className="bl-settings-form__intro">{t(page.description)}</p> : null}
      {page.sections.map((section) => (
        <section
          key={section.title}
          className="bl-settings-section"
          aria-labelledby={sectionId(page, section.title)}
        >
          <h2 id={sectionId(page, section.title)} className="bl-settings-section__title">
            {t(section.title)}
          </h2>
          {section.description ? (
            <p className="bl-settings-section__description">{t(section.description)}</p>
          ) : null}
          <div className="bl-settings-section__fields">
            {section.fields
              .filter((field) => !field.visibleWhen || field.visibleWhen(liveValues(fields, draft)))
              .map((field) => (
                <SettingInput
                  key={field.key}
                  field={field}
                  value={draft[field.key] ?? ''}
                  onChange={set(field.key)}
                  error={errors[field.key]}
                  secretSet={secrets[field.key] === true && !removed.has(field.key)}
                  onRemoveSecret={() => setRemoved((current) => new Set(current).add(field.key))}
                />
              ))}
          </div>
          {section.footer ? <section.footer /> : null}
        </section>
      ))}
      <div className="bl-settings-form__actions">
        <Button type="submit" variant="primary" isDisabled={!dirty} isPending={saving}>
          {t('Save changes')}
        </Button>
        {dirty ? <span className="bl-settings-form__unsaved">{t('You have unsaved changes.')}</span> : null}
      </div>
    </Form>
  );
}

const sectionId = (page: SettingsPageDefinition, title: string) =>
  `settings-${page.path}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The draft read as values, for `visibleWhen`. */
function liveValues(fields: readonly SettingsField[], draft: Draft): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.key, toWire(field, draft[field.key] ?? '')]));
}

function SettingInput({
  field,
  value,
  onChange,
  error,
  secretSet,
  onRemoveSecret,
}: {
  field: SettingsField;
  value: string | boolean;
  onChange(value: string | boolean): void;
  error: string | undefined;
  secretSet: boolean;
  onRemoveSecret(): void;
}) {
  const { t } = useTranslation();
  const label = t(field.label);
  const help = field.help ? t(field.help) : undefined;
  switch (field.type) {
    case 'switch':
      return (
        <Switch name={field.key} isSelected={value === true} onChange={onChange} description={help}>
          {label}
        </Switch>
      );
    case 'select':
      return (
        <Select
          name={field.key}
          label={label}
          description={help}
          errorMessage={error}
          selectedKey={typeof value === 'string' && value ? value : null}
          onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
          items={(field.options ?? []).map((option) => ({
            id: option.value,
            label: option.translate === false ? option.label : t(option.label),
          }))}
        >
          {(item) => <ListItem id={item.id}>{item.label}</ListItem>}
        </Select>
      );
    case 'timezone':
      return (
        <ComboBox
          name={field.key}
          label={label}
          description={help}
          errorMessage={error}
          defaultItems={timezoneList().map((zone) => ({ id: zone }))}
          selectedKey={typeof value === 'string' && value ? value : null}
          onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
        >
          {(item) => <ListItem id={item.id}>{item.id}</ListItem>}
        </ComboBox>
      );
    case 'secret':
      return (
        <div className="bl-settings-secret">
          <TextField
            name={field.key}
            type="password"
            autoComplete="new-password"
            label={label}
            description={[
              help,
              secretSet ? t('A value is saved. Leave empty to keep it.') : t('No value saved.'),
            ]
              .filter(Boolean)
              .join(' ')}
            errorMessage={error}
            value={String(value)}
            onChange={onChange}
          />
          {secretSet ? (
            <Button size="sm" variant="outline" onPress={onRemoveSecret}>
              {t('Remove saved value')}
            </Button>
          ) : null}
        </div>
      );
    default:
      return (
        <TextField
          name={field.key}
          label={label}
          description={help}
          errorMessage={error}
          value={String(value)}
          onChange={onChange}
          multiline={field.type === 'textarea'}
          type={field.type === 'url' ? 'url' : field.type === 'email' ? 'email' : 'text'}
          inputMode={field.type === 'number' || field.type === 'megabytes' ? 'decimal' : undefined}
        />
      );
  }
}

import { useAuthForm } from '@backline/auth';
import { account } from '@backline/core/contract';
import { useBootstrap, useHttp } from '@backline/core/react';
import { Button, ComboBox, Form, ListItem, ListSection, Select, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { useApplyUser, useValueLists } from '../shared/queries';
import type { AccountUser, ValueLists } from '../shared/types';
import { useChangeLocale } from './use-change-locale';

const FIELDS = ['timezone', 'country', 'language'] as const;

/**
 * Location and language: timezone (grouped by region), country and language, from
 * `GET value-lists/timezones,countries,localizations`. Saving sends `PUT users/me`; a new language is
 * applied first through `POST users/me/locale`, which swaps the interface strings live.
 */
export function LocationSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const lists = useValueLists();
  return (
    <AccountSection
      id="location-and-language"
      title={t('Date, time and language')}
      description={t('Choose how dates are shown and which language the site speaks.')}
    >
      <LocationForm user={user} lists={lists.data} isLoading={lists.isPending} />
    </AccountSection>
  );
}

/** The form alone, given the lists (undefined while they load). */
export function LocationForm({
  user,
  lists,
  isLoading,
}: {
  user: AccountUser;
  lists: ValueLists | undefined;
  isLoading?: boolean;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const applyUser = useApplyUser();
  const changeLocale = useChangeLocale();
  const { i18n: current } = useBootstrap();
  const form = useAuthForm(FIELDS);
  const [timezone, setTimezone] = useState(user.timezone ?? '');
  const [country, setCountry] = useState(user.country ?? '');
  const [language, setLanguage] = useState(user.language ?? current.language);

  const timezoneGroups = useMemo(
    () =>
      Object.entries(lists?.timezones ?? {}).map(([region, zones]) => ({
        id: `region:${region}`,
        region,
        zones,
      })),
    [lists],
  );
  const countries = useMemo(
    () => (lists?.countries ?? []).map((entry) => ({ id: entry.code, ...entry })),
    [lists],
  );
  const languages = useMemo(
    () => (lists?.localizations ?? []).map((entry) => ({ id: entry.language, ...entry })),
    [lists],
  );

  const save = useMutation({
    mutationFn: async () => {
      if (language && language !== current.language) await changeLocale(language);
      return http.call(account.update, {
        params: { id: 'me' },
        body: { timezone: timezone || null, country: country || null, language: language || null },
      });
    },
    onSuccess: (answer) => {
      applyUser(answer.user);
      toast.positive(t('Updated account details'));
    },
    onError: form.report,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, {})) return;
    save.mutate();
  };
  const keyOf = (setter: (value: string) => void) => (key: string | number | null) =>
    form.edit(setter)(key === null ? '' : String(key));

  return (
    <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
      <ComboBox
        name="timezone"
        label={t('Timezone')}
        defaultItems={timezoneGroups}
        selectedKey={timezone || null}
        onSelectionChange={keyOf(setTimezone)}
        isLoading={isLoading}
        errorMessage={form.errorFor('timezone')}
      >
        {(group) => (
          <ListSection
            id={group.id}
            title={group.region}
            items={group.zones.map((zone) => ({ id: zone.value, ...zone }))}
          >
            {(zone) => (
              <ListItem id={zone.value} textValue={zone.text}>
                {zone.text}
              </ListItem>
            )}
          </ListSection>
        )}
      </ComboBox>
      <ComboBox
        name="country"
        label={t('Country')}
        defaultItems={countries}
        selectedKey={country || null}
        onSelectionChange={keyOf(setCountry)}
        isLoading={isLoading}
        errorMessage={form.errorFor('country')}
      >
        {(entry) => <ListItem id={entry.code}>{entry.name}</ListItem>}
      </ComboBox>
      <Select
        name="language"
        label={t('Language')}
        items={languages}
        selectedKey={language || null}
        onSelectionChange={keyOf(setLanguage)}
        isLoading={isLoading}
        errorMessage={form.errorFor('language')}
      >
        {(entry) => (
          <ListItem id={entry.language} lang={entry.language}>
            {entry.name}
          </ListItem>
        )}
      </Select>
      <div className="bl-account-actions">
        <Button type="submit" isPending={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </Form>
  );
}

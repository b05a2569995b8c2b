import { adminLocalizations } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, ButtonLink, Form, Skeleton, TextField, toast } from '@backline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useServerForm } from '../forms/use-server-form';
import { AdminPage } from '../shell/admin-page';
import { TranslationsEditor } from './translations-editor';

export const LOCALIZATIONS_QUERY_KEY = ['admin', 'localizations'] as const;

/** `/admin/localizations`: the languages, and each one's translations at `/admin/localizations/{language}`. */
export function LocalizationsArea() {
  return (
    <Routes>
      <Route index element={<LocalizationsPage />} />
      <Route path=":language" element={<TranslationsEditor />} />
    </Routes>
  );
}

/** Every installed language with its progress; add one, open its translations, or make it the default. */
export function LocalizationsPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: LOCALIZATIONS_QUERY_KEY,
    queryFn: ({ signal }) => http.call(adminLocalizations.list, { signal }),
  });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const base = useLocation().pathname.replace(/\/+$/, '');
  const makeDefault = async (language: string) => {
    try {
      await http.call(adminLocalizations.setDefault, { params: { language } });
      await client.invalidateQueries({ queryKey: LOCALIZATIONS_QUERY_KEY });
      toast.positive(t('Default language changed'));
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again later.'));
    }
  };
  return (
    <AdminPage title={t('Localizations')}>
      <AddLanguageForm />
      {list.isError ? (
        <p role="alert">{t('There was an issue. Please try again later.')}</p>
      ) : !list.data ? (
        <Skeleton lines={4} />
      ) : (
        <div className="bl-admin-table-scroll">
          <table className="bl-admin-simple-table">
            <caption className="bl-visually-hidden">{t('Languages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Language')}</th>
                <th scope="col">{t('Code')}</th>
                <th scope="col">{t('Translated')}</th>
                <th scope="col">{t('Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.localizations.map((entry) => (
                <tr key={entry.language}>
                  <th scope="row">
                    {entry.name}{' '}
                    {entry.is_default ? <span className="bl-admin-badge">{t('Default')}</span> : null}
                  </th>
                  <td>{entry.language}</td>
                  <td>{entry.total ? percent.format(entry.translated / entry.total) : '—'}</td>
                  <td className="bl-admin-simple-table__actions">
                    <ButtonLink size="sm" variant="outline" href={`${base}/${entry.language}`}>
                      {t('Edit translations')}
                      <span className="bl-visually-hidden"> ({entry.name})</span>
                    </ButtonLink>
                    {entry.is_default ? null : (
                      <Button size="sm" variant="text" onPress={() => makeDefault(entry.language)}>
                        {t('Make default')}
                        <span className="bl-visually-hidden"> ({entry.name})</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}

function AddLanguageForm() {
  const { t } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const form = useServerForm(['language', 'name']);
  const [language, setLanguage] = useState('');
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      await http.call(adminLocalizations.create, { body: { language: language.trim(), name } });
      await client.invalidateQueries({ queryKey: LOCALIZATIONS_QUERY_KEY });
      setLanguage('');
      setName('');
      form.clear();
      toast.positive(t('Language added'));
    } catch (error) {
      form.report(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Form className="bl-localizations-add" validationErrors={form.validationErrors} onSubmit={submit}>
      <h2 className="bl-settings-section__title">{t('Add a language')}</h2>
      <div className="bl-localizations-add__fields">
        <TextField
          name="language"
          label={t('Code')}
          description={t('Such as fr or pt-BR.')}
          value={language}
          onChange={setLanguage}
          errorMessage={form.validationErrors.language}
          isRequired
        />
        <TextField
          name="name"
          label={t('Name')}
          value={name}
          onChange={setName}
          errorMessage={form.validationErrors.name}
          isRequired
        />
      </div>
      <Button type="submit" variant="primary" isPending={pending}>
        {t('Add language')}
      </Button>
    </Form>
  );
}

export default LocalizationsArea;

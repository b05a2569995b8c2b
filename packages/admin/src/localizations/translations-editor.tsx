import { adminLocalizations } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, FileTrigger, Skeleton, Switch, TextField, toast } from '@backline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { AdminPage } from '../shell/admin-page';

/** Rows drawn at once; a search narrows the rest. */
const PAGE = 200;

/**
 * One language's translations: every source line (the English text) beside its translation, missing ones first,
 * searchable, saved in one request. Export downloads the lines as JSON; import reads such a file and saves it.
 */
export function TranslationsEditor() {
  const { t } = useTranslation();
  const { language = '' } = useParams();
  const http = useHttp();
  const client = useQueryClient();
  const base = useLocation().pathname.replace(/\/[^/]+\/?$/, '');
  const queryKey = ['admin', 'localizations', language];
  const data = useQuery({
    queryKey,
    queryFn: ({ signal }) => http.call(adminLocalizations.show, { params: { language }, signal }),
  });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [saving, setSaving] = useState(false);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const lines = (data.data?.lines ?? []).filter(
      (line) =>
        (!missingOnly || !line.translation) &&
        (!needle ||
          line.key.toLowerCase().includes(needle) ||
          (line.translation ?? '').toLowerCase().includes(needle)),
    );
    // Missing translations first, then the English text in order.
    return lines.sort((a, b) => Number(Boolean(a.translation)) - Number(Boolean(b.translation)));
  }, [data.data, search, missingOnly]);

  const save = async (lines: Record<string, string>) => {
    setSaving(true);
    try {
      await http.call(adminLocalizations.update, { params: { language }, body: { lines } });
      setEdits({});
      await client.invalidateQueries({ queryKey: ['admin', 'localizations'] });
      toast.positive(t('Translations saved'));
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again later.'));
    } finally {
      setSaving(false);
    }
  };

  const exportJson = () => {
    const lines = Object.fromEntries(
      (data.data?.lines ?? []).filter((line) => line.translation).map((line) => [line.key, line.translation]),
    );
    const url = URL.createObjectURL(new Blob([JSON.stringify(lines, null, 2)], { type: 'application/json' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `${language}.json`;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  const importJson = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      const lines = Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      await save(lines);
    } catch {
      toast.danger(t('This file is not a JSON object of translations.'));
    }
  };

  const title = data.data ? data.data.localization.name : language;
  const changed = Object.keys(edits).length;
  return (
    <AdminPage
      title={title}
      actions={
        <>
          <Button variant="outline" onPress={exportJson} isDisabled={!data.data}>
            {t('Export JSON')}
          </Button>
          <FileTrigger acceptedFileTypes={['application/json', '.json']} onSelect={importJson}>
            <Button variant="outline">{t('Import JSON')}</Button>
          </FileTrigger>
        </>
      }
    >
      <p>
        <a href={base}>{t('All languages')}</a>
      </p>
      {data.isError ? (
        <p role="alert">{t('There was an issue. Please try again later.')}</p>
      ) : !data.data ? (
        <Skeleton lines={8} />
      ) : (
        <>
          <div className="bl-translations-toolbar">
            <TextField
              aria-label={t('Search translations')}
              placeholder={t('Search translations')}
              value={search}
              onChange={setSearch}
              type="search"
            />
            <Switch isSelected={missingOnly} onChange={setMissingOnly}>
              {t('Missing only')}
            </Switch>
            <Button
              variant="primary"
              isDisabled={changed === 0}
              isPending={saving}
              onPress={() => save(edits)}
            >
              {t('Save changes')}
            </Button>
          </div>
          <p className="bl-translations-count" aria-live="polite">
            {t(':shown of :total lines', { shown: Math.min(rows.length, PAGE), total: rows.length })}
          </p>
          <div className="bl-admin-table-scroll">
            <table className="bl-admin-simple-table bl-translations-table">
              <caption className="bl-visually-hidden">{t('Translations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Source text')}</th>
                  <th scope="col">{t('Translation')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, PAGE).map((line) => (
                  <tr key={line.key}>
                    <th scope="row" className="bl-translations-table__source">
                      {line.key}
                    </th>
                    <td>
                      <TextField
                        aria-label={t('Translation of “:text”', { text: line.key })}
                        value={edits[line.key] ?? line.translation ?? ''}
                        onChange={(value) => setEdits((current) => ({ ...current, [line.key]: value }))}
                        placeholder={line.translation ? undefined : t('Missing')}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AdminPage>
  );
}

import { Button, TextField } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { backstage } from '../../../contract';

export type LinkRow = { url: string; title: string };

/** The field names the server gives link errors under: `links.0.url` … one per link a form may hold. */
export const LINK_FIELDS = Array.from({ length: backstage.ARTIST_LINKS_MAX }, (_, i) => `links.${i}.url`);

/** The link errors a form holds, by field name, for `LinksField`'s `errors`. */
export const linkErrorsOf = (errorFor: (field: string) => string | undefined): Record<string, string> =>
  Object.fromEntries(
    LINK_FIELDS.map((field) => [field, errorFor(field)]).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  );

/** Up to ten links (a web address and an optional title), each with its own server error. */
export function LinksField({
  links,
  onChange,
  errors,
}: {
  links: LinkRow[];
  onChange(links: LinkRow[]): void;
  /** Field errors by name, as the server sends them (`links.0.url`). */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<LinkRow>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="backstage-links">
      <legend className="backstage-image__label">{t('Links')}</legend>
      {links.map((link, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
        <div className="backstage-links__row" key={index}>
          <TextField
            name={`links.${index}.url`}
            label={t('Web address :number', { number: index + 1 })}
            type="url"
            value={link.url}
            onChange={(url) => set(index, { url })}
            errorMessage={errors[`links.${index}.url`]}
          />
          <TextField
            name={`links.${index}.title`}
            label={t('Title')}
            value={link.title}
            onChange={(title) => set(index, { title })}
          />
          <Button
            variant="text"
            size="sm"
            onPress={() => onChange(links.filter((_, i) => i !== index))}
            aria-label={t('Remove link :number', { number: index + 1 })}
          >
            {t('Remove')}
          </Button>
        </div>
      ))}
      {links.length < backstage.ARTIST_LINKS_MAX ? (
        <Button variant="outline" size="sm" onPress={() => onChange([...links, { url: '', title: '' }])}>
          {t('Add link')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Links as the server takes them: rows with an address, titles only when given. */
export const linksBody = (links: LinkRow[]) =>
  links
    .filter((link) => link.url.trim())
    .map((link) => ({ url: link.url.trim(), ...(link.title.trim() && { title: link.title.trim() }) }));

import { TextField } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useAppearanceEditor } from '../editor-context';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The default title and description pages use when they set none of their own. */
export function SeoSection() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  return (
    <div className="bl-appearance-form">
      <TextField
        label={t('Default title')}
        value={text(draft.values['seo.default_title'])}
        onChange={(value) => setValue('seo.default_title', value)}
      />
      <TextField
        label={t('Default description')}
        multiline
        rows={4}
        value={text(draft.values['seo.default_description'])}
        onChange={(value) => setValue('seo.default_description', value)}
      />
    </div>
  );
}

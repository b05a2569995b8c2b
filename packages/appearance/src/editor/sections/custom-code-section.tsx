import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../code-editor';
import { useAppearanceEditor } from '../editor-context';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Custom CSS (a style element in the head) and HTML (a div in the body). Both are the admin's own code and run
 * with the site's origin; the preview shows them as they are typed (`setCustomCode`).
 */
export function CustomCodeSection() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  return (
    <div className="bl-appearance-form">
      <CodeEditor
        label={t('Custom CSS')}
        language="css"
        value={text(draft.values['custom_code.css'])}
        onChange={(value) => setValue('custom_code.css', value)}
      />
      <CodeEditor
        label={t('Custom HTML')}
        description={t('Added to the end of every page. Scripts run with this site’s permissions.')}
        language="html"
        value={text(draft.values['custom_code.html'])}
        onChange={(value) => setValue('custom_code.html', value)}
      />
    </div>
  );
}

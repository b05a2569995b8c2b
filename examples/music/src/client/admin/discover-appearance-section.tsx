import { useAppearanceEditor } from '@backline/appearance/editor';
import { TextField } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { DISCOVER_INTRO_KEY, DISCOVER_INTRO_MAX } from '../../contract/appearance';

/**
 * The music site's own appearance-editor panel: the line under the Discover heading. The section declares the key
 * (`settings` in `admin-area.tsx`) and the server has its rule (`MUSIC_APPEARANCE_SETTINGS`), so the editor's one
 * Save writes it with everything else; the preview shows each keystroke through the bridge.
 */
export function DiscoverAppearancePanel() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  return (
    <div className="bl-appearance-form">
      <TextField
        label={t('Introduction')}
        description={t('A line under the Discover heading. Leave it empty for none.')}
        value={String(draft.values[DISCOVER_INTRO_KEY] ?? '')}
        onChange={(value) => setValue(DISCOVER_INTRO_KEY, value)}
        maxLength={DISCOVER_INTRO_MAX}
      />
    </div>
  );
}

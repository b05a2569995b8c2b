import { uploads } from '@backline/core/contract';
import { TextField } from '@backline/ui';
import { ImageUploadField } from '@backline/uploads/react';
import { useTranslation } from 'react-i18next';
import { useAppearanceEditor } from '../editor-context';

const IMAGE_SETTINGS = [
  { key: 'branding.logo_light', label: 'Logo for light themes' },
  { key: 'branding.logo_dark', label: 'Logo for dark themes' },
  { key: 'branding.logo_light_mobile', label: 'Mobile logo for light themes' },
  { key: 'branding.logo_dark_mobile', label: 'Mobile logo for dark themes' },
  { key: 'branding.favicon', label: 'Favicon' },
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Site name, the four logos and the favicon; images go through the uploads engine (`POST file-entries`). */
export function GeneralSection() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  return (
    <div className="bl-appearance-form">
      <TextField
        label={t('Site name')}
        value={text(draft.values['branding.site_name'])}
        onChange={(value) => setValue('branding.site_name', value)}
      />
      {IMAGE_SETTINGS.map((setting) => (
        <ImageUploadField
          key={setting.key}
          label={t(setting.label)}
          shape="square"
          value={text(draft.values[setting.key]) || null}
          route={uploads.upload}
          onChange={(url) => setValue(setting.key, url ?? '')}
        />
      ))}
    </div>
  );
}

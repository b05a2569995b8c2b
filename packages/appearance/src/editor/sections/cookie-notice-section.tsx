import type { appearance } from '@backline/core/contract';
import { ListItem, Select, Switch, TextField } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { useAppearanceEditor } from '../editor-context';

type Link = appearance.CookieNoticeLink;

/** The cookie notice: on or off, top or bottom, and its optional link ("Learn more" → the privacy page). */
export function CookieNoticeSection() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  const enabled = draft.values['cookie_notice.enable'] === true;
  const position = draft.values['cookie_notice.position'] === 'top' ? 'top' : 'bottom';
  const link = (draft.values['cookie_notice.button'] as Link | null | undefined) ?? null;
  const setLink = (change: Partial<Link>) => {
    const next = { label: '', type: 'route' as const, action: '', ...link, ...change };
    // Both empty: no link at all.
    setValue('cookie_notice.button', next.label || next.action ? next : null);
  };
  return (
    <div className="bl-appearance-form">
      <Switch isSelected={enabled} onChange={(on) => setValue('cookie_notice.enable', on)}>
        {t('Show the cookie notice')}
      </Switch>
      <Select
        label={t('Position')}
        selectedKey={position}
        onSelectionChange={(key) => setValue('cookie_notice.position', key === 'top' ? 'top' : 'bottom')}
      >
        <ListItem id="top">{t('Top')}</ListItem>
        <ListItem id="bottom">{t('Bottom')}</ListItem>
      </Select>
      <TextField label={t('Link label')} value={link?.label ?? ''} onChange={(label) => setLink({ label })} />
      <TextField
        label={t('Link address')}
        description={t('A path on this site, such as /pages/privacy-policy, or a full URL.')}
        value={link?.action ?? ''}
        onChange={(action) => setLink({ action, type: /^https?:\/\//.test(action) ? 'link' : 'route' })}
      />
    </div>
  );
}

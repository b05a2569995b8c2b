import { Dialog } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts';

/** The "Keyboard shortcuts" dialog (shift+?). */
export function ShortcutsDialog(props: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('Keyboard shortcuts')} size="sm" {...props}>
      <dl className="player-shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys.join('+')} className="player-shortcuts__row">
            <dt>
              {shortcut.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 ? ' + ' : null}
                  <kbd>{key === 'Space' ? t('Space') : key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.action(t)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

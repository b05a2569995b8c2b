import type { ShellMenuItem } from '@backline/ui';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { SearchBox } from './search-box';
import { Sidebar } from './sidebar';

/** The phone's drawer: the search box, the web player's navigation and the site's menu. */
export function BrowseDrawer({
  isOpen,
  onOpenChange,
  siteMenu,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  siteMenu: readonly ShellMenuItem[];
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="music-drawer-overlay">
      <Modal className="music-drawer">
        <Dialog aria-label={t('Browse')} className="music-drawer__dialog">
          <SearchBox onNavigate={() => onOpenChange(false)} />
          <Sidebar onNavigate={() => onOpenChange(false)} siteMenu={siteMenu} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

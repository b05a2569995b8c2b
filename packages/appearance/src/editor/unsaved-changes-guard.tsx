import { AlertDialog } from '@backline/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * Keeps unsaved edits from being lost: a reload or closing the tab asks the browser's own question
 * (`beforeunload`), and a click on an in-app link outside the editor asks "Leave without saving?" first.
 * Links are caught in the capture phase, before the router handles them, because the app's router has no
 * navigation blocker.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  if (!pending) return null;
  return (
    <AlertDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : setPending(null))}
      title={t('Leave without saving?')}
      variant="danger"
      confirmLabel={t('Leave')}
      cancelLabel={t('Stay')}
      onConfirm={() => {
        const to = pending;
        setPending(null);
        navigate(to);
      }}
      onCancel={() => setPending(null)}
    >
      {t('Your changes to the appearance have not been saved.')}
    </AlertDialog>
  );
}

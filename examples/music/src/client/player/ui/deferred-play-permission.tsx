import { lazy } from 'react';
import { WhenOpened } from './when-opened';

// Every play button of a visitor's page may explain how to listen; the dialog's code loads when one does.
const LazyPlayPermissionDialog = lazy(() =>
  import('./play-permission').then((module) => ({ default: module.PlayPermissionDialog })),
);

/** The play-permission dialog (see play-permission.tsx), controlled, its code loaded the first time it opens. */
export function DeferredPlayPermissionDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <WhenOpened isOpen={isOpen}>
      <LazyPlayPermissionDialog isOpen={isOpen} onOpenChange={onOpenChange} />
    </WhenOpened>
  );
}

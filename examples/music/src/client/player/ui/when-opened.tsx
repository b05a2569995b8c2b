import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders an overlay (a dialog, a panel) from the first time it opens on. With the overlay loaded by React.lazy,
 * its code is fetched when someone opens it instead of with every page. Once opened it stays mounted, so it still
 * closes with its exit animation and keeps its state, like an overlay that was always there.
 */
export function WhenOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(isOpen);
  // Derived state: remembers that the overlay has been opened, in the same render that opens it.
  if (isOpen && !opened) setOpened(true);
  if (!isOpen && !opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

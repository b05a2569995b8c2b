import { useBootstrapStore } from '@backline/core/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isEditorMode, listenToEditor } from '../bridge/bridge';

/**
 * Listens for the appearance editor's messages while the page runs in its preview (`?appearanceEditor=true`) and
 * carries them out on the bootstrap store, the router and the document. Does nothing outside editor mode.
 */
export function useAppearanceBridge(): void {
  const store = useBootstrapStore();
  const navigate = useNavigate();
  // Through a ref: the router may hand out a new `navigate` after each navigation, and re-listening would reorder
  // the page's message listeners and make the bridge reload its schemas (queueing messages meanwhile).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!isEditorMode()) return;
    return listenToEditor({ store, navigate: (to) => navigateRef.current(to) });
  }, [store]);
}

/** The bridge as an element, for apps that prefer to drop it into the tree. */
export function AppearanceBridge(): null {
  useAppearanceBridge();
  return null;
}

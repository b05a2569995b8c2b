import { useBootstrapStore } from '@backline/core/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isEditorMode, listenToEditor } from '../bridge/bridge';

/**
 * Listens for the appearance editor's messages while the page runs in its preview (`?appearanceEditor=true`) and
 * carries them out on the bootstrap store, the router and the document. Does nothing outside editor mode.
 */
export function useAppearanceBridge(): void {
  const store = useBootstrapStore();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isEditorMode()) return;
    return listenToEditor({ store, navigate: (to) => navigate(to) });
  }, [store, navigate]);
}

/** The bridge as an element, for apps that prefer to drop it into the tree. */
export function AppearanceBridge(): null {
  useAppearanceBridge();
  return null;
}

import type { ComponentType } from 'react';

/**
 * One section of the appearance editor's panel: its id, English label (an i18n key), the site page the preview
 * opens when the section opens, and the panel itself. A panel edits through `useAppearanceEditor()`
 * (`setValue(key, value)` for a setting), so every edit shows in the preview at once and is saved with the rest.
 */
export interface AppearanceEditorSection {
  id: string;
  label: string;
  /** A path inside the site; the preview goes there (`navigate`) when the section opens. `/` by default. */
  previewPath?: string;
  component: ComponentType;
}

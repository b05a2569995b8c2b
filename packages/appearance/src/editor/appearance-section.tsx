import type { AdminSection } from '@backline/admin';
import { appearance } from '@backline/core/contract';
import { lazy } from 'react';
import { DEFAULT_EDITOR_SECTIONS } from './default-sections';
import type { AppearanceEditorSection } from './editor-section';

// Its own chunk: the editor, CodeMirror and the colour pickers load only when an admin opens it.
const AppearanceEditorPage = lazy(() => import('./appearance-editor-page'));

/**
 * The "Appearance" admin section (`/admin/appearance`, permission `appearance.update`): the live appearance
 * editor. Pass `sections` to add panels of your own: `appearanceSection([...DEFAULT_EDITOR_SECTIONS, mine])`.
 */
export function appearanceSection(
  sections: readonly AppearanceEditorSection[] = DEFAULT_EDITOR_SECTIONS,
): AdminSection {
  return {
    path: 'appearance',
    label: 'Appearance',
    icon: <BrushIcon />,
    permission: appearance.APPEARANCE_PERMISSION,
    component: () => <AppearanceEditorPage sections={sections} />,
  };
}

function BrushIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M9.5 14.5 18 6a2.1 2.1 0 0 1 3 3l-8.5 8.5" />
      <path d="M7 15c-2 0-3 1.5-3 3.5 0 1-.5 1.5-1 2 3 .5 7-.5 7-3.5a2 2 0 0 0-3-2z" />
    </svg>
  );
}

/**
 * `@backline/appearance/editor`: the admin appearance editor (`/admin/appearance`), on `@backline/admin`. Built on
 * the contract in `@backline/core/contract` (`appearance`) and the site bridge in `@backline/appearance`. Styles:
 * `@backline/appearance/editor.css`.
 */
export {
  type AppearanceDraft,
  draftFromState,
  isDirty,
  menuHolding,
  newMenu,
  savePayload,
  setDefaultTheme,
} from './appearance-draft';
export type { AppearanceEditorPageProps } from './appearance-editor-page';
export { appearanceSection } from './appearance-section';
export { CodeEditor, type CodeEditorProps } from './code-editor';
export { COLOR_VARIABLE_LABELS, ColorEditor, type ColorEditorProps } from './color-editor';
export {
  AA_NON_TEXT,
  AA_TEXT,
  CONTRAST_PAIRS,
  type ContrastPair,
  type ContrastProblem,
  contrastProblems,
  contrastRatio,
  relativeLuminance,
} from './contrast';
export { DEFAULT_EDITOR_SECTIONS } from './default-sections';
export { type AppearanceEditorApi, AppearanceEditorProvider, useAppearanceEditor } from './editor-context';
export { type AppearanceEditorSection, sectionOfField, unknownSettingKeys } from './editor-section';
export { APPEARANCE_EDITOR_STRINGS } from './editor-strings';
export { MENU_POSITION_LABELS, MenuEditor, type MenuEditorProps, type RoleOption } from './menu-editor';
export { PREVIEW_WIDTHS, type PreviewDevice, previewUrl } from './preview-frame';
export { announcePreviewReady } from './preview-ready';

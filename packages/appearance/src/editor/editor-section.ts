import type { ComponentType } from 'react';

/**
 * One section of the appearance editor's panel: its id, English label (an i18n key), the site page the preview
 * opens when the section opens, the settings it edits, and the panel itself. A panel edits through
 * `useAppearanceEditor()` (`setValue(key, value)` for a setting), so every edit shows in the preview at once and is
 * saved with the rest.
 */
export interface AppearanceEditorSection {
  id: string;
  label: string;
  /** A path inside the site; the preview goes there (`navigate`) when the section opens. `/` by default. */
  previewPath?: string;
  /**
   * The setting keys this section edits (`['discover.intro']`). The draft always carries them, so the one Save
   * sends them when they change; the server must have a rule for each (`appearanceModule({settings})`), or the
   * editor warns on load. A refused value opens this section with the server's message.
   */
  settings?: readonly string[];
  component: ComponentType;
}

/**
 * The section a field error from `POST admin/appearance` belongs to: the section that declares the setting
 * (`settings.discover.intro`), else the section named by the path's first part (`menus.0.name`, `themes.update.0.id`).
 */
export function sectionOfField(
  sections: readonly AppearanceEditorSection[],
  field: string,
): AppearanceEditorSection | undefined {
  if (field.startsWith('settings.')) {
    const key = field.slice('settings.'.length);
    return sections.find((section) => section.settings?.includes(key));
  }
  const head = field.split('.')[0];
  return sections.find((section) => section.id === head);
}

/** The keys sections declare that the server did not answer: it has no rule for them, so it would refuse them. */
export function unknownSettingKeys(
  sections: readonly AppearanceEditorSection[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  return sections.flatMap((section) => (section.settings ?? []).filter((key) => !Object.hasOwn(values, key)));
}

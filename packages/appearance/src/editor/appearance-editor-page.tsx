import { AdminPage } from '@backline/admin';
import { isHttpError } from '@backline/core';
import { appearance } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, ComputerIcon, MobileIcon, TabletIcon, toast } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Button as AriaButton, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { draftFromState } from './appearance-draft';
import { DEFAULT_EDITOR_SECTIONS } from './default-sections';
import { AppearanceEditorProvider, useAppearanceEditor } from './editor-context';
import { type AppearanceEditorSection, sectionOfField, unknownSettingKeys } from './editor-section';
import { type PreviewDevice, PreviewFrame, previewUrl } from './preview-frame';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

export interface AppearanceEditorPageProps {
  sections?: readonly AppearanceEditorSection[];
}

/** `/admin/appearance`: loads the appearance state, then shows the split view. */
export default function AppearanceEditorPage({
  sections = DEFAULT_EDITOR_SECTIONS,
}: AppearanceEditorPageProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const state = useQuery({
    queryKey: ['admin', 'appearance'],
    queryFn: ({ signal }) => http.call(appearance.show, { signal }),
    // The editor owns its copy once loaded; a refetch must not overwrite unsaved edits.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const settingKeys = useMemo(() => sections.flatMap((section) => section.settings ?? []), [sections]);
  const initial = useMemo(
    () => (state.data ? draftFromState(state.data, settingKeys) : null),
    [state.data, settingKeys],
  );
  useEffect(() => {
    if (!state.data) return;
    const unknown = unknownSettingKeys(sections, state.data.values);
    // A developer's mistake, not a site owner's: the server would refuse these keys on save.
    if (unknown.length)
      console.warn(
        `Appearance editor: the server has no rule for ${unknown.join(', ')}, so saving them fails. ` +
          'Add them to appearanceModule({settings}).',
      );
  }, [state.data, sections]);
  if (state.isError) {
    return (
      <AdminPage title={t('Appearance')}>
        <p role="alert">{t('There was an issue loading this page')}</p>
        <Button onPress={() => state.refetch()}>{t('Try again')}</Button>
      </AdminPage>
    );
  }
  if (!state.data || !initial) {
    return (
      <AdminPage title={t('Appearance')}>
        <p role="status">{t('Loading...')}</p>
      </AdminPage>
    );
  }
  return (
    <AppearanceEditorProvider initial={initial} menuPositions={state.data.menuPositions}>
      <EditorLayout sections={sections} />
    </AppearanceEditorProvider>
  );
}

function EditorLayout({ sections }: { sections: readonly AppearanceEditorSection[] }) {
  const { t } = useTranslation();
  const editor = useAppearanceEditor();
  const [openId, setOpenId] = useState<string | null>(null);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [saving, setSaving] = useState(false);
  const open = sections.find((section) => section.id === openId);

  const openSection = (section: AppearanceEditorSection) => {
    setOpenId(section.id);
    editor.post({ type: 'navigate', to: previewUrl(section.previewPath ?? '/') });
  };

  const save = async () => {
    setSaving(true);
    try {
      await editor.save();
      toast.positive(t('Appearance saved'));
    } catch (error) {
      // A refused value opens the section that edits it, with the server's message.
      const [field, messages] = isHttpError(error) ? (Object.entries(error.errors)[0] ?? []) : [];
      const section = field ? sectionOfField(sections, field) : undefined;
      if (section && section.id !== openId) openSection(section);
      const message =
        messages?.[0] ?? ((error as Error).message || t('There was an issue. Please try again later.'));
      toast.danger(section ? `${t(section.label)}: ${message}` : message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminPage
      title={t('Appearance')}
      actions={
        <>
          <Button variant="outline" onPress={editor.reset} isDisabled={!editor.dirty || saving}>
            {t('Reset')}
          </Button>
          <Button onPress={save} isDisabled={!editor.dirty} isPending={saving}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <UnsavedChangesGuard when={editor.dirty} />
      <div className="bl-appearance-editor">
        <section className="bl-appearance-editor__panel" aria-label={t('Appearance sections')}>
          {open ? (
            <>
              <div className="bl-appearance-editor__panel-header">
                <AriaButton
                  className="bl-appearance-editor__back"
                  onPress={() => setOpenId(null)}
                  aria-label={t('All sections')}
                >
                  <span aria-hidden="true">‹</span>
                </AriaButton>
                <h2 className="bl-appearance-editor__section-title">{t(open.label)}</h2>
              </div>
              <div className="bl-appearance-editor__panel-body">
                <Suspense fallback={<p role="status">{t('Loading...')}</p>}>
                  <open.component />
                </Suspense>
              </div>
            </>
          ) : (
            <ul className="bl-appearance-editor__sections">
              {sections.map((section) => (
                <li key={section.id}>
                  <AriaButton
                    className="bl-appearance-editor__section-button"
                    onPress={() => openSection(section)}
                  >
                    {t(section.label)}
                    <span aria-hidden="true">›</span>
                  </AriaButton>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="bl-appearance-editor__preview" aria-label={t('Preview')}>
          <ToggleButtonGroup
            className="bl-appearance-editor__devices"
            aria-label={t('Preview width')}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[device]}
            onSelectionChange={(keys) => {
              const [key] = [...keys];
              if (key) setDevice(key as PreviewDevice);
            }}
          >
            <ToggleButton id="desktop" className="bl-appearance-editor__device" aria-label={t('Desktop')}>
              <ComputerIcon size={18} />
            </ToggleButton>
            <ToggleButton id="tablet" className="bl-appearance-editor__device" aria-label={t('Tablet')}>
              <TabletIcon size={18} />
            </ToggleButton>
            <ToggleButton id="mobile" className="bl-appearance-editor__device" aria-label={t('Mobile')}>
              <MobileIcon size={18} />
            </ToggleButton>
          </ToggleButtonGroup>
          <PreviewFrame device={device} />
        </section>
      </div>
    </AdminPage>
  );
}

import { uploads } from '@backline/core/contract';
import { Button, IconButton, ListItem, Select, TextField } from '@backline/ui';
import { ImageUploadField } from '@backline/uploads/react';
import { useTranslation } from 'react-i18next';
import { useAppearanceEditor } from '../editor-context';
import { TrashIcon } from '../menu-editor';

type Content = Record<string, unknown>;
type Feature = { title?: string; subtitle?: string; description?: string; image?: string };
type Action = { label?: string; type?: 'route' | 'link'; action?: string; icon?: string };

const KEY = 'homepage.appearance';
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Feature[] => (Array.isArray(value) ? (value as Feature[]) : []);

/**
 * Every field of the landing page's content (setting `homepage.appearance`): header, the search box and three
 * calls to action, primary and secondary features (add, remove, reorder), pricing and footer texts.
 */
export function LandingSection() {
  const { t } = useTranslation();
  const { draft, setValue } = useAppearanceEditor();
  const content = (draft.values[KEY] as Content | undefined) ?? {};
  const set = (patch: Content) => setValue(KEY, { ...content, ...patch });
  const actions = (content.actions as Record<string, unknown> | undefined) ?? {};
  const setAction = (name: string, patch: Partial<Action>) =>
    set({ actions: { ...actions, [name]: { ...((actions[name] as Action | undefined) ?? {}), ...patch } } });
  const field = (name: string, label: string, multiline = false) => (
    <TextField
      label={t(label)}
      value={text(content[name])}
      multiline={multiline}
      rows={multiline ? 3 : undefined}
      onChange={(value) => set({ [name]: value })}
    />
  );
  const image = (name: string, label: string) => (
    <ImageUploadField
      label={t(label)}
      shape="square"
      value={text(content[name]) || null}
      route={uploads.upload}
      onChange={(url) => set({ [name]: url ?? '' })}
    />
  );

  return (
    <div className="bl-appearance-form">
      <fieldset className="bl-appearance-fieldset">
        <legend>{t('Header')}</legend>
        {field('headerTitle', 'Header title')}
        {field('headerSubtitle', 'Header subtitle', true)}
        {image('headerImage', 'Header image')}
        <TextField
          label={t('Header image opacity')}
          description={t('From 0 (hidden) to 1 (fully visible).')}
          type="number"
          inputMode="decimal"
          value={String(content.headerImageOpacity ?? 1)}
          onChange={(value) => {
            const number = Number(value);
            if (value !== '' && Number.isFinite(number))
              set({ headerImageOpacity: Math.min(1, Math.max(0, number)) });
          }}
        />
        {field('headerOverlayColor1', 'Overlay colour 1')}
        {field('headerOverlayColor2', 'Overlay colour 2')}
        <TextField
          label={t('Search box placeholder')}
          value={text(actions.inputText)}
          onChange={(value) => set({ actions: { ...actions, inputText: value } })}
        />
      </fieldset>
      {(['cta1', 'cta2', 'cta3'] as const).map((name, index) => {
        const action = (actions[name] as Action | undefined) ?? {};
        return (
          <fieldset key={name} className="bl-appearance-fieldset">
            <legend>{t('Call to action :number', { number: index + 1 })}</legend>
            <TextField
              label={t('Label')}
              value={action.label ?? ''}
              onChange={(label) => setAction(name, { label })}
            />
            <Select
              label={t('Type')}
              selectedKey={action.type === 'link' ? 'link' : 'route'}
              onSelectionChange={(key) => setAction(name, { type: key === 'link' ? 'link' : 'route' })}
            >
              <ListItem id="route">{t('Page of this site')}</ListItem>
              <ListItem id="link">{t('External link')}</ListItem>
            </Select>
            <TextField
              label={t('Address')}
              value={action.action ?? ''}
              onChange={(value) => setAction(name, { action: value })}
            />
          </fieldset>
        );
      })}
      <FeatureList
        legend={t('Primary features')}
        items={list(content.primaryFeatures)}
        withDescription={false}
        onChange={(items) => set({ primaryFeatures: items })}
      />
      <FeatureList
        legend={t('Secondary features')}
        items={list(content.secondaryFeatures)}
        withDescription
        onChange={(items) => set({ secondaryFeatures: items })}
      />
      <fieldset className="bl-appearance-fieldset">
        <legend>{t('Pricing')}</legend>
        {field('pricingTitle', 'Pricing title')}
        {field('pricingSubtitle', 'Pricing subtitle', true)}
      </fieldset>
      <fieldset className="bl-appearance-fieldset">
        <legend>{t('Footer')}</legend>
        {field('footerTitle', 'Footer title')}
        {field('footerSubtitle', 'Footer subtitle', true)}
        {image('footerImage', 'Footer image')}
      </fieldset>
    </div>
  );
}

/** A list of features: each one's fields, with move up, move down and remove; "Add feature" at the end. */
function FeatureList({
  legend,
  items,
  withDescription,
  onChange,
}: {
  legend: string;
  items: Feature[];
  withDescription: boolean;
  onChange(items: Feature[]): void;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Feature) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="bl-appearance-fieldset">
      <legend>{legend}</legend>
      <ol className="bl-appearance-features">
        {items.map((item, index) => {
          const name = item.title || t('Feature :number', { number: index + 1 });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: features have no id; the index is their identity here.
            <li key={index} className="bl-appearance-features__item">
              <TextField
                label={t('Title')}
                value={item.title ?? ''}
                onChange={(title) => update(index, { title })}
              />
              <TextField
                label={t('Subtitle')}
                value={item.subtitle ?? ''}
                onChange={(subtitle) => update(index, { subtitle })}
              />
              {withDescription ? (
                <TextField
                  label={t('Description')}
                  multiline
                  rows={3}
                  value={item.description ?? ''}
                  onChange={(description) => update(index, { description })}
                />
              ) : null}
              <ImageUploadField
                label={t('Image')}
                shape="square"
                value={item.image || null}
                route={uploads.upload}
                onChange={(url) => update(index, { image: url ?? '' })}
              />
              <div className="bl-appearance-features__actions">
                <Button
                  size="sm"
                  variant="text"
                  isDisabled={index === 0}
                  onPress={() => move(index, -1)}
                  aria-label={t('Move :name up', { name })}
                >
                  {t('Move up')}
                </Button>
                <Button
                  size="sm"
                  variant="text"
                  isDisabled={index === items.length - 1}
                  onPress={() => move(index, 1)}
                  aria-label={t('Move :name down', { name })}
                >
                  {t('Move down')}
                </Button>
                <IconButton
                  size="sm"
                  aria-label={t('Remove :name', { name })}
                  onPress={() => onChange(items.filter((_, at) => at !== index))}
                >
                  <TrashIcon />
                </IconButton>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline"
        onPress={() => onChange([...items, { title: '', subtitle: '', image: '' }])}
      >
        {t('Add feature')}
      </Button>
    </fieldset>
  );
}

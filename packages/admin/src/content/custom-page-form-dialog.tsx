import { customPages } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Skeleton, Switch, Tab, TabList, TabPanel, Tabs, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormDialog, useIsDirty } from '../forms/admin-form-dialog';
import { useServerForm } from '../forms/use-server-form';
import { CUSTOM_PAGES_QUERY_KEY } from './custom-pages-page';
import { safeHtml } from './safe-html';

// TipTap and ProseMirror load when a page is opened for editing, not with the admin area or the pages list.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * Create or edit a custom page: title, slug (made from the title when empty), the body in a rich-text editor, its
 * HTML source or a preview, the page's SEO tags and whether it hides the navbar or footer. The three views share
 * one HTML string, so switching between them loses nothing. The server sanitises the body on save; the editor and
 * the preview apply the same allow-list, so what they show is what visitors get.
 */
export function CustomPageFormDialog({
  page,
  onOpenChange,
}: {
  page: customPages.CustomPage | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useServerForm(['title', 'slug', 'body', 'meta_title', 'meta_description']);
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [body, setBody] = useState(page?.body ?? '');
  const [metaTitle, setMetaTitle] = useState(page?.meta_title ?? '');
  const [metaDescription, setMetaDescription] = useState(page?.meta_description ?? '');
  const [hideNav, setHideNav] = useState(page?.hide_nav ?? false);
  const [hideFooter, setHideFooter] = useState(page?.hide_footer ?? false);
  const [tab, setTab] = useState<string>('rich');
  const preview = useMemo(() => (tab === 'preview' ? safeHtml(body) : ''), [tab, body]);
  const save = useMutation({
    mutationFn: () => {
      const input = {
        title,
        slug: slug || null,
        body,
        meta_title: metaTitle || null,
        meta_description: metaDescription || null,
        hide_nav: hideNav,
        hide_footer: hideFooter,
      };
      return page
        ? http.call(customPages.update, { params: { id: page.id }, body: input })
        : http.call(customPages.create, { body: input });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CUSTOM_PAGES_QUERY_KEY });
      toast.positive(page ? t('Page updated') : t('Page created'));
      onOpenChange(false);
    },
    onError: (error) => {
      // A body error shows on the source, so switch back to it.
      setTab('source');
      form.report(error);
    },
  });
  const isDirty = useIsDirty({ title, slug, body, metaTitle, metaDescription, hideNav, hideFooter });
  return (
    <AdminFormDialog
      title={page ? t('Edit page') : t('New page')}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      onSubmit={() => save.mutate()}
      validationErrors={form.validationErrors}
      isPending={save.isPending}
      submitLabel={page ? t('Save') : t('Create')}
    >
      <div className="bl-admin-form__row">
        <TextField label={t('Title')} name="title" isRequired value={title} onChange={setTitle} />
        <TextField
          label={t('Slug')}
          name="slug"
          description={t('Leave empty to make it from the title.')}
          value={slug}
          onChange={setSlug}
        />
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(String(key))}>
        <TabList aria-label={t('Body')}>
          <Tab id="rich">{t('Rich text')}</Tab>
          <Tab id="source">{t('HTML')}</Tab>
          <Tab id="preview">{t('Preview')}</Tab>
        </TabList>
        <TabPanel id="rich">
          <Suspense fallback={<Skeleton variant="rect" height="15rem" />}>
            <RichTextEditor label={t('Body')} value={body} onChange={setBody} />
          </Suspense>
        </TabPanel>
        <TabPanel id="source">
          <TextField
            label={t('Body')}
            name="body"
            multiline
            rows={12}
            value={body}
            onChange={setBody}
            className="bl-page-body-source"
          />
        </TabPanel>
        <TabPanel id="preview">
          <div
            className="bl-page-body-preview"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by safeHtml with the server's allow-list.
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </TabPanel>
      </Tabs>
      <div className="bl-admin-form__row">
        <TextField label={t('SEO title')} name="meta_title" value={metaTitle} onChange={setMetaTitle} />
        <TextField
          label={t('SEO description')}
          name="meta_description"
          value={metaDescription}
          onChange={setMetaDescription}
        />
      </div>
      <div className="bl-admin-form__choices">
        <Switch isSelected={hideNav} onChange={setHideNav}>
          {t('Hide the navbar')}
        </Switch>
        <Switch isSelected={hideFooter} onChange={setHideFooter}>
          {t('Hide the footer')}
        </Switch>
      </div>
    </AdminFormDialog>
  );
}

import { Button, TextField } from '@backline/ui';
import { Link } from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
  Separator,
  ToggleButton,
  Toolbar,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { droppedTags, isSafeLinkHref, linkAddress } from './rich-text';
import { safeHtml } from './safe-html';

export interface RichTextEditorProps {
  /** The HTML to edit. It is sanitised before the editor loads it; a new value replaces the document. */
  value: string;
  /** Called after each edit with the document as HTML, sanitised with the server's allow-list (`''` when empty). */
  onChange: (html: string) => void;
  /** The editing area's accessible name ("Body"). */
  label: string;
  className?: string;
}

/** What the toolbar shows as pressed or disabled, read from the editor after each transaction. */
interface ToolbarState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  href: string;
  canUndo: boolean;
  canRedo: boolean;
}

const EMPTY_STATE: ToolbarState = {
  bold: false,
  italic: false,
  h2: false,
  h3: false,
  bulletList: false,
  orderedList: false,
  link: false,
  href: '',
  canUndo: false,
  canRedo: false,
};

/** The editor's HTML, as the page will store it. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : safeHtml(editor.getHTML()));

/**
 * A rich-text editor for page bodies (TipTap) with a formatting toolbar on react-aria-components: bold, italic,
 * headings 2 and 3, bulleted and numbered lists, link, undo and redo. The toolbar is one tab stop whose buttons
 * the arrow keys walk; Alt+F10 in the text moves to it. The usual shortcuts work in the text (Ctrl/⌘+B, +I, +Z,
 * +Shift+Z) and Ctrl/⌘+K opens the link field. What it reports is sanitised with the allow-list the server applies
 * on save (`SAFE_HTML_CONFIG`), and a body is only rewritten once the admin edits it here: opening a page whose
 * markup has no rich-text form (a table, an image) says so and leaves the HTML untouched.
 *
 * It is the default export too, so a form can load it with `React.lazy` and keep TipTap out of its own chunk.
 */
export function RichTextEditor({ value, onChange, label, className }: RichTextEditorProps) {
  const { t } = useTranslation();
  const contentId = useId();
  const warningId = useId();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The value this editor last loaded or reported: a `value` equal to it is the editor's own echo, not new content
  // (reloading it would move the caret).
  const current = useRef(value);
  // Markup of the loaded body that the editor's schema has no place for; the body keeps it until an edit here.
  const [dropped, setDropped] = useState<string[]>([]);
  const load = (target: Editor, html: string, replace: boolean) => {
    const clean = safeHtml(html);
    if (replace) target.commands.setContent(clean, { emitUpdate: false });
    setDropped(droppedTags(clean, target.getHTML()));
  };
  // Sanitised once, for the editor's first document (DOMPurify needs a DOM; a server render makes no editor).
  const [initialContent] = useState(() => (typeof document === 'undefined' ? '' : safeHtml(value)));
  const editor = useEditor({
    // Stories render on the server too, where there is no DOM to mount into.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        link: false,
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        // The page body is what was written: no empty paragraph kept after the last block.
        trailingNode: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // The sanitiser decides `rel` (see hardenHtmlNode); a link keeps the target it was written with.
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url) => isSafeLinkHref(url),
        shouldAutoLink: (url) => isSafeLinkHref(url),
      }),
    ],
    content: initialContent,
    editorProps: {
      attributes: {
        id: contentId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-describedby': warningId,
        class: 'bl-rich-text__content',
      },
      handleKeyDown: (_view, event) => {
        // Alt+F10 is the usual way from a text area to its toolbar (WAI-ARIA's editor-toolbar practice).
        if (event.altKey && event.key === 'F10') {
          toolbarRef.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
          return true;
        }
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onCreate: ({ editor: created }) => load(created, current.current, false),
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      current.current = html;
      onChangeRef.current(html);
    },
  });

  // A new value from outside (the HTML view, a reset) replaces the document without reporting an edit.
  useEffect(() => {
    if (!editor || value === current.current) return;
    current.current = value;
    load(editor, value, true);
  });

  const state =
    useEditorState({
      editor,
      selector: ({ editor: current }): ToolbarState =>
        current
          ? {
              bold: current.isActive('bold'),
              italic: current.isActive('italic'),
              h2: current.isActive('heading', { level: 2 }),
              h3: current.isActive('heading', { level: 3 }),
              bulletList: current.isActive('bulletList'),
              orderedList: current.isActive('orderedList'),
              link: current.isActive('link'),
              href: String(current.getAttributes('link').href ?? ''),
              canUndo: current.can().undo(),
              canRedo: current.can().redo(),
            }
          : EMPTY_STATE,
    }) ?? EMPTY_STATE;

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run();
  };
  const disabled = !editor;

  return (
    <div className={['bl-rich-text', className].filter(Boolean).join(' ')}>
      <Toolbar
        ref={toolbarRef}
        aria-label={t('Formatting')}
        aria-controls={contentId}
        className="bl-rich-text__toolbar"
      >
        <ToolButton
          label={t('Bold')}
          shortcut="Control+B Meta+B"
          isSelected={state.bold}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleBold())}
        >
          <strong aria-hidden="true">B</strong>
        </ToolButton>
        <ToolButton
          label={t('Italic')}
          shortcut="Control+I Meta+I"
          isSelected={state.italic}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleItalic())}
        >
          <em aria-hidden="true">I</em>
        </ToolButton>
        <Separator orientation="vertical" className="bl-rich-text__separator" />
        <ToolButton
          label={t('Heading 2')}
          isSelected={state.h2}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleHeading({ level: 2 }))}
        >
          <Icon d="M4 6v12M12 6v12M4 12h8M15.5 13a2 2 0 1 1 3.2 1.6L15.5 18h4" />
        </ToolButton>
        <ToolButton
          label={t('Heading 3')}
          isSelected={state.h3}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleHeading({ level: 3 }))}
        >
          <Icon d="M4 6v12M12 6v12M4 12h8M15.5 12h4l-2.2 2.5a1.9 1.9 0 1 1-1.8 2.7" />
        </ToolButton>
        <Separator orientation="vertical" className="bl-rich-text__separator" />
        <ToolButton
          label={t('Bulleted list')}
          isSelected={state.bulletList}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleBulletList())}
        >
          <Icon d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
        </ToolButton>
        <ToolButton
          label={t('Numbered list')}
          isSelected={state.orderedList}
          isDisabled={disabled}
          onChange={() => run((chain) => chain.toggleOrderedList())}
        >
          <Icon d="M10 6h10M10 12h10M10 18h10M4 5l1-1v4M3.5 14.5a1.2 1.2 0 0 1 2 1L3.5 18h2.5" />
        </ToolButton>
        <Separator orientation="vertical" className="bl-rich-text__separator" />
        <DialogTrigger isOpen={linkOpen} onOpenChange={setLinkOpen}>
          <AriaButton
            className="bl-rich-text__button"
            aria-label={t('Link')}
            aria-keyshortcuts="Control+K Meta+K"
            // A pressed look for a link under the caret, like the toggles; the button itself opens the field.
            data-active={state.link || undefined}
            isDisabled={disabled}
          >
            <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          </AriaButton>
          <Popover placement="bottom start" className="bl-popover bl-popover--panel bl-rich-text__popover">
            <Dialog className="bl-rich-text__link-dialog">
              {({ close }) =>
                editor ? (
                  <LinkForm
                    href={state.href}
                    onApply={(href) => {
                      const chain = editor.chain().focus();
                      // With nothing selected the address itself becomes the linked text.
                      (editor.state.selection.empty && !editor.isActive('link')
                        ? chain.insertContent({
                            type: 'text',
                            text: href,
                            marks: [{ type: 'link', attrs: { href } }],
                          })
                        : chain.extendMarkRange('link').setLink({ href })
                      ).run();
                      close();
                    }}
                    onRemove={
                      state.link
                        ? () => {
                            editor.chain().focus().extendMarkRange('link').unsetLink().run();
                            close();
                          }
                        : undefined
                    }
                  />
                ) : null
              }
            </Dialog>
          </Popover>
        </DialogTrigger>
        <Separator orientation="vertical" className="bl-rich-text__separator" />
        <ToolAction
          label={t('Undo')}
          shortcut="Control+Z Meta+Z"
          isDisabled={disabled || !state.canUndo}
          onPress={() => run((chain) => chain.undo())}
        >
          <Icon d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
        </ToolAction>
        <ToolAction
          label={t('Redo')}
          shortcut="Control+Shift+Z Meta+Shift+Z"
          isDisabled={disabled || !state.canRedo}
          onPress={() => run((chain) => chain.redo())}
        >
          <Icon d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
        </ToolAction>
      </Toolbar>
      {/* A live region that is always there, so a warning appearing after a load is announced. */}
      <p id={warningId} className="bl-rich-text__warning" role="status">
        {dropped.length
          ? t('Some markup has no rich text form (:tags). Edit it in the HTML view to keep it.', {
              tags: dropped.join(', '),
            })
          : null}
      </p>
      {editor ? (
        <EditorContent editor={editor} className="bl-rich-text__frame" />
      ) : (
        <div className="bl-rich-text__frame bl-rich-text__frame--loading" aria-hidden="true" />
      )}
    </div>
  );
}

export default RichTextEditor;

function ToolButton({
  label,
  shortcut,
  isSelected,
  isDisabled,
  onChange,
  children,
}: {
  label: string;
  shortcut?: string;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <ToggleButton
      className="bl-rich-text__button"
      aria-label={label}
      aria-keyshortcuts={shortcut}
      isSelected={isSelected}
      isDisabled={isDisabled}
      onChange={onChange}
      // A mouse press must leave the caret and selection in the text: without this the button takes focus on
      // mousedown, and typing after a click on a toggle would go nowhere. Keyboard users reach it with Alt+F10.
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </ToggleButton>
  );
}

function ToolAction({
  label,
  shortcut,
  isDisabled,
  onPress,
  children,
}: {
  label: string;
  shortcut: string;
  isDisabled: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <AriaButton
      className="bl-rich-text__button"
      aria-label={label}
      aria-keyshortcuts={shortcut}
      isDisabled={isDisabled}
      onPress={onPress}
      preventFocusOnPress
    >
      {children}
    </AriaButton>
  );
}

/** The link field: the typed address becomes a safe `href` (see `linkAddress`) or an error on the field. */
function LinkForm({
  href,
  onApply,
  onRemove,
}: {
  href: string;
  onApply: (href: string) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(href);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The popover renders in a portal, but React still bubbles the submit to the page form around the editor.
    event.stopPropagation();
    const next = linkAddress(address);
    if (next) onApply(next);
    else setError(t('Enter a web address (https://…), a mailto: or tel: link, or a path on this site.'));
  };
  return (
    <form className="bl-rich-text__link-form" onSubmit={submit} noValidate>
      <Heading slot="title" className="bl-popover__title">
        {t('Link')}
      </Heading>
      <TextField
        label={t('Link address')}
        name="href"
        autoFocus
        value={address}
        onChange={(text) => {
          setAddress(text);
          setError(null);
        }}
        isInvalid={error !== null}
        errorMessage={error ?? undefined}
      />
      <div className="bl-rich-text__link-actions">
        {onRemove ? (
          <Button variant="outline" onPress={onRemove}>
            {t('Remove link')}
          </Button>
        ) : null}
        <Button type="submit">{t('Apply')}</Button>
      </div>
    </form>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

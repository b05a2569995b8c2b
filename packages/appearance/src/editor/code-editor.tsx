import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useId, useRef } from 'react';

/**
 * Token colours from the theme's own variables, so highlighting follows the light or dark theme and every colour
 * keeps the theme's AA contrast against the background (CodeMirror's default style is for light pages only).
 */
const THEME_HIGHLIGHT = HighlightStyle.define([
  { tag: [tags.keyword, tags.tagName, tags.propertyName], color: 'var(--bl-primary)' },
  { tag: [tags.string, tags.attributeValue], color: 'var(--bl-positive)' },
  { tag: [tags.number, tags.unit, tags.color], color: 'var(--bl-danger)' },
  { tag: [tags.comment], color: 'var(--bl-fg-muted)', fontStyle: 'italic' },
  {
    tag: [tags.attributeName, tags.className, tags.definition(tags.variableName)],
    color: 'var(--bl-fg)',
    fontWeight: '600',
  },
]);

export interface CodeEditorProps {
  /** The visible label, tied to the editable area with aria-labelledby. */
  label: string;
  description?: string;
  language: 'css' | 'html';
  value: string;
  onChange(value: string): void;
}

/**
 * A CSS or HTML editor with syntax highlighting, on CodeMirror 6. CodeMirror needs no eval (so it runs under the
 * site's CSP) and its editable area is a real contenteditable with the textbox role, so screen readers and
 * keyboards use it like a textarea. Tab indents; Escape then Tab leaves the editor (CodeMirror's rule, so the
 * keyboard is never trapped).
 */
export function CodeEditor({ label, description, language, value, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();
  const descriptionId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is built once; `value` is synced below.
  useEffect(() => {
    if (!host.current) return;
    const instance = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          syntaxHighlighting(THEME_HIGHLIGHT),
          language === 'css' ? css() : html(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-labelledby': labelId,
            ...(description ? { 'aria-describedby': descriptionId } : {}),
            'aria-multiline': 'true',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = instance;
    return () => {
      instance.destroy();
      view.current = null;
    };
  }, [language]);

  // A value set from outside ("Reset") replaces the document; the editor's own edits already match.
  useEffect(() => {
    const instance = view.current;
    if (!instance) return;
    const current = instance.state.doc.toString();
    if (current !== value) instance.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return (
    <div className="bl-appearance-code">
      <span className="bl-appearance-code__label" id={labelId}>
        {label}
      </span>
      {description ? (
        <span className="bl-appearance-code__description" id={descriptionId}>
          {description}
        </span>
      ) : null}
      <div className="bl-appearance-code__editor" ref={host} data-language={language} />
    </div>
  );
}

import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { useState } from 'react';
import { RichTextEditor } from './rich-text-editor';

/** The editor with the HTML it reports shown below it, as the custom page form keeps it. */
function EditorWithSource({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: '1rem', width: 'min(40rem, 90vw)' }}>
      <RichTextEditor label="Body" value={html} onChange={setHtml} />
      <pre data-testid="html" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        {html}
      </pre>
    </div>
  );
}

const meta: Meta<typeof EditorWithSource> = {
  title: 'Admin/Rich text editor',
  component: EditorWithSource,
  args: { initial: '' },
};
export default meta;
type Story = StoryObj<typeof EditorWithSource>;

/** Waits in the page for `done`, up to a bound (the editor mounts after the first render). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5000 && !done(); waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  if (!done()) throw new Error('the editor did not reach the expected state');
}

/** A new page: an empty editing area under the toolbar; undo and redo are disabled. */
export const Empty: Story = {};

/** A page body with headings, emphasis, a link and both kinds of list; the toolbar reflects the caret's place. */
export const WithContent: Story = {
  args: {
    initial:
      '<h2>Liner notes</h2><p>Recorded <strong>live</strong> in <em>Lisbon</em>. ' +
      '<a href="https://example.com/label">The label</a> has the full credits.</p>' +
      '<h3>Players</h3><ul><li>Ana: voice</li><li>Rui: guitar</li></ul><ol><li>Side A</li><li>Side B</li></ol>',
  },
};

/**
 * A body with markup the editor has no form for (a table, an image): it says so, and the HTML stays as it was
 * until the text is edited here.
 */
export const MarkupItCannotKeep: Story = {
  args: {
    initial:
      '<p>Tour dates</p><table><tbody><tr><td>Porto</td><td>May 2</td></tr></tbody></table>' +
      '<p><img src="/poster.png" alt="Poster"></p>',
  },
};

/** Selects the text and presses "Heading 2": the reported HTML becomes a heading, and "Undo" is enabled. */
export const MakesAHeading: Story = {
  args: { initial: '<p>Credits</p>' },
  play: async ({ canvasElement }) => {
    const content = () => canvasElement.querySelector<HTMLElement>('.bl-rich-text__content');
    await until(() => content() !== null);
    const text = content()!.querySelector('p')!.firstChild!;
    const range = document.createRange();
    range.selectNodeContents(text);
    content()!.focus();
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    canvasElement.querySelector<HTMLButtonElement>('button[aria-label="Heading 2"]')!.click();
    const html = () => canvasElement.querySelector('[data-testid="html"]')?.textContent ?? '';
    await until(() => html() === '<h2>Credits</h2>');
    const undo = canvasElement.querySelector<HTMLButtonElement>('button[aria-label="Undo"]')!;
    await until(() => !undo.disabled);
  },
};

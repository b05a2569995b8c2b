import { Button } from '@backline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { UploadProgressList } from './upload-progress-list';
import { storyItem, storyState } from './uploads.fixtures';
import { useUploaderEvent, useUploads } from './use-uploads';

const actions = {
  onAbort: (id: string) => console.info('abort', id),
  onRetry: (id: string) => console.info('retry', id),
  onRemove: (id: string) => console.info('remove', id),
  onClearFinished: () => console.info('clear finished'),
};

const meta = {
  title: 'Uploads/UploadProgressList',
  component: UploadProgressList,
  args: { state: storyState([storyItem('01 - Intro.wav', 'pending')]), ...actions },
  decorators: [(Story) => <div style={{ width: 'min(560px, 92vw)' }}>{Story()}</div>],
} satisfies Meta<typeof UploadProgressList>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Pending: Story = {};
export const InProgress: Story = {
  args: { state: storyState([storyItem('02 - Night drive.wav', 'inProgress', { percentage: 64 })]) },
};
export const Completed: Story = {
  args: { state: storyState([storyItem('cover.png', 'completed', { size: 420_000, mime: 'image/png' })]) },
};
export const FailedWithServerMessage: Story = {
  args: {
    state: storyState([
      storyItem('03 - Outro.wav', 'failed', {
        percentage: 30,
        errorMessage: 'You have used all of your storage.',
      }),
    ]),
  },
};
export const Aborted: Story = {
  args: { state: storyState([storyItem('04 - Demo.wav', 'aborted', { percentage: 12 })]) },
};
export const TimedOut: Story = {
  args: {
    state: storyState([
      storyItem('05 - Live.wav', 'failed', { percentage: 77, errorMessage: 'Upload timed out' }),
    ]),
  },
};
export const RestrictionFailure: Story = {
  args: {
    state: storyState([
      storyItem('notes.txt', 'failed', {
        percentage: 0,
        size: 12,
        errorMessage: 'This file type is not allowed',
        refused: true,
      }),
      storyItem('master.wav', 'failed', {
        percentage: 0,
        size: 3 * 1024 * 1024 * 1024,
        errorMessage: '`master.wav` exceeds maximum allowed size of 1 GB',
        refused: true,
      }),
    ]),
  },
};
export const FolderAndMixed: Story = {
  args: {
    state: storyState([
      storyItem('01.wav', 'completed', { relativePath: 'Album/Disc 1/01.wav' }),
      storyItem('02.wav', 'inProgress', { relativePath: 'Album/Disc 1/02.wav', percentage: 18 }),
      storyItem('03.wav', 'pending', { relativePath: 'Album/Disc 1/03.wav' }),
      storyItem('cover.jpg', 'failed', { relativePath: 'Album/cover.jpg', errorMessage: 'Upload timed out' }),
    ]),
  },
};
export const ManyFiles: Story = {
  args: {
    maxVisible: 5,
    state: storyState(
      Array.from({ length: 1000 }, (_, i) =>
        storyItem(`track-${i + 1}.wav`, i < 3 ? 'inProgress' : 'pending'),
      ),
    ),
  },
};
export const Dark: Story = {
  args: {
    state: storyState([
      storyItem('a.wav', 'inProgress'),
      storyItem('b.wav', 'failed', { errorMessage: 'Upload timed out' }),
    ]),
  },
  globals: { theme: 'dark' },
};
export const Narrow: Story = {
  args: InProgress.args,
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
};

/**
 * A live queue from `useUploads`, passed whole (`uploads={uploads}`), with `useUploaderEvent` listing the files
 * the restrictions refused. The play function adds a text file to an audio-only queue: the row shows it failed
 * with only Remove, the event's line names it, and Remove (wired by `uploads`) empties the queue.
 */
function LiveQueue() {
  const uploads = useUploads({ restrictions: { allowedMimes: ['audio/*'] } });
  const [refused, setRefused] = useState<string[]>([]);
  useUploaderEvent(uploads.uploader, 'restrictionFailed', (item) =>
    setRefused((list) => [...list, item.name]),
  );
  return (
    <>
      <Button
        variant="outline"
        onPress={() => uploads.add([new File(['notes'], 'notes.txt', { type: 'text/plain' })])}
      >
        Add notes.txt
      </Button>
      <UploadProgressList uploads={uploads} />
      <p data-testid="refused">{refused.length ? `Refused: ${refused.join(', ')}` : 'Nothing refused'}</p>
    </>
  );
}

/** Resolves once `find` answers something, within 200 frames (a bound: the render follows in a frame or two). */
async function nextFrames<T>(find: () => T | null | undefined): Promise<T> {
  for (let frame = 0; frame < 200; frame++) {
    const found = find();
    if (found) return found;
    await new Promise(requestAnimationFrame);
  }
  throw new Error('the expected element never appeared');
}

export const LiveQueueWithEvents: Story = {
  render: () => <LiveQueue />,
  play: async ({ canvasElement }) => {
    const buttons = () => [...canvasElement.querySelectorAll<HTMLButtonElement>('button')];
    buttons()
      .find((button) => button.textContent === 'Add notes.txt')!
      .click();
    const row = await nextFrames(() => canvasElement.querySelector('.bl-upload-item[data-status="failed"]'));
    if (!row.textContent?.includes('notes.txt'))
      throw new Error(`the row names another file: ${row.textContent}`);
    const line = canvasElement.querySelector('[data-testid="refused"]')!;
    await nextFrames(() => line.textContent === 'Refused: notes.txt' || null);
    if (row.querySelector('button[aria-label="Retry notes.txt"]'))
      throw new Error('a refused file offers Retry');
    buttons()
      .find((button) => button.getAttribute('aria-label') === 'Remove notes.txt')!
      .click();
    await nextFrames(() => !canvasElement.querySelector('.bl-upload-item') || null);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { UploadProgressList } from './upload-progress-list';
import { storyItem, storyState } from './uploads.fixtures';

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

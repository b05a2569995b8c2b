import { uploads } from '@backline/core/contract';
import { createI18n } from '@backline/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { UploadDropZone } from './drop-zone';
import { ImageUploadField } from './image-upload-field';
import { formatDuration, UploadProgressList } from './upload-progress-list';
import { storyItem, storyState } from './uploads.fixtures';

const i18n = createI18n({ language: 'en', lines: {} });
const render = (node: ReactNode) => renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const noop = () => undefined;

describe('UploadProgressList', () => {
  it('names every bar and button after its file, and shows failures', () => {
    const html = render(
      <UploadProgressList
        state={storyState([
          storyItem('a.wav', 'inProgress', { percentage: 40 }),
          storyItem('b.wav', 'failed', { errorMessage: 'Upload timed out' }),
          storyItem('c.txt', 'failed', { errorMessage: 'This file type is not allowed', refused: true }),
          storyItem('d.wav', 'completed', { relativePath: 'album/d.wav' }),
        ])}
        onAbort={noop}
        onRetry={noop}
        onRemove={noop}
        onClearFinished={noop}
      />,
    );
    expect(html).toContain('aria-label="Upload progress of a.wav"');
    expect(html).toContain('aria-valuenow="40"');
    expect(html).toContain('aria-label="Abort a.wav"');
    expect(html).toContain('aria-label="Retry b.wav"');
    expect(html).toContain('Upload timed out');
    // A refused file cannot be retried, only removed.
    expect(html).not.toContain('aria-label="Retry c.txt"');
    expect(html).toContain('aria-label="Remove c.txt"');
    expect(html).toContain('album/d.wav');
    expect(html).toContain('1 of 4 files uploaded');
    expect(html).toContain('Clear finished');
  });

  it('renders at most maxVisible rows and sums up the rest', () => {
    const items = Array.from({ length: 1000 }, (_, i) => storyItem(`t${i}.wav`, 'pending'));
    const html = render(<UploadProgressList state={storyState(items)} maxVisible={10} />);
    expect(html.match(/class="bl-upload-item"/g)).toHaveLength(10);
    expect(html).toContain('990 more files');
  });

  it('renders nothing for an empty queue', () => {
    expect(render(<UploadProgressList state={storyState([])} />)).toBe('');
  });

  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('UploadDropZone', () => {
  it('offers file and folder buttons, and a hover state', () => {
    const idle = render(<UploadDropZone onFiles={noop} />);
    expect(idle).toContain('Select files');
    expect(idle).toContain('Select folder');
    expect(idle).toContain('webkitdirectory');
    expect(idle).toContain('Drop files here');
    const hover = render(<UploadDropZone onFiles={noop} isDropTarget allowFolders={false} />);
    expect(hover).toContain('data-drop-target="true"');
    expect(hover).toContain('Drop to upload');
    expect(hover).not.toContain('Select folder');
  });
});

describe('ImageUploadField', () => {
  it('shows a 90×90 preview of the value', () => {
    const html = render(
      <ImageUploadField label="Profile image" value="/avatar.png" upload={async () => ''} />,
    );
    expect(html).toContain('src="/avatar.png"');
    expect(html).toContain('width="90"');
    expect(html).toContain('Replace image');
    expect(html).toContain('accept="image/*"');
  });

  it('reads "Please select an image" when invalid', () => {
    const html = render(<ImageUploadField label="Profile image" isInvalid upload={async () => ''} />);
    expect(html).toContain('Please select an image');
    expect(html).toContain('Upload image');
    expect(render(<ImageUploadField label="Profile image" upload={async () => ''} />)).not.toContain(
      'Please select an image',
    );
  });

  it('types the answer of a route of the contract', () => {
    const typeOnly = () => (
      <>
        <ImageUploadField
          label="Artwork"
          route={uploads.upload}
          getUrl={(answer) => answer.fileEntry.url}
          onUploaded={(answer) => {
            // @ts-expect-error a file entry has no `path` on the wire
            void answer.fileEntry.path;
          }}
        />
        {/* @ts-expect-error the route's body is a form, so it goes through `route`, not as a JSON call */}
        <ImageUploadField label="Artwork" route={uploads.tusEntries} />
      </>
    );
    expect(typeof typeOnly).toBe('function');
  });
});

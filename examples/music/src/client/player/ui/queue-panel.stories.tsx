import '@backline/ui/styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlayerFixture } from '../player.fixtures';
import { QueueContents } from './queue-panel';
import './player.css';

const meta = {
  title: 'Music/Player/QueuePanel',
  component: QueueContents,
  decorators: [
    (Story, { parameters }) => (
      <PlayerFixture state={parameters.playerState ?? 'paused'}>
        <div style={{ width: 420 }}>
          <Story />
        </div>
      </PlayerFixture>
    ),
  ],
} satisfies Meta<typeof QueueContents>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Now playing, one track next in the queue, and the rest of the album; drag a row or use its handle. */
export const WithQueue: Story = {};
/** An empty queue (a drop target: drag a row of the album into it) and the rest of the album, each row with its
 * "Move to the queue" button. */
export const EmptyQueue: Story = { parameters: { playerState: 'context-only' } };
/** Nothing played yet. */
export const Empty: Story = { parameters: { playerState: 'empty' } };
export const Dark: Story = { globals: { theme: 'dark' } };

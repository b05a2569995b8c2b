import '@backline/ui/styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlayerFixture } from '../player.fixtures';
import { PlayerBar } from './player-bar';

const meta = {
  title: 'Music/Player/PlayerBar',
  component: PlayerBar,
  parameters: { layout: 'fullscreen' },
  args: { mini: false },
  decorators: [
    (Story, { parameters }) => (
      <PlayerFixture
        state={parameters.playerState}
        canPlay={parameters.canPlay ?? true}
        waveform={parameters.waveform ?? false}
      >
        <div style={{ position: 'fixed', insetInline: 0, bottom: 0 }}>
          <Story />
        </div>
      </PlayerFixture>
    ),
  ],
} satisfies Meta<typeof PlayerBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Playing an album (the tones really play once the browser allows audio). */
export const Playing: Story = { parameters: { playerState: 'playing' } };
/** A restored session: paused at 0:12 of the second track. */
export const Paused: Story = { parameters: { playerState: 'paused' } };

/** Paused 12 s into a track that has a waveform (computed at upload): the seek bar draws it. */
export const WithWaveform: Story = { parameters: { playerState: 'paused', waveform: true } };
/** The track is still on its way: the play button spins. */
export const Buffering: Story = { parameters: { playerState: 'buffering' } };
/** The first track answers 404: a toast says so and the player has moved on to the next one. */
export const ErrorMovesOn: Story = { name: 'Error', parameters: { playerState: 'error' } };
/** A visitor whose role lacks music.play: the play button explains how to get it. */
export const NoPermission: Story = { parameters: { playerState: 'empty', canPlay: false } };
/** Nothing played yet. */
export const Empty: Story = { parameters: { playerState: 'empty' } };
/** The mini player of a 375 px screen; pressing it opens the full view. */
export const Mini: Story = {
  args: { mini: true },
  parameters: { playerState: 'paused', viewport: { defaultViewport: 'mobile1' } },
};
export const Dark: Story = { parameters: { playerState: 'paused' }, globals: { theme: 'dark' } };

import { type BootstrapData, createBootstrapStore, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { ToastRegion, toast } from '@backline/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { PlaybackController } from './engine/playback';
import { QueueModel } from './engine/queue';
import type { PlayerTrack } from './engine/types';
import { PlayerProvider } from './player-provider';

// Fixtures for the player's stories and browser tests (not part of the site): tracks that really play (tones made in
// the browser), and an engine put in a given state.

/** A 16-bit mono WAV of a sine, as an object URL. */
export function toneUrl(frequency: number, seconds: number, sampleRate = 44_100): string {
  const count = Math.round(seconds * sampleRate);
  const view = new DataView(new ArrayBuffer(44 + count * 2));
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + count * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, count * 2, true);
  for (let i = 0; i < count; i++) {
    view.setInt16(
      44 + i * 2,
      Math.round(0.2 * 32767 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)),
      true,
    );
  }
  return URL.createObjectURL(new Blob([view.buffer], { type: 'audio/wav' }));
}

const NAMES = ['Night Drive', 'Glass Harbour', 'Paper Moons', 'Slow Current', 'Northern Lines', 'Late Bloom'];

/** Six tracks of one album by two artists; `src` decides where each streams from. */
export function fixtureTracks(src: (index: number) => string): PlayerTrack[] {
  return NAMES.map((name, i) => ({
    id: i + 1,
    name,
    durationMs: 30_000 + i * 5000,
    src: src(i),
    path: `/track/${i + 1}/${name.toLowerCase().replace(/ /g, '-')}`,
    image: null,
    artists: [
      { id: 1, name: 'The Quiet Hours', path: '/artist/1/the-quiet-hours' },
      ...(i % 2 ? [{ id: 2, name: 'Mara Lind', path: '/artist/2/mara-lind' }] : []),
    ],
    album: { id: 1, name: 'Harbour Lights', path: '/album/1/the-quiet-hours/harbour-lights' },
  }));
}

/** `context-only`: paused like `paused`, with nothing in the listener's queue (only the rest of the album). */
export type FixtureState = 'empty' | 'playing' | 'paused' | 'context-only' | 'buffering' | 'error';

/** Bootstrap data for a visitor whose guest role does (or does not) hold `music.play`. */
export function fixtureBootstrap(canPlay: boolean): BootstrapData {
  return {
    ...EMPTY_BOOTSTRAP,
    guest_role: {
      id: 1,
      name: 'guests',
      permissions: [{ name: 'music.view' }, ...(canPlay ? [{ name: 'music.play' }] : [])],
    },
  };
}

/** Never answers: the track stays "loading" (the buffering state). */
const pendingFetch: typeof fetch = () => new Promise<Response>(() => {});
/** Answers 404 for the first track, so the player reports it and moves on. */
const missingFirst =
  (tracks: PlayerTrack[]): typeof fetch =>
  (input, init) =>
    String(input) === tracks[0]!.src
      ? Promise.resolve(new Response('gone', { status: 404 }))
      : globalThis.fetch(input, init);

/**
 * A made-up waveform for track `id`: a swelling and falling shape with a beat on it, different per track, in the
 * server's form (200 peaks in 0…1).
 */
export function fixtureWaveform(id: number): number[] {
  return Array.from({ length: 200 }, (_, i) => {
    const swell = Math.sin((Math.PI * i) / 200) * 0.6 + 0.2;
    const beat = (i + id) % 8 === 0 ? 0.2 : Math.abs(Math.sin(i * 0.7 + id)) * 0.15;
    return Math.round(Math.min(1, swell + beat) * 1000) / 1000;
  });
}
const loadFixtureWaveform = async (id: number) => fixtureWaveform(id);

/** A player engine in `state`, with the providers the player needs around `children`. */
export function PlayerFixture({
  state = 'paused',
  canPlay = true,
  tracks: given,
  waveform = false,
  children,
}: {
  state?: FixtureState;
  canPlay?: boolean;
  tracks?: PlayerTrack[];
  /** Give the tracks waveforms, as uploaded and demo tracks have. */
  waveform?: boolean;
  children: ReactNode;
}) {
  const [store] = useState(() => createBootstrapStore(fixtureBootstrap(canPlay)));
  const [tracks] = useState(() => given ?? fixtureTracks((i) => toneUrl(220 * 2 ** (i / 12), 4)));
  const [engine] = useState(() => {
    const queue = new QueueModel();
    const controller = new PlaybackController(queue, {
      fetch: state === 'buffering' ? pendingFetch : state === 'error' ? missingFirst(tracks) : undefined,
      onError: (error) =>
        toast.danger('“:name” is no longer available.', { values: { name: error.track.name } }),
    });
    return { queue, controller };
  });
  useEffect(() => {
    const { queue, controller } = engine;
    if (state === 'empty' || queue.getSnapshot().current) return;
    if (state !== 'context-only') queue.addToQueue([tracks[4]!]);
    if (state === 'paused' || state === 'context-only') {
      queue.playList(tracks, 1, {
        type: 'album',
        id: 1,
        name: 'Harbour Lights',
        path: tracks[0]!.album!.path,
      });
      controller.restore(12_000);
    } else {
      controller.playList(tracks, 0, {
        type: 'album',
        id: 1,
        name: 'Harbour Lights',
        path: tracks[0]!.album!.path,
      });
    }
  }, [engine, state, tracks]);
  return (
    <BacklineProvider store={store}>
      <PlayerProvider engine={engine} loadWaveform={waveform ? loadFixtureWaveform : undefined}>
        {children}
        <ToastRegion />
      </PlayerProvider>
    </BacklineProvider>
  );
}

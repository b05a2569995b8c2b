import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AudioHarness,
  floatWav,
  SAMPLE_RATE,
  startAudioHarness,
  tone,
} from './test-support/audio-harness';
import type { PlayerTrack } from './types';

function track(id: number, src: string, durationMs: number): PlayerTrack {
  return {
    id,
    name: `Tone ${id}`,
    durationMs,
    src,
    path: `/track/${id}`,
    image: null,
    artists: [],
    album: null,
  };
}

interface SessionResult {
  samples: number[];
  errors: string[];
  /** Play reports, in order (the stream URL of each). */
  played: string[];
  trackChanges: number;
  /** How many files were decoded whole (a long track streamed through a media element is not). */
  decodes: number;
  /** Live decoded AudioBuffers (not yet collected) and JS heap after GC, at the 10th track and at the end. */
  memory: { at: number; liveBuffers: number; heap: number }[];
}

/**
 * Runs in the page: plays the tracks through the real engine on a 48 kHz context, records the master output with an
 * AudioWorklet, and answers when the controller reports the end of the list (no sleeps: it waits on the events).
 */
function playSession(args: {
  tracks: PlayerTrack[];
  crossfade: number;
  memoryAt: number[];
  record: boolean;
  longTrackMs?: number;
}): Promise<SessionResult> {
  type Engine = typeof import('./index');
  const { QueueModel, PlaybackController } = (window as unknown as { PlayerEngine: Engine }).PlayerEngine;
  const gc = (window as unknown as { gc?: () => void }).gc;
  const heapNow = () =>
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  return (async () => {
    const ctx = new AudioContext({ sampleRate: 48_000 });
    // Count decoded buffers still alive: each is registered, and the registry hears when one is collected.
    let liveBuffers = 0;
    let decodes = 0;
    const registry = new FinalizationRegistry(() => {
      liveBuffers--;
    });
    const decode = ctx.decodeAudioData.bind(ctx);
    ctx.decodeAudioData = async (data: ArrayBuffer) => {
      const buffer = await decode(data);
      decodes++;
      liveBuffers++;
      registry.register(buffer, null);
      return buffer;
    };
    await ctx.audioWorklet.addModule('/recorder.js');
    const recorder = new AudioWorkletNode(ctx, 'recorder', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    const chunks: Float32Array[] = [];
    let flushed: () => void = () => {};
    recorder.port.onmessage = (event: MessageEvent) => {
      // The memory test records nothing: the recording itself would grow the heap.
      if (event.data instanceof Float32Array) {
        if (args.record) chunks.push(event.data);
      } else flushed();
    };
    const errors: string[] = [];
    const played: string[] = [];
    const queue = new QueueModel();
    const controller = new PlaybackController(queue, {
      audioContext: () => ctx,
      onError: (error) => errors.push(`${error.kind} ${error.track.src}`),
      onPlayed: (reported) => played.push(reported.src),
      ...(args.longTrackMs !== undefined && { longTrackMs: args.longTrackMs }),
    });
    controller.output.connect(recorder);
    recorder.connect(ctx.destination);
    controller.setCrossfade(args.crossfade);
    const memory: SessionResult['memory'] = [];
    let trackChanges = 0;
    const settle = async (at: number) => {
      // Collected buffers are counted by the registry a task or two after a collection.
      for (let i = 0; i < 5; i++) {
        gc?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      memory.push({ at, liveBuffers, heap: heapNow() });
    };
    await new Promise<void>((resolve) => {
      let started = false;
      let lastKey: string | null = null;
      controller.subscribe(() => {
        const s = controller.getSnapshot();
        if (s.current && s.current.key !== lastKey) {
          lastKey = s.current.key;
          trackChanges++;
          if (args.memoryAt.includes(trackChanges)) void settle(trackChanges);
        }
        if (s.status === 'playing') started = true;
        if (started && s.status === 'paused') resolve();
      });
      controller.playList(args.tracks, 0, null);
    });
    await new Promise<void>((resolve) => {
      flushed = resolve;
      recorder.port.postMessage('flush');
    });
    controller.destroy();
    await settle(-1);
    await ctx.close();
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const all = new Float32Array(total);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return { samples: Array.from(all), errors, played, trackChanges, decodes, memory };
  })();
}

/** Index of the first sample that is not silence. */
function firstSound(samples: number[]): number {
  return samples.findIndex((x) => Math.abs(x) > 1e-6);
}

/** Amplitude of a sine at `frequency` over samples [from, from + length), by correlation (whole cycles fit). */
function amplitudeAt(samples: number[], from: number, length: number, frequency: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < length; i++) {
    const angle = (2 * Math.PI * frequency * (from + i)) / SAMPLE_RATE;
    re += samples[from + i]! * Math.cos(angle);
    im += samples[from + i]! * Math.sin(angle);
  }
  return (2 * Math.hypot(re, im)) / length;
}

describe('playback engine in Chromium (Web Audio)', () => {
  let harness: AudioHarness;
  beforeAll(async () => {
    harness = await startAudioHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('plays two tracks cut from one tone without a gap: the output is the uncut tone, sample for sample', async () => {
    const frequency = 440;
    const total = SAMPLE_RATE * 2 + 311;
    // Not on any frame boundary: not a multiple of 1152 (MP3), 1024 (AAC) or 128 (the Web Audio render quantum).
    const cut = SAMPLE_RATE + 577;
    const whole = tone(frequency, total);
    harness.files.set('/gapless/a.wav', floatWav(whole.slice(0, cut)));
    harness.files.set('/gapless/b.wav', floatWav(whole.slice(cut)));
    const result = await harness.page.evaluate(playSession, {
      tracks: [
        track(1, '/gapless/a.wav', (cut / SAMPLE_RATE) * 1000),
        track(2, '/gapless/b.wav', ((total - cut) / SAMPLE_RATE) * 1000),
      ],
      crossfade: 0,
      memoryAt: [],
      record: true,
    });
    expect(result.errors).toEqual([]);
    expect(result.trackChanges).toBe(2);
    const out = result.samples;
    const start = firstSound(out);
    expect(start).toBeGreaterThanOrEqual(0);

    // No silence longer than 5 ms anywhere in the two tracks (a sine is near zero only for a sample or two).
    const silenceLimit = Math.round(SAMPLE_RATE * 0.005);
    let run = 0;
    let longest = 0;
    for (let i = start; i < start + total; i++) {
      run = Math.abs(out[i]!) < 1e-3 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeLessThan(silenceLimit);

    // No step between neighbouring samples larger than the tone's own largest step (plus float rounding).
    const toneStep = 0.5 * 2 * Math.sin((Math.PI * frequency) / SAMPLE_RATE);
    let worstStep = 0;
    let worstAt = 0;
    for (let i = start + 1; i < start + total; i++) {
      const step = Math.abs(out[i]! - out[i - 1]!);
      if (step > worstStep) {
        worstStep = step;
        worstAt = i - start;
      }
    }
    expect(worstStep, `largest step ${worstStep} at sample ${worstAt}`).toBeLessThanOrEqual(toneStep * 1.001);

    // Exactly as long as the tone: the second track neither overlaps the first nor leaves a sample out.
    expect(Math.abs(out[start + total - 1]!)).toBeGreaterThan(0);
    expect(out.slice(start + total, start + total + 256).every((x) => x === 0)).toBe(true);
    // And it is the tone itself, sample for sample, across the cut.
    let deviation = 0;
    for (let i = 0; i < total; i++) deviation = Math.max(deviation, Math.abs(out[start + i]! - whole[i]!));
    expect(deviation).toBeLessThan(1e-4);
    // Both listens were reported, once each, at their ends (each is shorter than 30 seconds).
    expect(result.played).toEqual(['/gapless/a.wav', '/gapless/b.wav']);
  }, 120_000);

  it('crossfades with equal-power curves: both tones at cos/sin gains through the configured overlap', async () => {
    // Whole cycles in every 480-sample (10 ms) window, so the correlation reads each tone's amplitude exactly.
    const [fa, fb] = [400, 700];
    const length = SAMPLE_RATE * 3;
    const fade = 1;
    harness.files.set('/fade/a.wav', floatWav(tone(fa, length, { phase: 0 })));
    harness.files.set('/fade/b.wav', floatWav(tone(fb, length, { phase: 0 })));
    const result = await harness.page.evaluate(playSession, {
      tracks: [track(1, '/fade/a.wav', 3000), track(2, '/fade/b.wav', 3000)],
      crossfade: fade,
      memoryAt: [],
      record: true,
    });
    expect(result.errors).toEqual([]);
    const out = result.samples;
    const start = firstSound(out);
    const overlapStart = start + length - fade * SAMPLE_RATE;
    const window = 480;
    // Before the overlap: tone A alone at full level; after it: tone B alone.
    expect(amplitudeAt(out, overlapStart - 2 * window, window, fa)).toBeCloseTo(0.5, 2);
    expect(amplitudeAt(out, overlapStart - 2 * window, window, fb)).toBeLessThan(0.01);
    expect(amplitudeAt(out, start + length + window, window, fb)).toBeCloseTo(0.5, 2);
    expect(amplitudeAt(out, start + length + window, window, fa)).toBeLessThan(0.01);
    // Through the overlap, window by window: A follows cos, B follows sin, and their power sums to one tone's.
    const checked: string[] = [];
    for (let from = overlapStart; from + window <= start + length; from += 4 * window) {
      const x = (from + window / 2 - overlapStart) / (fade * SAMPLE_RATE);
      const a = amplitudeAt(out, from, window, fa);
      const b = amplitudeAt(out, from, window, fb);
      expect(a, `tone A at ${x.toFixed(2)} of the fade`).toBeCloseTo(0.5 * Math.cos((x * Math.PI) / 2), 2);
      expect(b, `tone B at ${x.toFixed(2)} of the fade`).toBeCloseTo(0.5 * Math.sin((x * Math.PI) / 2), 2);
      expect(a * a + b * b).toBeCloseTo(0.25, 2);
      checked.push(x.toFixed(2));
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('reports a missing track and moves on to the next one', async () => {
    harness.files.set('/errors/ok.wav', floatWav(tone(440, SAMPLE_RATE / 4)));
    const result = await harness.page.evaluate(playSession, {
      tracks: [track(1, '/errors/missing.wav', 250), track(2, '/errors/ok.wav', 250)],
      crossfade: 0,
      memoryAt: [],
      record: true,
    });
    expect(result.errors).toEqual(['not-found /errors/missing.wav']);
    expect(result.played).toEqual(['/errors/ok.wav']);
    expect(firstSound(result.samples)).toBeGreaterThan(0);
  }, 120_000);

  it('waits out a lost network and resumes: the next track plays once the server answers again', async () => {
    harness.files.set('/network/a.wav', floatWav(tone(440, SAMPLE_RATE / 4)));
    harness.files.set('/network/b.wav', floatWav(tone(600, SAMPLE_RATE / 2, { phase: 0 })));
    harness.dropFirst.add('/network/b.wav');
    const result = await harness.page.evaluate(playSession, {
      tracks: [track(1, '/network/a.wav', 250), track(2, '/network/b.wav', 500)],
      crossfade: 0,
      memoryAt: [],
      record: true,
    });
    expect(result.errors).toEqual([]);
    expect(result.played).toEqual(['/network/a.wav', '/network/b.wav']);
    // The whole of track B came out, after track A: find its tone at full level near its end.
    const out = result.samples;
    let last = out.length - 1;
    while (last > 0 && Math.abs(out[last]!) < 1e-6) last--;
    expect(amplitudeAt(out, last + 1 - 2 * 480, 480, 600)).toBeCloseTo(0.5, 2);
  }, 120_000);

  it('streams a track over the length limit through a media element, never decoding it whole, then moves on', async () => {
    // The limit is lowered to 1 s for the test; the real one (LONG_TRACK_MS) is 15 minutes.
    const [fa, fb] = [400, 700];
    harness.files.set('/long/a.wav', floatWav(tone(fa, (SAMPLE_RATE * 3) / 2, { phase: 0 })));
    harness.files.set('/long/b.wav', floatWav(tone(fb, SAMPLE_RATE / 2, { phase: 0 })));
    const result = await harness.page.evaluate(playSession, {
      tracks: [track(1, '/long/a.wav', 1500), track(2, '/long/b.wav', 500)],
      crossfade: 0,
      memoryAt: [],
      record: true,
      longTrackMs: 1000,
    });
    expect(result.errors).toEqual([]);
    expect(result.trackChanges).toBe(2);
    // Only the short track was decoded into a buffer.
    expect(result.decodes).toBe(1);
    expect(result.played).toEqual(['/long/a.wav', '/long/b.wav']);
    // The long track's tone went through the graph (so volume and the master output apply), at full level…
    const out = result.samples;
    const start = firstSound(out);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(amplitudeAt(out, start + SAMPLE_RATE / 2, 480, fa)).toBeCloseTo(0.5, 1);
    // …and the short one followed it to its end.
    let last = out.length - 1;
    while (last > 0 && Math.abs(out[last]!) < 1e-6) last--;
    expect(amplitudeAt(out, last + 1 - 2 * 480, 480, fb)).toBeCloseTo(0.5, 2);
  }, 120_000);

  it('pauses, seeks and resumes a streamed long track, and stops at the end of the list', async () => {
    harness.files.set('/long/c.wav', floatWav(tone(500, SAMPLE_RATE * 4, { phase: 0 })));
    const page = harness.page;
    type LongTest = {
      controller: import('./playback').PlaybackController;
      statuses: string[];
    };
    await page.evaluate(
      (long) => {
        type Engine = typeof import('./index');
        const { QueueModel, PlaybackController } = (window as unknown as { PlayerEngine: Engine })
          .PlayerEngine;
        const queue = new QueueModel();
        const controller = new PlaybackController(queue, { longTrackMs: 1000 });
        const test: LongTest = { controller, statuses: [] };
        (window as unknown as { longTest: LongTest }).longTest = test;
        controller.subscribe(() => {
          const { status } = controller.getSnapshot();
          if (test.statuses.at(-1) !== status) test.statuses.push(status);
        });
        controller.playList([long], 0, null);
      },
      track(1, '/long/c.wav', 4000),
    );
    const position = () =>
      page.evaluate(() => (window as unknown as { longTest: LongTest }).longTest.controller.positionMs());
    // Playing: the element's clock moves.
    await page.waitForFunction(
      () => (window as unknown as { longTest: LongTest }).longTest.controller.positionMs() > 300,
    );
    // Paused: it holds still over a few rendered frames.
    await page.evaluate(() => (window as unknown as { longTest: LongTest }).longTest.controller.pause());
    const heldAt = await position();
    await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))),
        ),
    );
    expect(await position()).toBe(heldAt);
    // Seek while paused: the element is there at once.
    await page.evaluate(() => (window as unknown as { longTest: LongTest }).longTest.controller.seek(2500));
    expect(await position()).toBeCloseTo(2500, -1);
    // Resume from there, and at the end of the list the player stops (paused) past the seek point.
    await page.evaluate(() => (window as unknown as { longTest: LongTest }).longTest.controller.play());
    await page.waitForFunction(() => {
      const { controller } = (window as unknown as { longTest: LongTest }).longTest;
      return controller.getSnapshot().status === 'paused' && controller.positionMs() > 3900;
    });
    const statuses = await page.evaluate(() => {
      const test = (window as unknown as { longTest: LongTest }).longTest;
      test.controller.destroy();
      return test.statuses;
    });
    expect(statuses).toEqual(['loading', 'playing', 'paused', 'playing', 'paused']);
  }, 120_000);

  it('resumes a streamed long track where the network cut it off, instead of skipping it', async () => {
    const path = '/long/outage.wav';
    const file = floatWav(tone(500, SAMPLE_RATE * 4, { phase: 0 }));
    harness.files.set(path, file);
    // The connection dies a third of the way into the file, and stays down until the test brings it back.
    harness.outages.set(path, Math.floor(file.length / 3));
    const page = harness.page;
    type OutageTest = {
      controller: import('./playback').PlaybackController;
      errors: string[];
      played: number;
      mediaErrors: number[];
    };
    const started = Date.now();
    await page.evaluate(
      (long) => {
        type Engine = typeof import('./index');
        const { QueueModel, PlaybackController } = (window as unknown as { PlayerEngine: Engine })
          .PlayerEngine;
        const test: OutageTest = { controller: null!, errors: [], played: 0, mediaErrors: [] };
        // The test watches the browser's own media errors: the engine's <audio> elements come from this constructor.
        const NativeAudio = window.Audio;
        // biome-ignore lint/complexity/useArrowFunction: the engine calls it with `new`, which an arrow function refuses.
        window.Audio = function (src?: string) {
          const element = new NativeAudio(src);
          element.addEventListener('error', () => test.mediaErrors.push(element.error?.code ?? 0));
          return element;
        } as unknown as typeof Audio;
        test.controller = new PlaybackController(new QueueModel(), {
          longTrackMs: 1000,
          onError: (error) => test.errors.push(error.kind),
          onPlayed: () => test.played++,
        });
        (window as unknown as { outageTest: OutageTest }).outageTest = test;
        test.controller.playList([long], 0, null);
      },
      track(1, path, 4000),
    );
    // The element gives up on the dead connection (after Chromium's own retries) with a network error…
    await page.waitForFunction(
      () => (window as unknown as { outageTest: OutageTest }).outageTest.mediaErrors.length > 0,
      undefined,
      { timeout: 90_000 },
    );
    const cutOff = await page.evaluate(() => {
      const { controller, mediaErrors, errors } = (window as unknown as { outageTest: OutageTest })
        .outageTest;
      return { mediaErrors, errors, position: controller.positionMs(), snapshot: controller.getSnapshot() };
    });
    console.info(`the element gave up after ${Date.now() - started} ms`, JSON.stringify(cutOff));
    expect(cutOff.mediaErrors).toEqual([2]); // MEDIA_ERR_NETWORK
    // …and the player neither reports the track as broken nor moves on: it waits where the audio stopped.
    expect(cutOff.errors).toEqual([]);
    expect(cutOff.snapshot.current?.track.src).toBe(path);
    expect(cutOff.snapshot.waiting).toBe(true);
    expect(cutOff.position).toBeGreaterThan(0);
    expect(cutOff.position).toBeLessThan(4000 / 3 + 250);
    // The network comes back: the track goes on from there to its end, and counts as one listen.
    const before = harness.requests.get(path) ?? 0;
    harness.outages.delete(path);
    await page.waitForFunction(
      () => {
        const { controller } = (window as unknown as { outageTest: OutageTest }).outageTest;
        return controller.getSnapshot().status === 'paused' && controller.positionMs() > 3900;
      },
      undefined,
      { timeout: 60_000 },
    );
    expect(harness.requests.get(path)).toBeGreaterThan(before);
    const after = await page.evaluate(() => {
      const test = (window as unknown as { outageTest: OutageTest }).outageTest;
      test.controller.destroy();
      return { errors: test.errors, played: test.played, mediaErrors: test.mediaErrors };
    });
    expect(after).toEqual({ errors: [], played: 1, mediaErrors: [2] });
  }, 180_000);

  it('keeps memory flat over a 50-track session: decoded buffers are released, the heap does not grow', async () => {
    // Fifty distinct files (distinct URLs, so each is fetched and decoded anew), 0.3 seconds each.
    const clip = floatWav(tone(523.25, (SAMPLE_RATE * 3) / 10));
    const tracks = Array.from({ length: 50 }, (_, i) => {
      harness.files.set(`/memory/${i + 1}.wav`, clip);
      return track(i + 1, `/memory/${i + 1}.wav`, 300);
    });
    const result = await harness.page.evaluate(playSession, {
      tracks,
      crossfade: 0,
      memoryAt: [10, 30, 50],
      record: false,
    });
    expect(result.errors).toEqual([]);
    expect(result.trackChanges).toBe(50);
    console.info('memory over the session', JSON.stringify(result.memory));
    const during = result.memory.filter((m) => m.at > 0);
    expect(during.map((m) => m.at)).toEqual([10, 30, 50]);
    // While playing: the current track, the one prepared next, and at most the one that just ended.
    for (const m of during) expect(m.liveBuffers).toBeLessThanOrEqual(3);
    // After the session, nothing decoded is left.
    expect(result.memory.at(-1)!.liveBuffers).toBe(0);
    // The JS heap at the 50th track is within 1 MB of the 10th (40 more tracks decoded and dropped).
    const heapAt = (n: number) => during.find((m) => m.at === n)!.heap;
    expect(heapAt(50) - heapAt(10)).toBeLessThan(1024 * 1024);
  }, 240_000);
});

import { ID3Writer, type ImageType } from 'browser-id3-writer';
import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { SAMPLE_RATE } from './synth';

/**
 * MP3 encoding with LAME compiled to WebAssembly (shipped inside the npm package, nothing to download or
 * install). The pure-JavaScript port of LAME was measured here at about six times the CPU of this build
 * for mono, which would not fit the whole demo library into the start-up budget.
 */
export const BITRATE_KBPS = 128;

/**
 * Mono: LAME spends about 2.6 times the CPU on a stereo (joint-stereo) file, and the whole library must be
 * made within the start-up budget on two cores. The synthesizer mixes in stereo; the encoder gets the mid.
 */
export const CHANNELS = 1;

let encoderPromise: Promise<WasmMediaEncoder<'audio/mpeg'>> | null = null;

/** One encoder per thread, reconfigured for each file: compiling the WebAssembly module once is enough. */
function encoder() {
  encoderPromise ??= createMp3Encoder();
  return encoderPromise;
}

const CHUNK = 1152 * 64;

/** LAME's encoder delay: silent samples it puts before the first input sample. */
const ENCODER_DELAY = 576;
const SAMPLES_PER_FRAME = 1152;

/** Byte length of every MPEG-1 Layer III frame in `audio`, walking the frame headers. */
function frameSizes(audio: Uint8Array): number[] {
  const sizes: number[] = [];
  const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let offset = 0;
  while (offset + 4 <= audio.length) {
    if (audio[offset] !== 0xff || (audio[offset + 1]! & 0xfe) !== 0xfa) {
      throw new Error(`Unexpected MP3 frame header at byte ${offset}`);
    }
    const kbps = bitrates[audio[offset + 2]! >> 4] ?? 0;
    const padding = (audio[offset + 2]! >> 1) & 1;
    const size = Math.floor((144 * kbps * 1000) / SAMPLE_RATE) + padding;
    if (size <= 4) throw new Error(`Bad MP3 frame at byte ${offset}`);
    sizes.push(size);
    offset += size;
  }
  return sizes;
}

/**
 * The LAME "Info" frame that CBR files carry first: a silent frame whose payload gives the frame count, the
 * byte count and, in the LAME extension, the encoder delay and padding. Decoders that read it (FFmpeg, and so
 * Chromium) drop exactly those samples, so a track lasts what was encoded and two tracks cut from one piece
 * join without a gap. The WebAssembly build cannot seek back to write it, so it is written here.
 */
function infoFrame(audio: Uint8Array, samples: number): Uint8Array {
  const sizes = frameSizes(audio);
  const frame = new Uint8Array(Math.floor((144 * BITRATE_KBPS * 1000) / SAMPLE_RATE));
  frame.set(audio.subarray(0, 4));
  frame[2] = frame[2]! & ~0x02;
  const view = new DataView(frame.buffer);
  const mono = frame[3]! >> 6 === 3;
  let o = 4 + (mono ? 17 : 32);
  const ascii = (text: string) => {
    for (const ch of text) frame[o++] = ch.charCodeAt(0);
  };
  ascii('Info');
  view.setUint32(o, 0x03); // frame count and byte count present
  view.setUint32(o + 4, sizes.length);
  view.setUint32(o + 8, audio.length + frame.length);
  o += 12;
  ascii('LAME3.100');
  frame[o++] = 0x01; // tag revision 0, CBR
  frame[o++] = Math.min(255, Math.round(SAMPLE_RATE / 2 / 100)); // low-pass in hundreds of Hz
  o += 4 + 2 + 2; // peak, radio and audiophile gain: not measured
  frame[o++] = 0; // encoding flags, ATH type
  frame[o++] = BITRATE_KBPS;
  const padding = sizes.length * SAMPLES_PER_FRAME - ENCODER_DELAY - samples;
  frame[o++] = ENCODER_DELAY >> 4;
  frame[o++] = ((ENCODER_DELAY & 0x0f) << 4) | ((padding >> 8) & 0x0f);
  frame[o++] = padding & 0xff;
  o += 1 + 1 + 2; // misc, MP3 gain, preset
  view.setUint32(o, audio.length + frame.length);
  return frame;
}

export async function encodeMp3(left: Float32Array, right: Float32Array): Promise<Uint8Array> {
  const enc = await encoder();
  enc.configure({
    sampleRate: SAMPLE_RATE,
    channels: CHANNELS,
    bitrate: BITRATE_KBPS,
    outputSampleRate: SAMPLE_RATE,
  });
  const mid = new Float32Array(left.length);
  for (let i = 0; i < mid.length; i++) mid[i] = (left[i]! + right[i]!) * 0.5;
  const parts: Uint8Array[] = [];
  let total = 0;
  // The encoder owns the returned views and reuses them on the next call: copy each one out.
  const keep = (chunk: Uint8Array) => {
    if (chunk.length === 0) return;
    parts.push(chunk.slice());
    total += chunk.length;
  };
  for (let i = 0; i < left.length; i += CHUNK) {
    keep(enc.encode([mid.subarray(i, i + CHUNK)]));
  }
  keep(enc.finalize());
  const audio = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    audio.set(part, offset);
    offset += part.length;
  }
  const info = infoFrame(audio, left.length);
  const out = new Uint8Array(info.length + audio.length);
  out.set(info);
  out.set(audio, info.length);
  return out;
}

export interface Mp3Tags {
  title: string;
  artists: string[];
  album: string;
  albumArtist: string;
  trackNumber: number;
  trackCount: number;
  year: number;
  genres: string[];
  durationMs: number;
  cover: Uint8Array;
}

/** ID3v2.3 tags in front of the audio, the version every player and music-metadata read. */
export function tagMp3(audio: Uint8Array, tags: Mp3Tags): Uint8Array {
  const writer = new ID3Writer(audio.slice().buffer);
  writer
    .setFrame('TIT2', tags.title)
    .setFrame('TPE1', tags.artists)
    .setFrame('TALB', tags.album)
    .setFrame('TPE2', tags.albumArtist)
    .setFrame('TRCK', `${tags.trackNumber}/${tags.trackCount}`)
    .setFrame('TYER', tags.year)
    .setFrame('TCON', tags.genres)
    .setFrame('TLEN', tags.durationMs)
    .setFrame('APIC', { type: 3 as ImageType, data: tags.cover.slice().buffer, description: 'Cover' });
  return new Uint8Array(writer.addTag());
}

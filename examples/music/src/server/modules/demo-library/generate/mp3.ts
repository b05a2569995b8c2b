import { ID3Writer, type ImageType } from 'browser-id3-writer';
import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { SAMPLE_RATE } from './synth';

/**
 * MP3 encoding with LAME compiled to WebAssembly (shipped inside the npm package, nothing to download or
 * install). The pure-JavaScript port of LAME was measured here at about three times the CPU for mono alone,
 * which would not fit the whole demo library into the start-up budget; stereo would have been six times.
 */
export const BITRATE_KBPS = 128;

let encoderPromise: Promise<WasmMediaEncoder<'audio/mpeg'>> | null = null;

/** One encoder per thread, reconfigured for each file: compiling the WebAssembly module once is enough. */
function encoder() {
  encoderPromise ??= createMp3Encoder();
  return encoderPromise;
}

const CHUNK = 1152 * 64;

export async function encodeMp3(left: Float32Array, right: Float32Array): Promise<Uint8Array> {
  const enc = await encoder();
  enc.configure({
    sampleRate: SAMPLE_RATE,
    channels: 2,
    bitrate: BITRATE_KBPS,
    outputSampleRate: SAMPLE_RATE,
  });
  const parts: Uint8Array[] = [];
  let total = 0;
  // The encoder owns the returned views and reuses them on the next call: copy each one out.
  const keep = (chunk: Uint8Array) => {
    if (chunk.length === 0) return;
    parts.push(chunk.slice());
    total += chunk.length;
  };
  for (let i = 0; i < left.length; i += CHUNK) {
    keep(enc.encode([left.subarray(i, i + CHUNK), right.subarray(i, i + CHUNK)]));
  }
  keep(enc.finalize());
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
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

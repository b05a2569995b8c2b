import type { Readable } from 'node:stream';
import { MPEGDecoder } from 'mpg123-decoder';
import { BlockMaxima } from './block-maxima';

/**
 * Waveform peaks of an MP3 (MPEG layer I/II/III) stream, decoded chunk by chunk with mpg123 compiled to
 * WebAssembly: no ffmpeg on the server, and only one chunk's samples in memory at a time. Resolves with the
 * peaks and how many seconds decoded (the caller compares them with the length the headers claim).
 */
export async function mp3Peaks(
  stream: Readable,
  bars: number,
): Promise<{ peaks: number[]; seconds: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const maxima = new BlockMaxima();
  let sampleRate = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // The decoder copies input into its own heap in slices; large chunks are split to keep that heap small.
      for (let offset = 0; offset < chunk.length; offset += 16 * 1024) {
        const decoded = decoder.decode(chunk.subarray(offset, offset + 16 * 1024));
        if (decoded.samplesDecoded) {
          maxima.push(decoded.channelData, decoded.samplesDecoded);
          sampleRate = decoded.sampleRate;
        }
      }
    }
  } finally {
    decoder.free();
    stream.destroy();
  }
  return { peaks: maxima.peaks(bars), seconds: sampleRate ? maxima.frames / sampleRate : 0 };
}

/**
 * Waveform peaks of a PCM WAV stream (8, 16, 24 or 32-bit integer, or 32-bit float), read chunk by chunk.
 * Resolves with no peaks for encodings it does not read.
 */
export async function wavPeaks(stream: Readable, bars: number): Promise<number[]> {
  const maxima = new BlockMaxima();
  let header = Buffer.alloc(0);
  let format: { channels: number; bits: number; float: boolean } | null = null;
  let remainder = Buffer.alloc(0);
  let inData = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let data: Buffer;
      if (!inData) {
        header = Buffer.concat([header, chunk]);
        // Walk the RIFF chunks until `data`, keeping `fmt `'s fields.
        let offset = 12;
        let found = -1;
        while (offset + 8 <= header.length) {
          const id = header.toString('latin1', offset, offset + 4);
          const size = header.readUInt32LE(offset + 4);
          if (id === 'fmt ' && offset + 8 + 16 <= header.length) {
            const tag = header.readUInt16LE(offset + 8);
            format = {
              channels: header.readUInt16LE(offset + 10),
              bits: header.readUInt16LE(offset + 22),
              float: tag === 3,
            };
          }
          if (id === 'data') {
            found = offset + 8;
            break;
          }
          offset += 8 + size + (size % 2);
        }
        if (found < 0) {
          if (header.length > 1024 * 1024) return [];
          continue;
        }
        inData = true;
        data = header.subarray(found);
        header = Buffer.alloc(0);
      } else data = chunk;
      if (!format || !format.channels || ![8, 16, 24, 32].includes(format.bits)) return [];
      const bytes = format.bits / 8;
      const frameBytes = bytes * format.channels;
      const buffer = remainder.length ? Buffer.concat([remainder, data]) : data;
      const frames = Math.floor(buffer.length / frameBytes);
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      for (let f = 0; f < frames; f++) {
        for (let c = 0; c < format.channels; c++) {
          const at = f * frameBytes + c * bytes;
          channels[c]![f] = format.float
            ? buffer.readFloatLE(at)
            : bytes === 1
              ? (buffer[at]! - 128) / 128
              : bytes === 2
                ? buffer.readInt16LE(at) / 32768
                : bytes === 3
                  ? buffer.readIntLE(at, 3) / 8388608
                  : buffer.readInt32LE(at) / 2147483648;
        }
      }
      maxima.push(channels, frames);
      remainder = Buffer.from(buffer.subarray(frames * frameBytes));
    }
  } finally {
    stream.destroy();
  }
  return maxima.peaks(bars);
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The tags `taggedMp3` writes (ID3v2.3, as most taggers do). */
export interface Mp3Tags {
  title: string;
  artist: string;
  album: string;
  track: string;
  year: number;
  genre: string;
  replayGain?: string;
}

// Synchronous, so it blocks the test worker where no test timeout fires: no stdin, and a bound of its own.
const run = (args: string[]) =>
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });

/**
 * Writes a short sine tone as an MP3 with Debian's ffmpeg, with real ID3 tags and a JPEG front cover of
 * `color` embedded (an APIC frame), for tests of tag reading. Reused when the file is there already.
 */
export function taggedMp3(
  file: string,
  tags: Mp3Tags,
  tone = { frequency: 440, seconds: 2, color: '3366cc' },
) {
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const cover = `${file}.cover.jpg`;
  // A finite colour source (one second), so ffmpeg stops after its single frame.
  run(['-f', 'lavfi', '-i', `color=c=0x${tone.color}:size=64x64:d=1`, '-frames:v', '1', cover]);
  run([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${tone.frequency}:duration=${tone.seconds}`,
    '-i',
    cover,
    '-map',
    '0:a',
    '-map',
    '1:v',
    '-c:v',
    'copy',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-id3v2_version',
    '3',
    '-metadata',
    `title=${tags.title}`,
    '-metadata',
    `artist=${tags.artist}`,
    '-metadata',
    `album_artist=${tags.artist}`,
    '-metadata',
    `album=${tags.album}`,
    '-metadata',
    `track=${tags.track}`,
    '-metadata',
    'disc=1/1',
    '-metadata',
    `date=${tags.year}`,
    '-metadata',
    `genre=${tags.genre}`,
    ...(tags.replayGain ? ['-metadata', `REPLAYGAIN_TRACK_GAIN=${tags.replayGain}`] : []),
    '-metadata:s:v',
    'title=Album cover',
    '-metadata:s:v',
    'comment=Cover (front)',
    file,
  ]);
  // Only the MP3 stays: a folder of them is uploaded whole.
  rmSync(cover, { force: true });
  return file;
}

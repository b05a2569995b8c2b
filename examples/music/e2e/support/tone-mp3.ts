import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Writes a sine tone as an MP3 with Debian's ffmpeg, once per path (a file already there is reused), for
 * tests that need real audio of a chosen length in the seeded catalogue.
 */
export function toneMp3(file: string, tone: { frequency: number; seconds: number; bitrate: string }): string {
  if (!existsSync(file))
    execFileSync(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${tone.frequency}:duration=${tone.seconds}`,
        '-ac',
        '1',
        '-b:a',
        tone.bitrate,
        file,
      ],
      // Synchronous, so it blocks the test worker where no test timeout fires: no stdin, and a bound of its own.
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
    );
  return file;
}

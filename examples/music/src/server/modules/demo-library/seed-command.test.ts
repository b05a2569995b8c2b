import { runCli } from '@backline/server';
import { testDatabases } from '@internal/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { musicOptions } from '../../app';
import { fixtureGenerator } from './test-fixture';

describe.each(testDatabases())('backline seed:music on $name', (database) => {
  let fresh: ReturnType<typeof database.create>;
  const previous = process.env.MUSIC_DEMO_LIBRARY;
  beforeAll(() => {
    fresh = database.create();
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.MUSIC_DEMO_LIBRARY;
    else process.env.MUSIC_DEMO_LIBRARY = previous;
  });
  afterAll(() => fresh?.cleanup());

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(
      argv,
      {
        ...musicOptions({ music: { generate: fixtureGenerator } }),
        database: fresh.options,
        dataDir: fresh.dataDir,
        logger: 'silent',
      },
      { out: (line) => out.push(line), err: (line) => out.push(line) },
    );
    return { code, out: out.join('\n') };
  };

  it('with the automatic seed off, starts empty; seed:music fills the catalogue once, and a repeat adds nothing', async () => {
    process.env.MUSIC_DEMO_LIBRARY = 'off';
    // Any command builds the app and runs every module's start: with the switch off, nothing is seeded.
    expect((await run('migrate')).code).toBe(0);
    const { createMusicApp } = await import('../../app');
    const count = async (table: string) => {
      const app = await createMusicApp({ database: fresh.options, dataDir: fresh.dataDir, logger: 'silent' });
      try {
        return Number((await app.kit.knex(table).count({ n: '*' }).first())!.n);
      } finally {
        await app.close();
      }
    };
    expect(await count('music_artists')).toBe(0);

    expect(await run('help')).toMatchObject({ out: expect.stringContaining('seed:music') });
    const first = await run('seed:music');
    expect(first).toEqual({
      code: 0,
      out: expect.stringMatching(/^Seeded the demo library: 3 artists, 5 tracks in \d+\.\d s\.$/),
    });
    expect(await count('music_tracks')).toBe(5);

    const second = await run('seed:music');
    expect(second).toEqual({
      code: 0,
      out: expect.stringMatching(/^Nothing to seed: The catalogue is not empty\. \(\d+\.\d s\)$/),
    });
    expect(await count('music_tracks')).toBe(5);
    expect(await count('music_artists')).toBe(3);
  });
});

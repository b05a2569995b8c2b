import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestUser, type RunningServer, tempDir } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, startBrowser, startSite } from './support/site';
import { taggedMp3 } from './support/tagged-mp3';

const PASSWORD = 'correct horse battery';

/**
 * The admin's catalogue pages and backstage insights in Chromium: the admin creates, edits and deletes an album
 * on Admin › Albums, and creates a track with its audio on Admin › Tracks (a renamed text file refused first); an
 * artist opens backstage insights and sees the plays the table holds; the pages pass axe in both themes and fit
 * 375 px.
 */
describe('catalogue admin and backstage insights in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  const fixtures = tempDir('catalogue-admin-e2e-');

  beforeAll(async () => {
    site = await startSite();
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    fixtures.cleanup();
  });

  const knex = () => site.app.kit.knex;
  const logIn = async (p: Page, email: string, landing: string) => {
    await p.goto(`${site.url}/login`);
    await p.locator('input[name="email"]').fill(email);
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(p, landing);
  };
  const fitsWidth = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  const albumNames = async () => (await knex()('music_albums').orderBy('id').pluck('name')) as string[];

  it('the admin creates, edits and deletes an album', async () => {
    const adminEmail = uniqueEmail('owner');
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });
    await knex()('music_artists').insert({ name: 'Copper Lanterns', slug: 'copper-lanterns' });
    const { page, context } = await browser.newPage();
    try {
      await logIn(page, adminEmail, '/admin');
      await page.goto(`${site.url}/admin/albums`);
      await expectHeading(page, 'Albums');
      await page.getByText('No albums yet.').waitFor();
      await page.getByRole('button', { name: 'New album' }).click();
      const dialog = page.getByRole('dialog', { name: 'New album' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Slow Embers');
      await dialog.getByRole('combobox', { name: 'Artist' }).fill('Copper');
      await page.getByRole('option', { name: 'Copper Lanterns' }).click();
      await expectAccessibleInBothThemes(page, 'admin-album-dialog');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToastShown(page, 'Album created');
      await page.getByRole('rowheader', { name: 'Slow Embers' }).waitFor();
      expect(await albumNames()).toEqual(['Slow Embers']);
      await expectAccessibleInBothThemes(page, 'admin-albums');

      await page.getByRole('button', { name: 'Edit Slow Embers' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit album' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Slow Embers (Remastered)');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectToastShown(page, 'Album updated');
      await page.getByRole('rowheader', { name: 'Slow Embers (Remastered)' }).waitFor();
      expect(await albumNames()).toEqual(['Slow Embers (Remastered)']);

      await page.getByRole('button', { name: 'Delete Slow Embers (Remastered)' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToastShown(page, 'Deleted');
      await page.getByText('No albums yet.').waitFor();
      expect(await albumNames()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the admin creates a track with its audio: a renamed text file is refused first, then a real MP3 plays', async () => {
    const adminEmail = uniqueEmail('owner');
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });
    await knex()('music_artists').insert({ name: 'Brass Orchard', slug: 'brass-orchard' });
    const take = taggedMp3(
      path.join(fixtures.dir, 'Copper Wire.mp3'),
      {
        title: 'Copper Wire',
        artist: 'Brass Orchard',
        album: 'Wires',
        track: '1/1',
        year: 2025,
        genre: 'Folk',
      },
      { frequency: 392, seconds: 6, color: '996633' },
    );
    const { page, context } = await browser.newPage();
    try {
      await logIn(page, adminEmail, '/admin');
      await page.goto(`${site.url}/admin/tracks`);
      await expectHeading(page, 'Tracks');
      await page.getByRole('button', { name: 'New track' }).click();
      const dialog = page.getByRole('dialog', { name: 'New track' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Copper Wire');
      const audio = dialog.getByRole('group', { name: 'Audio' });
      const picker = audio.locator('input[type="file"]');
      await picker.setInputFiles({
        name: 'notes.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('Not a song.\n'.repeat(100)),
      });
      // The server reads each upload's tags as soon as it lands: a renamed text file is refused there and then.
      await audio
        .getByRole('alert')
        .getByText('notes.mp3: This file is not an audio file', { exact: false })
        .waitFor();
      expect(await knex()('music_tracks').where({ name: 'Copper Wire' }).first()).toBeUndefined();

      // A real take fills in what was left empty from its tags (title, duration, genre, and the artist, whom the
      // catalogue has).
      await dialog.getByRole('textbox', { name: 'Name' }).fill('');
      await picker.setInputFiles(take);
      await audio.getByText('“Copper Wire.mp3” becomes the audio when you save.').waitFor();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Copper Wire');
      expect(await dialog.getByRole('spinbutton', { name: 'Duration (seconds)' }).inputValue()).toBe('6');
      expect(await dialog.getByRole('textbox', { name: 'Genres' }).inputValue()).toBe('Folk');
      await expect
        .poll(() => dialog.getByRole('combobox', { name: 'Artist' }).inputValue())
        .toBe('Brass Orchard');
      await expectAccessibleInBothThemes(page, 'admin-track-audio');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToastShown(page, 'Track created');
      const track = await knex()('music_tracks')
        .where({ name: 'Copper Wire' })
        .first('id', 'file_id', 'duration_ms');
      expect(track.file_id).not.toBeNull();
      expect(Math.abs(track.duration_ms - 6000)).toBeLessThan(200);
      const stream = await fetch(new URL(`/api/v1/tracks/${track.id}/stream`, site.url));
      expect(stream.status).toBe(200);
      expect(Buffer.from(await stream.arrayBuffer()).equals(readFileSync(take))).toBe(true);

      // A take uploaded in the dialog and abandoned (another picked over it, then the dialog closed unsaved) is
      // deleted; the track keeps its audio.
      const entries = (name: string) => knex()('file_entries').where({ name }).pluck('id');
      await page.getByRole('button', { name: 'Edit Copper Wire' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit track' });
      const editAudio = edit.getByRole('group', { name: 'Audio' });
      const editPicker = editAudio.locator('input[type="file"]');
      const alternate = { name: 'Alternate take.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(take) };
      await editPicker.setInputFiles(alternate);
      await editAudio.getByText('“Alternate take.mp3” becomes the audio when you save.').waitFor();
      expect(await entries('Alternate take.mp3')).toHaveLength(1);
      await editPicker.setInputFiles({ ...alternate, name: 'Final take.mp3' });
      await editAudio.getByText('“Final take.mp3” becomes the audio when you save.').waitFor();
      await expect.poll(() => entries('Alternate take.mp3')).toEqual([]);
      expect(await entries('Final take.mp3')).toHaveLength(1);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('alertdialog', { name: 'Discard changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await expect.poll(() => entries('Final take.mp3')).toEqual([]);
      expect(await knex()('music_tracks').where({ id: track.id }).first('file_id')).toEqual({
        file_id: track.file_id,
      });
    } finally {
      await context.close();
    }
  });

  it('an artist sees the plays of their tracks in insights, at full width and at 375 px', async () => {
    const artistEmail = uniqueEmail('artist');
    const user = await createTestUser(site.app, {
      email: artistEmail,
      password: PASSWORD,
      roles: ['artist'],
    });
    const [artist] = await knex()('music_artists')
      .insert({ name: 'Quiet Harbour', slug: 'quiet-harbour' })
      .returning('id');
    const artistId = Number(artist.id);
    await knex()('music_artist_users').insert({ artist_id: artistId, user_id: user.id });
    const [album] = await knex()('music_albums')
      .insert({ name: 'Moorings', slug: 'moorings' })
      .returning('id');
    await knex()('music_album_artists').insert({ album_id: album.id, artist_id: artistId });
    const trackIds: number[] = [];
    for (const [index, name] of ['Anchor', 'Rope'].entries()) {
      const [track] = await knex()('music_tracks')
        .insert({ name, slug: name.toLowerCase(), number: index + 1, album_id: album.id })
        .returning('id');
      await knex()('music_track_artists').insert({ track_id: track.id, artist_id: artistId });
      trackIds.push(Number(track.id));
    }
    const now = site.app.kit.now();
    await knex()('music_plays').insert([
      { track_id: trackIds[0], listener: 'guest-1', country: 'DE', played_at: now },
      { track_id: trackIds[0], listener: 'guest-2', country: 'JP', played_at: now },
      {
        track_id: trackIds[1],
        listener: 'guest-1',
        country: 'DE',
        played_at: new Date(now.getTime() - 2 * 86_400_000),
      },
    ]);
    const plays = Number(
      (await knex()('music_plays').whereIn('track_id', trackIds).count({ n: '*' }).first())?.n,
    );

    const { page, context } = await browser.newPage();
    try {
      await logIn(page, artistEmail, '/');
      await page.goto(`${site.url}/backstage/artists/${artistId}/insights`);
      await expectHeading(page, 'Insights');
      await expect.poll(() => page.locator('[data-figure="plays"]').textContent()).toBe(String(plays));
      await expect.poll(() => page.locator('[data-figure="listeners"]').textContent()).toBe('2');
      await page.getByRole('rowheader', { name: 'Anchor' }).waitFor();
      // Where listeners come from: the country's name in the UI language, the most listeners first.
      await page.getByRole('heading', { name: 'Where listeners come from' }).waitFor();
      await page.getByRole('rowheader', { name: 'Germany' }).waitFor();
      await page.locator('.bl-dashboard-chart svg').first().waitFor();
      await expectAccessibleInBothThemes(page, 'backstage-insights');
      await page.getByRole('radio', { name: 'Last 7 days' }).click();
      await expect.poll(() => page.locator('[data-figure="plays"]').textContent()).toBe(String(plays));

      await page.goto(`${site.url}/backstage/artists/${artistId}/music`);
      await expectHeading(page, 'Manage your music');
      await page.getByRole('heading', { name: 'Moorings' }).waitFor();
      await page.getByRole('button', { name: 'Move Rope up' }).click();
      await expectToastShown(page, 'Track order saved');
      expect(await knex()('music_tracks').whereIn('id', trackIds).orderBy('number').pluck('name')).toEqual([
        'Rope',
        'Anchor',
      ]);
      await expectAccessibleInBothThemes(page, 'backstage-music');
    } finally {
      await context.close();
    }

    const small = await browser.newPage({ width: 375, height: 740 });
    try {
      await logIn(small.page, artistEmail, '/');
      for (const [path, heading] of [
        [`/backstage/artists/${artistId}/insights`, 'Insights'],
        [`/backstage/artists/${artistId}/music`, 'Manage your music'],
      ] as const) {
        await small.page.goto(`${site.url}${path}`);
        await expectHeading(small.page, heading);
        await small.page.locator('main button, main table').first().waitFor();
        expect(await fitsWidth(small.page), path).toBe(true);
        await expectAccessibleInBothThemes(small.page);
      }
      // The replace-audio dialog fits the phone too.
      await small.page.getByRole('button', { name: 'Replace audio of Rope' }).click();
      await small.page.getByRole('dialog', { name: 'Replace audio' }).waitFor();
      expect(await fitsWidth(small.page)).toBe(true);
      await expectAccessibleInBothThemes(small.page, 'replace-audio-375');
    } finally {
      await small.context.close();
    }
  });
});

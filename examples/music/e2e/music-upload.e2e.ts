import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createTestUser, type RunningServer, tempDir } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveFromNotification, askForArtistAccess, logInThroughForm } from './support/artist-access';
import { expectAccessibleInBothThemes, expectHeading, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, startBrowser, startSite } from './support/site';
import { taggedMp3 } from './support/tagged-mp3';

const PASSWORD = 'correct horse battery';
const TITLES = ['First Light', 'Overpass', 'Last Exit'];

/**
 * Becoming an artist and uploading music in Chromium: a listener asks for artist access and the admin approves it
 * from the notification; the new artist drops a folder of three tagged MP3s (made here by ffmpeg, with ID3 tags
 * and an embedded cover), sees one album form pre-filled from the tags, publishes it, and a guest plays the album.
 * The artist then replaces one track's audio from the manage page (a renamed text file is refused first). The
 * upload page and the replace dialog are checked with axe in both themes, the upload page at 375 px too.
 */
describe('music upload in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  const fixtures = tempDir('music-upload-e2e-');
  const folder = path.join(fixtures.dir, 'Night Drive');
  const newTake = path.join(fixtures.dir, 'Overpass (new master).mp3');

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    for (const [i, title] of TITLES.entries())
      taggedMp3(
        path.join(folder, `0${i + 1} ${title}.mp3`),
        {
          title,
          artist: 'Velvet Static',
          album: 'Night Drive',
          track: `${i + 1}/3`,
          year: 2024,
          genre: 'Synthwave',
        },
        { frequency: 220 * (i + 1), seconds: 30, color: 'cc3366' },
      );
    taggedMp3(
      newTake,
      {
        title: 'Overpass',
        artist: 'Velvet Static',
        album: 'Night Drive',
        track: '2/3',
        year: 2024,
        genre: 'Synthwave',
      },
      { frequency: 660, seconds: 45, color: 'cc3366' },
    );
    site = await startSite();
    browser = await startBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    fixtures.cleanup();
  });

  /** No horizontal scrolling: the layout fits the viewport. */
  const fitsWidth = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('a listener becomes an artist, uploads a tagged album folder, publishes it, and a guest plays it', async () => {
    const email = uniqueEmail('velvet');
    const adminEmail = uniqueEmail('label-owner');
    await createTestUser(site.app, { email, password: PASSWORD });
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });

    const { page, context } = await browser.newPage();
    const admin = await browser.newPage();
    try {
      // A listener asks to become the artist; the admin approves from the notification.
      await logInThroughForm(page, site.url, email, PASSWORD, '/');
      await askForArtistAccess(page, site.url, 'Velvet Static');
      await logInThroughForm(admin.page, site.url, adminEmail, PASSWORD, '/admin');
      await approveFromNotification(admin.page, site.url, 'Velvet Static');
      const artist = await site.app.kit.knex('music_artists').where({ name: 'Velvet Static' }).first('id');

      await page.goto(`${site.url}/backstage/music/upload`);
      await expectHeading(page, 'Upload music');
      await page
        .getByText('Drop audio files or a whole album folder for Velvet Static.', { exact: false })
        .waitFor();
      await expectAccessibleInBothThemes(page, 'music-upload-empty');

      await page.locator('input[type="file"][webkitdirectory]').setInputFiles(folder);
      const form = page.getByRole('region', { name: 'Album: Night Drive' });
      await form.waitFor();
      // All three files land in the one album form, in track order, titled from their tags.
      await expect.poll(() => form.locator('input[name^="tracks."][name$=".name"]').count()).toBe(3);
      expect(await form.locator('input[name="album.name"]').inputValue()).toBe('Night Drive');
      expect(await form.locator('input[name="album.release_date"]').inputValue()).toBe('2024');
      const drafts = await page.evaluate(
        (id) => fetch(`/api/v1/backstage/artists/${id}/uploads`).then((r) => r.text()),
        Number(artist.id),
      );
      for (const [i, title] of TITLES.entries()) {
        expect(await form.locator(`input[name="tracks.${i}.name"]`).inputValue(), drafts.slice(0, 3000)).toBe(
          title,
        );
        expect(await form.locator(`input[name="tracks.${i}.number"]`).inputValue()).toBe(String(i + 1));
      }
      // The embedded cover is shown (decoded by the browser, so it is a real image).
      const cover = form.getByRole('img', { name: 'Cover of Night Drive' });
      await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
      await expectAccessibleInBothThemes(page, 'music-upload-album-form');

      await page.setViewportSize({ width: 375, height: 800 });
      await expect.poll(() => fitsWidth(page)).toBe(true);
      await expectAccessibleInBothThemes(page, 'music-upload-375');
      await page.setViewportSize({ width: 1280, height: 800 });

      await form.getByRole('button', { name: 'Publish' }).click();
      const open = page.getByRole('region', { name: 'Published' }).getByRole('link', { name: 'Night Drive' });
      await open.waitFor();
      const albumPath = await open.getAttribute('href');
      expect(albumPath).toMatch(/^\/album\/\d+\/velvet-static\/night-drive$/);

      // A new master of "Overpass": a file that is not audio is refused in the dialog and changes nothing, then a
      // real take replaces the audio (and its length) while the track keeps its name and place.
      await page.goto(`${site.url}/backstage/artists/${artist.id}/music`);
      await expectHeading(page, 'Manage your music');
      const overpass = async () =>
        site.app.kit.knex('music_tracks').where({ name: 'Overpass' }).first('id', 'file_id', 'duration_ms');
      const before = await overpass();
      await page.getByRole('button', { name: 'Replace audio of Overpass' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace audio' });
      await dialog.waitFor();
      await expectAccessibleInBothThemes(page, 'replace-audio');
      const picker = dialog.locator('input[type="file"]:not([webkitdirectory])');
      await picker.setInputFiles({
        name: 'notes.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('Not a song.\n'.repeat(100)),
      });
      await dialog
        .getByRole('alert')
        .getByText('notes.mp3: This file is not an audio file', { exact: false })
        .waitFor();
      expect(await overpass()).toEqual(before);
      await picker.setInputFiles(newTake);
      await page.getByText('Audio replaced').waitFor();
      await expect.poll(() => dialog.count()).toBe(0);
      const after = await overpass();
      expect(after.id).toBe(before.id);
      expect(after.file_id).not.toBe(before.file_id);
      expect(Math.abs(after.duration_ms - 45_000)).toBeLessThan(200);
    } finally {
      await context.close();
      await admin.context.close();
    }

    // A guest finds the album by search and plays it.
    const guest = await browser.newPage();
    try {
      const p = guest.page;
      await p.goto(`${site.url}/search/Night%20Drive`);
      await p.getByRole('link', { name: 'Night Drive', exact: true }).first().click();
      await expectHeading(p, 'Night Drive');
      await p.getByRole('button', { name: 'Play Night Drive', exact: true }).click();
      const bar = p.getByRole('region', { name: 'Player' });
      await expect.poll(() => bar.locator('.player-title__name').textContent()).toBe('First Light');
      await expect.poll(() => bar.getAttribute('data-status')).toBe('playing');
      // The peaks computed at upload draw the seek bar's waveform.
      await expect.poll(() => bar.locator('.player-seek__track[data-waveform]').count()).toBe(1);
    } finally {
      await guest.context.close();
    }
  });
});

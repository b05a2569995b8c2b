import { createTestUser, type RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, expectHeading, expectPath, uniqueEmail } from './support/auth-helpers';
import { type BrowserHarness, expectToastShown, startBrowser, startSite } from './support/site';

const PASSWORD = 'correct horse battery';
const ALBUMS = ['Amber Coast', 'Basalt Hours', 'Cobalt Sky'];

/**
 * Admin › Channels in Chromium: the admin creates a hand-picked channel of three albums picked by typing, moves the
 * last one to the top by keyboard alone (its drag handle, the arrow keys, Enter), saves, and the channel's public
 * page and Discover list the albums in that order; the editor's preview shows it too. The pages pass axe in both
 * themes and fit 375 px.
 */
describe('channels admin in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;

  beforeAll(async () => {
    site = await startSite();
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
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
  const focusedLabel = (p: Page) =>
    p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

  it('creates a hand-picked channel, reorders it by keyboard, and Discover shows that order', async () => {
    const adminEmail = uniqueEmail('owner');
    await createTestUser(site.app, { email: adminEmail, password: PASSWORD, roles: ['admin'] });
    const [artist] = await knex()('music_artists')
      .insert({ name: 'Tidal Rooms', slug: 'tidal-rooms' })
      .returning('id');
    const albumIds: number[] = [];
    for (const name of ALBUMS) {
      const [album] = await knex()('music_albums')
        .insert({ name, slug: name.toLowerCase().replace(' ', '-') })
        .returning('id');
      await knex()('music_album_artists').insert({ album_id: album.id, artist_id: artist.id, position: 0 });
      albumIds.push(Number(album.id));
    }
    const [amber, basalt, cobalt] = albumIds as [number, number, number];

    const { page, context } = await browser.newPage();
    try {
      await logIn(page, adminEmail, '/admin');
      await page.goto(`${site.url}/admin/channels`);
      await expectHeading(page, 'Channels');
      await page.getByText('No channels yet.').waitFor();
      await page.getByRole('button', { name: 'New channel' }).click();
      const dialog = page.getByRole('dialog', { name: 'New channel' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Staff Picks');
      await dialog.getByText('Save the channel to see what it shows.').waitFor();
      const picker = dialog.getByRole('combobox', { name: 'Add an album' });
      for (const name of ALBUMS) {
        await picker.fill(name.split(' ')[0]!);
        await page.getByRole('option', { name }).click();
        await dialog.getByRole('row', { name }).waitFor();
      }
      const grid = dialog.getByRole('grid', { name: 'Channel items' });
      const order = () => grid.locator('.channel-items__name').allTextContents();
      await expect.poll(order).toEqual(ALBUMS);

      // Keyboard alone: Cobalt Sky's row, right to its drag handle, Enter picks it up, the arrow keys walk the drop
      // positions (each announced by name), Enter drops it at the top.
      await grid.getByRole('row', { name: 'Cobalt Sky' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toBe('Reorder Cobalt Sky');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Insert/);
      for (let step = 0; step < 5 && (await focusedLabel(page)) !== 'Insert before Amber Coast'; step++) {
        const before = await focusedLabel(page);
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => focusedLabel(page)).not.toBe(before);
      }
      expect(await focusedLabel(page)).toBe('Insert before Amber Coast');
      await page.keyboard.press('Enter');
      await expect.poll(order).toEqual(['Cobalt Sky', 'Amber Coast', 'Basalt Hours']);
      await expectAccessibleInBothThemes(page, 'admin-channel-dialog');

      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToastShown(page, 'Channel created');
      await page.getByRole('rowheader', { name: 'Staff Picks' }).waitFor();
      const channel = await knex()('music_channels').where({ slug: 'staff-picks' }).first('id', 'source');
      expect(channel).toMatchObject({ source: 'manual' });
      expect(
        await knex()('music_channel_items')
          .where({ channel_id: channel.id })
          .orderBy('position')
          .pluck('album_id'),
      ).toEqual([cobalt, amber, basalt]);
      await expectAccessibleInBothThemes(page, 'admin-channels');

      // The editor's preview is the public page's data, in the saved order.
      await page.getByRole('button', { name: 'Edit Staff Picks' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit channel' });
      const preview = edit.getByRole('list', { name: 'Preview of Staff Picks' });
      await expect
        .poll(() => preview.getByRole('listitem').allTextContents())
        .toEqual(['Cobalt Sky', 'Amber Coast', 'Basalt Hours']);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }

    // A visitor: the channel's own page and its Discover row list the albums in the admin's order.
    const visitor = await browser.newPage();
    try {
      await visitor.page.goto(`${site.url}/channel/staff-picks`);
      await expectHeading(visitor.page, 'Staff Picks');
      const titles = (p: Page) =>
        p.getByRole('list', { name: 'Staff Picks' }).locator('.music-card__title').allTextContents();
      await expect.poll(() => titles(visitor.page)).toEqual(['Cobalt Sky', 'Amber Coast', 'Basalt Hours']);
      await visitor.page.goto(`${site.url}/`);
      await expect.poll(() => titles(visitor.page)).toEqual(['Cobalt Sky', 'Amber Coast', 'Basalt Hours']);
    } finally {
      await visitor.context.close();
    }

    // At 375 px the list and the editor fit the width.
    const small = await browser.newPage({ width: 375, height: 740 });
    try {
      await logIn(small.page, adminEmail, '/admin');
      await small.page.goto(`${site.url}/admin/channels`);
      await expectHeading(small.page, 'Channels');
      await small.page.getByRole('button', { name: 'Edit Staff Picks' }).click();
      const edit = small.page.getByRole('dialog', { name: 'Edit channel' });
      await edit.getByRole('row', { name: 'Basalt Hours' }).waitFor();
      await edit.getByRole('list', { name: 'Preview of Staff Picks' }).waitFor();
      expect(await fitsWidth(small.page)).toBe(true);
      await expectAccessibleInBothThemes(small.page);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
      expect(await fitsWidth(small.page)).toBe(true);
      await expectAccessibleInBothThemes(small.page);
    } finally {
      await small.context.close();
    }
  });
});

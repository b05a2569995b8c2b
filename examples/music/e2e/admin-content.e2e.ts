import { billing, DEMO_ACCOUNT } from '@backline/core/contract';
import type { RunningServer } from '@internal/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, paintTheme, settleAnnouncements } from './support/auth-helpers';
import {
  expectAccessible as axe,
  type BrowserHarness,
  expectToastShown,
  screenshot,
  startBrowser,
  startSite,
} from './support/site';

/** The admin sections for plans, billing settings, custom pages and error reports, in Chromium. */
describe('the plans, pages and error reports admin sections in Chromium', () => {
  let site: RunningServer;
  let browser: BrowserHarness;
  let page: Page;

  beforeAll(async () => {
    site = await startSite({ demo: 'singleAccount' });
    await site.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, true);
    browser = await startBrowser();
    page = (await browser.newPage()).page;
    await page.goto(`${site.url}/login`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNT.email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const expectAccessible = async (p: Page) => {
    await settleAnnouncements(p);
    await axe(p);
  };
  const expectToast = (text: string) => expectToastShown(page, text);
  const dialog = () => page.getByRole('dialog');
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  it('creates a plan with a price, hides it and deletes it', async () => {
    await page.goto(`${site.url}/admin/plans`);
    await expectHeading(page, 'Plans');
    await row('Free').first().waitFor();
    await page.getByRole('button', { name: 'New plan' }).click();
    await dialog().getByRole('textbox', { name: 'Name' }).fill('Family');
    await dialog().getByRole('textbox', { name: 'Features' }).fill('Six listeners\nNo ads');
    await dialog().getByRole('button', { name: 'Add price' }).click();
    await dialog().getByRole('textbox', { name: 'Amount of new price 1' }).fill('14.99');
    await expectAccessible(page);
    await dialog().getByRole('button', { name: 'Create' }).click();
    await expectToast('Plan created');
    await expect.poll(() => row('Family').textContent()).toContain('$14.99 / month');

    await page.getByRole('button', { name: 'Hide Family' }).click();
    await expectToast('Plan hidden');
    await expect.poll(() => row('Family').textContent()).toContain('Hidden');
    // Hidden plans are not listed to the public.
    const listed = (await site.session().get('/api/v1/billing/products')).data as {
      products: { name: string }[];
    };
    expect(listed.products.map((p) => p.name)).toContain('Pro');
    expect(listed.products.map((p) => p.name)).not.toContain('Family');

    await page.getByRole('button', { name: 'Delete Family' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast('Plan deleted');
    await expect.poll(() => row('Family').count()).toBe(0);
    await expectAccessible(page);
  });

  it('reorders the plans by drag and by keyboard; the order survives a reload and leads the pricing page', async () => {
    await page.goto(`${site.url}/admin/plans`);
    await expectHeading(page, 'Plans');
    const table = page.getByRole('grid', { name: 'Plans' });
    const order = () => table.getByRole('rowheader').allTextContents();
    await expect.poll(order).toEqual(['Free', 'Pro', 'Premium']);

    // Pointer: Premium's handle dragged onto the top edge of Free's row (react-aria drops before it there).
    const handle = page.getByRole('button', { name: 'Reorder Premium' });
    const from = (await handle.boundingBox())!;
    const to = (await row('Free').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + 40, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expectToast('Plan order saved');
    await expect.poll(order).toEqual(['Premium', 'Free', 'Pro']);
    await page.reload();
    await expect.poll(order).toEqual(['Premium', 'Free', 'Pro']);

    // Keyboard alone: Pro's row, right to its handle, Enter picks it up, the arrow keys walk the drop positions
    // (each one announced), Enter drops it at the top.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await row('Pro').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('Reorder Pro');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toMatch(/^Insert/);
    for (let step = 0; step < 3; step++) {
      const before = await focused();
      await page.keyboard.press('ArrowUp');
      await expect.poll(focused).not.toBe(before);
    }
    await expect.poll(focused).toMatch(/^Insert before Premium/);
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['Pro', 'Premium', 'Free']);
    await expectToast('Plan order saved');
    await expectAccessible(page);
    await page.reload();
    await expect.poll(order).toEqual(['Pro', 'Premium', 'Free']);

    // The pricing page lists the plans in the admin's order.
    const { context, page: visitor } = await browser.newPage();
    await visitor.goto(`${site.url}/pricing`);
    const cards = visitor.locator('.bl-plan-card__name');
    await expect.poll(() => cards.allTextContents()).toEqual(['Pro', 'Premium', 'Free']);
    await context.close();
  });

  it('shows the billing settings with write-only Stripe keys', async () => {
    await page.goto(`${site.url}/admin/settings/billing`);
    await expectHeading(page, 'Billing');
    await page.getByRole('switch', { name: 'Enable billing' }).waitFor();
    const key = page.getByLabel('Secret key', { exact: true });
    expect(await key.inputValue()).toBe('');
    await expectAccessible(page);
  });

  it('creates a custom page whose script never runs, in the preview or on the site, then deletes it', async () => {
    await page.goto(`${site.url}/admin/pages`);
    await expectHeading(page, 'Pages');
    await page.getByRole('button', { name: 'New page' }).click();
    await dialog().locator('input[name="title"]').fill('Liner notes');
    await dialog().getByRole('tab', { name: 'HTML' }).click();
    await dialog()
      .locator('textarea[name="body"]')
      .fill(
        '<h2>Credits</h2><p><a href="https://example.com/label">The label</a></p>' +
          '<img src="x" alt="" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
      );
    await dialog().getByRole('tab', { name: 'Preview' }).click();
    await dialog().locator('.bl-page-body-preview h2', { hasText: 'Credits' }).waitFor();
    expect(
      await dialog().locator('.bl-page-body-preview script, .bl-page-body-preview [onerror]').count(),
    ).toBe(0);
    await expectAccessible(page);
    await dialog().getByRole('button', { name: 'Create' }).click();
    await expectToast('Page created');
    await row('Liner notes').waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.goto(`${site.url}/pages/liner-notes`);
    await page.getByRole('heading', { name: 'Credits' }).waitFor();
    await page.getByRole('link', { name: 'The label' }).waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.goto(`${site.url}/admin/pages`);
    await page.getByRole('button', { name: 'Delete Liner notes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast('Page deleted');
    await expect.poll(() => row('Liner notes').count()).toBe(0);
  });

  it('makes a heading and a link with the rich-text toolbar, keeps them across the HTML view and publishes them', async () => {
    // TipTap is a chunk of its own: the pages list does not load it, the page form does.
    const scripts: string[] = [];
    const onRequest = (request: { url(): string }) => scripts.push(request.url());
    page.on('request', onRequest);
    await page.goto(`${site.url}/admin/pages`);
    await expectHeading(page, 'Pages');
    await row('Terms of service').first().waitFor();
    expect(scripts.filter((url) => /rich-text-editor/.test(url))).toEqual([]);
    await page.getByRole('button', { name: 'New page' }).click();
    await dialog().locator('input[name="title"]').fill('Tour diary');
    const editor = dialog().getByRole('textbox', { name: 'Body' });
    await editor.waitFor();
    expect(scripts.some((url) => /rich-text-editor/.test(url))).toBe(true);
    page.off('request', onRequest);

    // A heading: type, select the line, press "Heading 2" (a toggle, pressed while the caret is in it).
    await editor.click();
    await page.keyboard.type('On the road');
    await page.keyboard.press('ControlOrMeta+A');
    const toolbar = dialog().getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    await expect
      .poll(() => toolbar.getByRole('button', { name: 'Heading 2' }).getAttribute('aria-pressed'))
      .toBe('true');
    await editor.locator('h2', { hasText: 'On the road' }).waitFor();

    // A link, by keyboard alone: a new line, select it, Alt+F10 to the toolbar, arrows to "Link", Enter.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Tickets');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Alt+F10');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await expect.poll(focused).toBe('Bold');
    for (const name of ['Italic', 'Heading 2', 'Heading 3', 'Bulleted list', 'Numbered list', 'Link']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(focused).toBe(name);
    }
    await page.keyboard.press('Enter');
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.waitFor();
    // A script URL is refused on the field; a bare host gets https.
    await address.fill('javascript:alert(1)');
    await page.keyboard.press('Enter');
    await page
      .getByText('Enter a web address (https://…), a mailto: or tel: link, or a path on this site.')
      .waitFor();
    await expectAccessible(page);
    await address.fill('example.com/tickets');
    await page.keyboard.press('Enter');
    await address.waitFor({ state: 'detached' });
    await editor.locator('a[href="https://example.com/tickets"]', { hasText: 'Tickets' }).waitFor();
    // Applying a link submitted its own little form, not the page form around the editor.
    expect(await dialog().count()).toBe(1);
    await expectAccessible(page);

    // The HTML view shows the same body, sanitised (an off-site link gets its safe rel); an edit there comes back.
    await dialog().getByRole('tab', { name: 'HTML' }).click();
    const source = dialog().locator('textarea[name="body"]');
    await expect
      .poll(() => source.inputValue())
      .toBe(
        '<h2>On the road</h2><p><a href="https://example.com/tickets" rel="noopener noreferrer">Tickets</a></p>',
      );
    await source.fill(`${await source.inputValue()}<p>Soundcheck at six</p>`);
    await dialog().getByRole('tab', { name: 'Rich text' }).click();
    await editor.locator('p', { hasText: 'Soundcheck at six' }).waitFor();
    await editor.locator('h2', { hasText: 'On the road' }).waitFor();
    // Undo goes back through the toolbar's own edits, not past the loaded body.
    await expect.poll(() => toolbar.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    await dialog().getByRole('button', { name: 'Create' }).click();
    await expectToast('Page created');
    await row('Tour diary').waitFor();

    const { context, page: visitor } = await browser.newPage();
    await visitor.goto(`${site.url}/pages/tour-diary`);
    await visitor.getByRole('heading', { level: 2, name: 'On the road' }).waitFor();
    const link = visitor.getByRole('link', { name: 'Tickets' });
    expect(await link.getAttribute('href')).toBe('https://example.com/tickets');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await visitor.getByText('Soundcheck at six').waitFor();
    await context.close();
  });

  it('fits the page form with its editor at 375 px, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page: phone } = await browser.newPage({ width: 375, height: 800, colorScheme });
      await context.addCookies(await page.context().cookies());
      await phone.goto(`${site.url}/admin/pages`);
      await phone.getByRole('button', { name: 'New page' }).click();
      await phone.getByRole('dialog').getByRole('toolbar', { name: 'Formatting' }).waitFor();
      await phone.getByRole('dialog').getByRole('textbox', { name: 'Body' }).waitFor();
      await paintTheme(phone, colorScheme === 'dark');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(phone, `admin-page-editor-375-${colorScheme}`);
      await axe(phone);
      await context.close();
    }
  });

  it('lists a reported error, shows its stack and deletes it', async () => {
    const visitor = site.session();
    await visitor.get('/api/v1/health');
    const sent = await visitor.post('/api/v1/error-reports', {
      message: 'TypeError: queue is undefined',
      stack: 'TypeError: queue is undefined\n    at next (player.js:10:4)',
      url: '/album/7',
    });
    expect(sent.status).toBe(204);
    await page.goto(`${site.url}/admin/error-reports`);
    await expectHeading(page, 'Error reports');
    await row('TypeError: queue is undefined').waitFor();
    await page.getByRole('button', { name: 'View TypeError: queue is undefined' }).click();
    await dialog().getByText('at next (player.js:10:4)').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete TypeError: queue is undefined' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast('Error report deleted');
    await expect.poll(() => row('TypeError: queue is undefined').count()).toBe(0);
  });

  it('fits the pricing, checkout and change-plan pages at 375 px', async () => {
    const { products } = (await site.session().get('/api/v1/billing/products')).data as {
      products: { id: number; name: string; prices: { id: number }[] }[];
    };
    const pro = products.find((p) => p.name === 'Pro')!;
    const { context, page: phone } = await browser.newPage({ width: 375, height: 800 });
    await context.addCookies(await page.context().cookies());
    for (const [name, path] of [
      ['pricing', '/pricing'],
      ['checkout', `/checkout/${pro.id}/${pro.prices[0]!.id}`],
      ['change-plan', `/change-plan/${pro.id}/${pro.prices[0]!.id}/confirm`],
    ] as const) {
      await phone.goto(`${site.url}${path}`);
      await phone.getByRole('heading', { level: 1 }).first().waitFor();
      await phone.waitForLoadState('networkidle');
      await screenshot(phone, `billing-${name}-375`);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
    }
    await context.close();
  });

  it('fits the sections at 375 px, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page: phone } = await browser.newPage({ width: 375, height: 800, colorScheme });
      await context.addCookies(await page.context().cookies());
      for (const path of ['plans', 'pages', 'error-reports']) {
        await phone.goto(`${site.url}/admin/${path}`);
        await phone.locator('main h1').waitFor();
        // The list has loaded (a row that is no placeholder, or the empty state), so the width checked below is
        // the loaded page's, not the skeleton's.
        await phone
          .locator('main .bl-data-table__row:not(:has(.bl-skeleton)), main .bl-data-table__state')
          .first()
          .waitFor();
        await paintTheme(phone, colorScheme === 'dark');
        await settleAnnouncements(phone);
        // Nothing wider than the screen: the page never scrolls sideways.
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await screenshot(phone, `admin-${path}-375-${colorScheme}`);
      }
      await phone.goto(`${site.url}/admin/plans`);
      await phone.getByRole('button', { name: 'New plan' }).click();
      await phone.getByRole('dialog').getByRole('button', { name: 'Add price' }).click();
      await paintTheme(phone, colorScheme === 'dark');
      await screenshot(phone, `admin-plan-dialog-375-${colorScheme}`);
      await axe(phone);
      await context.close();
    }
  });
});

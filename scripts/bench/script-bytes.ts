// The method of `pnpm bench bundle`, shared with the release check (which measures the scaffolded app's /login).
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@internal/testing/browser';

/** Loads a URL in Chromium and answers the gzip size of every script it fetched. */
export async function scriptBytes(
  url: string,
): Promise<{ files: { url: string; gzip: number }[]; total: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const files: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          files.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return { files, total: files.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    await browser.close();
  }
}

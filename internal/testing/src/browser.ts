import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TIMEOUTS } from './timeouts';

/** Debian's Chromium; tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchOptions {
  /**
   * Extra Chromium flags on top of the machine's own, for example `--autoplay-policy=no-user-gesture-required`
   * for a test that plays audio without a gesture.
   */
  args?: string[];
}

/**
 * Launches headless Chromium with the flags this machine needs (no network chatter, no sandbox as root).
 * Every context and page it opens (`newContext`, `newPage`) waits with the suites' shared timeouts rather
 * than Playwright's 30-second default, which a loaded CI machine can exceed.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(options.args ?? []),
    ],
  });
  // Browser.newPage opens its context through newContext, so this one override covers both.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(TIMEOUTS.browserAction);
    context.setDefaultNavigationTimeout(TIMEOUTS.navigation);
    return context;
  };
  return browser;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown; html: string }[];
}

/** Runs axe-core in the page; answers the critical and serious violations (those fail a test). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol rather than a <script> tag, which the site's CSP refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }
    ).axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  });
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** Formats violations for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`)
    .join('\n');
}

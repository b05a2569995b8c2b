import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenAnchors } from '../docs/.vitepress/check-anchors';

describe("the docs build's heading-link check", () => {
  const out = mkdtempSync(path.join(tmpdir(), 'anchors-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const page = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), `<!doctype html><html><body>${body}</body></html>`);
  };

  it('answers every internal link whose fragment names no id on its target page, and nothing else', () => {
    page('index.html', '<h1 id="welcome">Hi</h1><a href="#welcome">ok</a><a href="#nowhere">same page</a>');
    page(
      'packages/core.html',
      [
        '<h2 id="dates-in-the-users-timezone">Dates</h2>',
        '<a href="./account#the-drop-in-client">sibling, clean URL</a>',
        '<a href="../benchmarks.html#bundle-size">parent, .html</a>',
        '<a href="/packages/account#settings">absolute</a>',
        '<a href="https://example.com/#anything">outside</a>',
        '<a href="/storybook/index.html#story">skipped folder</a>',
        '<a href="./missing#x">missing page: VitePress reports it</a>',
        '<a href="#dates-in-the-users-timezone">ok</a>',
        '<a href="#dates-in-the-user&#39;s-timezone">escaped, wrong</a>',
      ].join(''),
    );
    page('packages/account.html', '<h2 id="settings">Settings</h2><h2 id="the-drop-in-client">Drop-in</h2>');
    page('benchmarks.html', '<h2 id="bundle-size-pnpm-bench-bundle">Bundle</h2>');
    page('guide/index.html', '<a href="/#welcome">root</a><a href="/guide/#top">folder index</a>');
    expect(brokenAnchors(out, ['storybook']).sort()).toEqual(
      [
        'index.html → #nowhere',
        "packages/core.html → #dates-in-the-user's-timezone",
        'packages/core.html → ../benchmarks.html#bundle-size',
        'guide/index.html → /guide/#top',
      ].sort(),
    );
  });
});

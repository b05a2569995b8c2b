import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The wire contract is defined once, here in `packages/core/src/contract`. This test reads every other source
 * file of the workspace (tests, e2e suites and stories aside: they pin the wire's literal values on purpose)
 * and fails when one spells out a wire constant, repeats the prefix rule, or declares a resource type of its
 * own instead of importing the contract's. Comments are ignored: documentation may name the values.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const contractDir = path.join(root, 'packages/core/src/contract');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const NOT_SOURCE = /\.(test|e2e|stories)\.(ts|tsx)$|\.d\.ts$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'e2e', '.artifacts', 'storybook-static']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(full, out);
    } else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Code without its comments (block and line comments; `//` inside a URL string is kept) and without module
 * augmentations (`declare module '…' { interface User {…} }`: a module adding its columns to the server's
 * `User` model declares no wire type).
 */
function code(file: string): string {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  let out = text;
  for (let start = out.search(/declare module\s+['"][^'"]+['"]\s*\{/); start >= 0; ) {
    let depth = 0;
    let end = out.indexOf('{', start);
    for (; end < out.length; end++) {
      if (out[end] === '{') depth++;
      else if (out[end] === '}' && --depth === 0) break;
    }
    out = out.slice(0, start) + out.slice(end + 1);
    start = out.search(/declare module\s+['"][^'"]+['"]\s*\{/);
  }
  return out;
}

const roots = ['packages', 'internal', 'examples'].flatMap((top) =>
  readdirSync(path.join(root, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, top, entry.name, 'src')),
);
const files = [...roots, path.join(root, 'scripts')].flatMap((dir) => sourceFiles(dir));
const inContract = (file: string) => file.startsWith(contractDir + path.sep);
const outside = files.filter((file) => !inContract(file)).map((file) => ({ file, text: code(file) }));
const contract = files.filter(inContract).map((file) => ({ file, text: code(file) }));
const relative = (file: string) => path.relative(root, file);

/** Files outside the contract whose code matches `pattern`. */
const offenders = (pattern: RegExp) =>
  outside.filter(({ text }) => pattern.test(text)).map(({ file }) => relative(file));
/** How many times the contract's code matches `pattern`. */
const definitions = (pattern: RegExp) =>
  contract.reduce((count, { text }) => count + (text.match(new RegExp(pattern, 'g'))?.length ?? 0), 0);

describe('the wire contract is the one place', () => {
  it('reads the whole workspace (the scan is not vacuous)', () => {
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.map(({ file }) => relative(file))).toContain('packages/server/src/http/xsrf.ts');
    expect(contract.map(({ file }) => relative(file))).toContain('packages/core/src/contract/wire.ts');
  });

  it.each([
    ['the XSRF cookie and header', /XSRF-TOKEN/i],
    ['the method-override header', /X-HTTP-Method-Override/i],
    ['the bootstrap global', /window\s*\.\s*bootstrapData\b|\[\s*['"`]bootstrapData['"`]\s*\]/],
    ['the workspace cookie', /['"`]activeWorkspaceId['"`]/],
    ['the theme cookie', /['"`]be-active-theme['"`]/],
  ])('spells out %s only in the contract', (_name, pattern) => {
    expect(offenders(pattern)).toEqual([]);
  });

  it('defines each wire constant exactly once', () => {
    expect(definitions(/=\s*'XSRF-TOKEN'/)).toBe(1);
    expect(definitions(/=\s*'X-XSRF-TOKEN'/)).toBe(1);
    expect(definitions(/=\s*'bootstrapData'/)).toBe(1);
    expect(definitions(/=\s*'api\/v1\/'/)).toBe(1);
    expect(definitions(/=\s*\/\^\(auth\|secure\)/)).toBe(1);
  });

  it('keeps the prefix rule in the contract: no other code matches `auth|secure` or `api/v1/` by pattern', () => {
    expect(offenders(/auth\|secure|api\\\/v1/)).toEqual([]);
  });

  it('declares each resource type once: elsewhere they are imported or derived, never written out', () => {
    const RESOURCES =
      'BootstrapData|Theme|ThemeRecord|RegistrationPolicy|ErrorBody|FieldErrors|ErrorAction|User|UserResource|' +
      'AccessToken|AccessTokenResource|Session|SessionResource|UserSession|SocialProfile|FileEntry|Menu|MenuItem|' +
      'Role|Permission|I18nData|Localization|TimezoneOption|ValueLists|SocialCallbackData|SocialStatus|SocialService';
    const declaration = new RegExp(
      `\\b(?:interface\\s+(?:${RESOURCES})\\b|type\\s+(?:${RESOURCES})\\s*(?:<[^>]*>)?\\s*=\\s*[{(])`,
    );
    expect(offenders(declaration)).toEqual([]);
    // The contract itself declares each through its schema.
    expect(definitions(/export const (?:BootstrapData|Theme|User|AccessToken|Session|ErrorBody) = /)).toBe(6);
  });
});

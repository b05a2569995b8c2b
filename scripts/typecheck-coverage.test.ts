import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** `tsconfig.json` files may carry comments and trailing commas; these are plain JSON today, but stay tolerant. */
const readTsconfig = (file: string): { include?: string[]; exclude?: string[] } =>
  JSON.parse(
    readFileSync(file, 'utf8')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/,(\s*[}\]])/g, '$1'),
  );

/** A glob of `tsconfig.check.json` (`*` stands for one path segment) as a regular expression over a path. */
const globToRegExp = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}(/.*)?$`);

const workspaceProjects = () =>
  ['packages', 'examples', 'internal'].flatMap((group) =>
    readdirSync(path.join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${group}/${entry.name}`)
      .filter((dir) => {
        try {
          return Boolean(
            JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck,
          );
        } catch {
          return false;
        }
      }),
  );

// `pnpm typecheck` is one tsc program over tsconfig.check.json rather than `pnpm -r typecheck`, which checked every
// shared source file once per package importing it. A package whose own tsconfig includes a path the combined
// program leaves out would silently stop being checked in CI; this test is what keeps the two lists in step.
describe('tsconfig.check.json', () => {
  const combined = readTsconfig(path.join(root, 'tsconfig.check.json'));
  const includes = (combined.include ?? []).map(globToRegExp);

  it('finds the workspace projects it must cover', () => {
    expect(workspaceProjects()).toEqual(
      expect.arrayContaining(['packages/core', 'packages/server', 'examples/music']),
    );
  });

  it.each(workspaceProjects())('covers every path that %s type-checks on its own', (dir) => {
    const own = readTsconfig(path.join(root, dir, 'tsconfig.json'));
    const uncovered = (own.include ?? [])
      .map((entry) => path.posix.join(dir, entry))
      .filter((entry) => !includes.some((pattern) => pattern.test(entry)));
    expect(uncovered).toEqual([]);
  });
});

/** Every file a docs page includes with VitePress's `<<< @/path` snippet syntax, relative to `docs/`. */
const docsSnippetIncludes = (dir = path.join(root, 'docs')): { page: string; file: string }[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Generated (TypeDoc's pages, VitePress's output) or not a page.
    if (entry.isDirectory())
      return ['api', '.vitepress', 'node_modules'].includes(entry.name) ? [] : docsSnippetIncludes(full);
    if (!entry.name.endsWith('.md')) return [];
    return [...readFileSync(full, 'utf8').matchAll(/^<<< @\/([^\s{#[]+)/gm)].map((match) => ({
      page: path.relative(root, full),
      file: `docs/${match[1]}`,
    }));
  });

// The recipes' code is not pasted into their pages: the pages include files that `pnpm typecheck` compiles, so a
// package change that breaks a recipe fails CI. This keeps a page from including a file outside that program
// (or one that does not exist, which VitePress would render as an error message instead of failing).
describe('code the docs include', () => {
  const combined = readTsconfig(path.join(root, 'tsconfig.check.json'));
  const includes = (combined.include ?? []).map(globToRegExp);
  const snippets = docsSnippetIncludes();

  it('finds the recipes’ includes', () => {
    expect(snippets.filter((snippet) => snippet.page.startsWith('docs/recipes/')).length).toBeGreaterThan(10);
  });

  it('exists, and every TypeScript file of it is in the type-checked program', () => {
    const problems = snippets.flatMap(({ page, file }) => {
      if (!existsSync(path.join(root, file))) return [`${page} includes ${file}, which does not exist`];
      if (/\.(ts|tsx|mts)$/.test(file) && !includes.some((pattern) => pattern.test(file)))
        return [`${page} includes ${file}, which tsconfig.check.json does not type-check`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});

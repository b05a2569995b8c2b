import { config } from 'zod/mini';

/**
 * The site's CSP has no `'unsafe-eval'`, so zod must not compile parsers with `new Function`. Zod's classic
 * build (which the API reference's renderer uses) probes for eval on its first object parse, and under the CSP
 * that probe alone is reported as a `script-src` violation. Jitless mode skips the probe and the compiled
 * parsers; zod then parses the same values, only without the generated fast path. Imported first by the page
 * that loads the renderer, so it is set before any of the renderer's schemas run.
 */
config({ jitless: true });

import Router, { type Layer, type MatchResult } from '@koa/router';

/** How many leading path segments the index keys on (`api/v1/tracks`). */
const DEPTH = 3;
/** A segment that is plain text in a route's path: no parameter, wildcard, group or escape. */
const PLAIN = /^[A-Za-z0-9._~-]*$/;

interface RouteIndex {
  /** The stack the index was built from: a route registered later rebuilds it. */
  size: number;
  /** Lowercased leading segments (`/api/v1/tracks`) → every layer that can match a path starting with them. */
  nodes: Map<string, Layer[]>;
}

/**
 * A `@koa/router` that tries only the routes a path can match. The stock router tests every route's regular
 * expression (and logs a debug line) per request: 240 routes in the music site, a tenth of its CPU per track
 * range request (docs/benchmarks.md, streaming, fourth pass). Routes are indexed by their leading plain
 * segments, lowercased as the routes match (case-insensitively); a request tries the routes under its own
 * leading segments, in registration order, and each still goes through its regular expression, so the index
 * only skips routes whose text cannot match and the answer (params, `ctx.matched`, 405 and `Allow`) is the
 * stock router's.
 */
export class IndexedRouter extends Router {
  #index: RouteIndex | undefined;

  override match(path: string, method: string): MatchResult {
    const result: MatchResult = { path: [], pathAndMethod: [], route: false };
    const wanted = method.toUpperCase();
    for (const layer of this.#candidates(path)) {
      if (!layer.match(path)) continue;
      result.path.push(layer);
      if (!layer.methods.length || layer.methods.includes(wanted)) {
        result.pathAndMethod.push(layer);
        if (layer.methods.length) result.route = true;
      }
    }
    return result;
  }

  #candidates(path: string): Layer[] {
    if (this.#index?.size !== this.stack.length) this.#index = buildIndex(this.stack);
    const { nodes } = this.#index;
    const prefixes = leadingPrefixes(path);
    // The longest known prefix of the path holds every layer whose key is a prefix of the path.
    for (let depth = prefixes.length - 1; depth >= 0; depth--) {
      const layers = nodes.get(prefixes[depth]!);
      if (layers) return layers;
    }
    return nodes.get('') ?? [];
  }
}

/**
 * The path's first DEPTH segments as growing prefixes, lowercased: `/API/v1/tracks/7` → `/api`, `/api/v1`,
 * `/api/v1/tracks`.
 */
function leadingPrefixes(path: string): string[] {
  const prefixes: string[] = [];
  let prefix = '';
  let start = path.startsWith('/') ? 1 : 0;
  while (prefixes.length < DEPTH) {
    const slash = path.indexOf('/', start);
    prefix += `/${path.slice(start, slash === -1 ? path.length : slash).toLowerCase()}`;
    prefixes.push(prefix);
    if (slash === -1) break;
    start = slash + 1;
  }
  return prefixes;
}

/**
 * A layer's key: its leading plain segments, lowercased. A layer whose path is a regular expression or that
 * matches prefixes (`end: false`) has an empty key, so every request tries it.
 */
function layerKey(layer: Layer): string[] {
  if (typeof layer.path !== 'string' || layer.opts.end === false || layer.opts.pathAsRegExp) return [];
  const key: string[] = [];
  for (const segment of layer.path.replace(/^\//, '').split('/')) {
    if (key.length === DEPTH || !PLAIN.test(segment)) break;
    key.push(segment.toLowerCase());
  }
  return key;
}

function buildIndex(stack: Layer[]): RouteIndex {
  const keys = stack.map(layerKey);
  const nodes = new Map<string, Layer[]>();
  for (const key of [[], ...keys])
    for (let depth = 0; depth <= key.length; depth++) {
      const prefix = key.slice(0, depth);
      const name = prefix.map((segment) => `/${segment}`).join('');
      if (nodes.has(name)) continue;
      // In registration order: the first matching route answers, as with the stock router.
      nodes.set(
        name,
        stack.filter(
          (_, i) => keys[i]!.length <= prefix.length && keys[i]!.every((segment, j) => segment === prefix[j]),
        ),
      );
    }
  return { size: stack.length, nodes };
}

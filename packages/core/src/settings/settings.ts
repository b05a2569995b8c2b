/** Reads a value from a nested settings object by dotted path: `getByPath(settings, 'branding.site_name')`. */
export function getByPath<T = unknown>(source: unknown, path: string, fallback?: T): T {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return fallback as T;
    node = (node as Record<string, unknown>)[part];
  }
  return (node === undefined ? fallback : node) as T;
}

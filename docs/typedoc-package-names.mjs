// TypeDoc names each entry point by its path (`core/src/contract`); readers import it as `@backline/core/contract`,
// so the reference uses the import specifier instead. Every entry point in typedoc.json is `<package>/src[/<subpath>]`
// and every package's `exports` map that subpath to the same file.
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      module.name = module.name.replace(/^([\w-]+)\/src(\/.*)?$/, '@backline/$1$2');
    }
  });
}

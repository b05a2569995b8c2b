import { pgliteTemplate } from '../internal/testing/src/databases';

/**
 * Makes the PGlite template cluster that fresh test databases are copied from (see `pgliteTemplate`) once, before any
 * test file runs, so no test or hook pays PGlite's initdb against its timeout. Cheap when the template exists.
 */
export default function setup() {
  pgliteTemplate();
}

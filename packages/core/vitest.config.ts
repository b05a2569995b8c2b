import { backlineProject } from '../../scripts/vitest-config';

// Files share one module graph per worker (isolate: false): every file here starts its own app and database, so
// nothing leaks between them; importing the sources once per worker instead of once per file took the core project
// from 112 to 45 CPU-seconds (docs/benchmarks.md, "CI phases").
export default backlineProject('core', { isolate: false });

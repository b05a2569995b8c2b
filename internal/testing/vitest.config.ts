import { backlineProject } from '../../scripts/vitest-config';

// One module graph per worker, as in the server project (see packages/server/vitest.config.ts).
export default backlineProject('testing', { isolate: false });

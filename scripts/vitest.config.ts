import { backlineProject } from './vitest-config';

// The repository's own tooling (release and CI scripts); its tests run in the unit phase.
export default backlineProject('scripts', { include: ['*.test.ts'] });

import { backlineProject } from '../../scripts/vitest-config';

export default backlineProject('create-backline');

import { musicOptions } from './app';

/** What `pnpm backline …` builds: the music site's modules and settings (the environment adds the data). */
export default () => musicOptions();

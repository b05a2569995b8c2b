// Its own chunk: only a session an admin opened with "log in as" loads it.
import '@backline/admin/styles.css';

export { ImpersonationBanner } from '@backline/admin';

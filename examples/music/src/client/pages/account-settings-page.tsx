// Account settings, in a chunk of its own: only /account-settings pays for the page and its styles.
import '@backline/uploads/styles.css';
import '@backline/account/styles.css';

export { AccountSettingsPage } from '@backline/account';

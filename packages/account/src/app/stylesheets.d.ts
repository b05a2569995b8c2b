// The account page's stylesheets load with its chunk; the app's bundler handles the import.
declare module '@backline/uploads/styles.css';
declare module '@backline/account/styles.css';

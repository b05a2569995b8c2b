/** Every line the dashboard translates, including the labels of the server's built-in figures. */
export const DASHBOARD_STRINGS: readonly string[] = [
  'Dashboard',
  'Date range',
  ':days days',
  'Last :days days',
  'Right now',
  ':name per day',
  'Date',
  'Could not load the dashboard. Please try again later.',
  'New users',
  'Active sessions',
  'Uploads',
  'Storage used',
  'Plays',
];

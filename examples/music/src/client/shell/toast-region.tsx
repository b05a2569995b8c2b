// Its own module so that app.tsx can load the toast region (and its animation library) lazily.
export { ToastRegion } from '@backline/ui';

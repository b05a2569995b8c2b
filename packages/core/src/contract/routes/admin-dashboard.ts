import * as z from 'zod/mini';
import { route } from '../route';

/** Opens the admin area; the dashboard is its first page. */
export const ADMIN_ACCESS_PERMISSION = 'admin.access';

/** The ranges the dashboard offers, in days. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** One figure of the dashboard: its total over the range and its value per day (UTC), oldest first. */
export const DashboardMetric = z.object({
  key: z.string(),
  /** English text; the client translates it. */
  label: z.string(),
  /** How to show the numbers: counts, or bytes as KB/MB/GB. */
  format: z.enum(['count', 'bytes']),
  total: z.number(),
  /** Absent for point-in-time figures (active sessions right now). */
  series: z.optional(z.array(z.object({ date: z.string(), value: z.number() }))),
});
export type DashboardMetric = z.infer<typeof DashboardMetric>;

/**
 * `GET admin/dashboard?days=30`: new users, active sessions, uploads and storage used (plus any figures the app
 * adds, such as plays), computed in SQL from the site's own tables.
 */
export const show = route({
  method: 'GET',
  path: 'admin/dashboard',
  tag: 'admin',
  summary: 'Figures and daily series for the admin dashboard',
  auth: true,
  permission: ADMIN_ACCESS_PERMISSION,
  query: z.object({
    days: z.optional(z.enum(['7', '30', '90'], 'Choose 7, 30 or 90 days.')),
  }),
  response: z.object({
    days: z.number(),
    /** The first day of the range (UTC, `YYYY-MM-DD`). */
    from: z.string(),
    metrics: z.array(DashboardMetric),
  }),
});

import {
  type AuthorizationReport,
  formatAuthorizationReport,
  type RunningServer,
  testDatabases,
  walkAuthorization,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../e2e/support/site';
import { MUSIC_AUTHORIZATION } from './authorization-targets';

/**
 * CI's budget of the authorization walk (`pnpm security` walks every route): a visitor, a user without any role
 * and another user's account ask for closed routes taken across the whole contract. Every one must refuse them
 * (401, 403, or 403/404 for another user's resource) and write nothing; every path parameter of a closed route
 * must be classified in authorization-targets.ts.
 */
const LIMIT = Number(process.env.AUTHORIZATION_WALK_LIMIT ?? 14);

describe.each(testDatabases())('the authorization walk over the music contract on $name', (database) => {
  let server: RunningServer;
  let report: AuthorizationReport;
  beforeAll(async () => {
    server = await startSite({}, database);
    report = await walkAuthorization({ server, ...MUSIC_AUTHORIZATION, limit: LIMIT || undefined });
  }, 240_000);
  afterAll(() => server?.close());

  it('asks its budget of every check', () => {
    for (const check of ['guest', 'permission', 'idor'] as const)
      expect(report.checks[check].asked, check).toBeGreaterThanOrEqual(Math.min(LIMIT || 5, 5));
  });

  it('finds no closed route open to the wrong person, and no path parameter left unclassified', () => {
    const summary = formatAuthorizationReport(report);
    expect(report.findings, summary).toEqual([]);
    expect(report.unclassified, summary).toEqual([]);
    for (const check of ['guest', 'permission', 'idor'] as const)
      expect(report.checks[check].refused, summary).toBe(report.checks[check].asked);
  });
});

/**
 * A visitor's XSRF cookie and the JSON headers that present it, from a real `GET health`: what a browser
 * sends with a login. Shared by login.ts and login-profile.ts. (The leading underscore keeps run.ts from
 * treating this file as a benchmark.)
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@backline/core/contract';

export async function visitorHeaders(
  url: string,
): Promise<{ xsrf: string; headers: Record<string, string> }> {
  const first = await fetch(`${url}/api/v1/health`);
  const xsrf = first.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${XSRF_COOKIE}=`))!
    .split(';')[0]!;
  return {
    xsrf,
    headers: {
      'content-type': 'application/json',
      cookie: xsrf,
      [XSRF_HEADER.toLowerCase()]: decodeURIComponent(xsrf.slice(XSRF_COOKIE.length + 1)),
    },
  };
}

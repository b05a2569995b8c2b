/**
 * A visitor's XSRF cookie and the JSON headers that present it, from a real `GET health`: what a browser
 * sends with a login. Shared by login.ts and login-profile.ts. (The leading underscore keeps run.ts from
 * treating this file as a benchmark.)
 */
export async function visitorHeaders(
  url: string,
): Promise<{ xsrf: string; headers: Record<string, string> }> {
  const first = await fetch(`${url}/api/v1/health`);
  const xsrf = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  return {
    xsrf,
    headers: {
      'content-type': 'application/json',
      cookie: xsrf,
      'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
    },
  };
}

import type { HttpSession } from '@internal/testing';

/** The window message a callback page posts, and where it may go. */
export interface CallbackMessage {
  status: string;
  callbackData: { bootstrapData?: string; errorMessage?: string; email?: string; two_factor?: boolean };
  origin: string;
}

/** Reads the message out of a callback page's JSON block, as the page's own script does. */
export function readCallbackPage(html: unknown): CallbackMessage {
  const match = /<script type="application\/json" id="social-auth">([^<]*)<\/script>/.exec(String(html));
  if (!match) throw new Error(`Not a callback page: ${String(html).slice(0, 300)}`);
  const data = JSON.parse(match[1]!) as { message: { type: string } & CallbackMessage; origin: string };
  if (data.message.type !== 'social-auth') throw new Error('Wrong message type');
  return { status: data.message.status, callbackData: data.message.callbackData, origin: data.origin };
}

/**
 * Walks a popup's round trip like a browser: our start route, the provider's authorize endpoint (which
 * redirects straight back), then our callback. Answers the callback page's message and the callback URL.
 */
export async function runSocialFlow(
  http: HttpSession,
  options: { mode?: 'login' | 'connect'; service?: string; tamper?: (callback: URL) => void } = {},
): Promise<CallbackMessage & { callbackUrl: string; startStatus: number }> {
  const start = await http.get(
    `/secure/auth/social/${options.service ?? 'google'}/${options.mode ?? 'login'}`,
  );
  if (start.status !== 302)
    return { ...readCallbackPage(start.data), callbackUrl: '', startStatus: start.status };
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  options.tamper?.(callback);
  const answer = await http.get(callback.pathname + callback.search);
  if (answer.status !== 200)
    throw new Error(`Callback answered ${answer.status}: ${JSON.stringify(answer.data)}`);
  return {
    ...readCallbackPage(answer.data),
    callbackUrl: callback.pathname + callback.search,
    startStatus: 302,
  };
}

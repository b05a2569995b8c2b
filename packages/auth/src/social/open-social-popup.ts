import { SOCIAL_MESSAGE_TYPE, SOCIAL_STATUSES as STATUSES, type social } from '@backline/core/contract';
import { SOCIAL_SERVICES, type SocialService } from './social-visibility';

// Defined beside the visibility check, which the sign-in screens load without the popup code.
export { SOCIAL_SERVICES, type SocialService };

/** The outcomes a social popup reports, and what its window message carries (from the contract). */
export const SOCIAL_STATUSES = STATUSES;
export type SocialStatus = social.SocialStatus;
export type SocialCallbackData = social.SocialCallbackData;

export interface SocialPopupResult {
  status: SocialStatus;
  callbackData: SocialCallbackData;
}

/** Spec accounts §9: the popup's size and how often it is checked for having been closed. */
export const SOCIAL_POPUP_WIDTH = 650;
export const SOCIAL_POPUP_HEIGHT = 550;
export const SOCIAL_POPUP_POLL_MS = 1000;

/**
 * Reads a window message from a social popup: only from `origin`, only `{type: 'social-auth'}` with a known
 * status (compared case-insensitively). Anything else answers null and must be ignored.
 */
export function readSocialMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string) {
  if (event.origin !== origin) return null;
  const data = event.data as { type?: unknown; status?: unknown; callbackData?: unknown } | null;
  if (
    !data ||
    typeof data !== 'object' ||
    data.type !== SOCIAL_MESSAGE_TYPE ||
    typeof data.status !== 'string'
  )
    return null;
  const status = data.status.toUpperCase() as SocialStatus;
  if (!SOCIAL_STATUSES.includes(status)) return null;
  const callbackData =
    data.callbackData && typeof data.callbackData === 'object'
      ? (data.callbackData as SocialCallbackData)
      : {};
  return { status, callbackData } satisfies SocialPopupResult;
}

/**
 * Opens `url` in a centred 650×550 popup and resolves with the message it posts when the sign-in ends.
 * Messages whose origin is not `baseUrl`'s (the site's `base_url`; this page's origin by default) are
 * ignored, so another window cannot forge an outcome. A popup the user closes (checked every 1000 ms), or one
 * the browser blocked, resolves null: nothing happened.
 */
export function openSocialPopup(
  url: string,
  options: { baseUrl?: string } = {},
): Promise<SocialPopupResult | null> {
  const origin = new URL(options.baseUrl || window.location.origin, window.location.href).origin;
  const target = new URL(url, `${origin}/`).href;
  const left = Math.max(0, window.screenX + (window.outerWidth - SOCIAL_POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - SOCIAL_POPUP_HEIGHT) / 2);
  const popup = window.open(
    target,
    'backline-social-auth',
    `width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) return Promise.resolve(null);
  popup.focus();
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: SocialPopupResult | null) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our popup's page, and only from our own origin.
      if (event.source && event.source !== popup) return;
      const result = readSocialMessage(event, origin);
      if (result) finish(result);
    };
    window.addEventListener('message', onMessage);
    const timer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(timer);
      // The callback page posts and then closes: let a message already on its way arrive first.
      setTimeout(() => finish(null), 250);
    }, SOCIAL_POPUP_POLL_MS);
  });
}

import { APPEARANCE_EDITOR_SOURCE, appearance } from '@backline/core/contract';
import { safeParse } from 'zod/mini';

/**
 * The editor's messages, parsed; `undefined` for anything to ignore. Rule (spec §4): accept only data carrying the
 * appearance-editor source marker, sent from an origin whose host name equals the page's host name. Other scripts,
 * extensions and other sites post window messages too; none of them may restyle or navigate the site.
 */
export function acceptEditorMessage(
  event: Pick<MessageEvent, 'data' | 'origin'>,
  pageHostname: string,
): appearance.AppearanceEditorMessage | undefined {
  const data = event.data as { source?: unknown } | null;
  if (!data || typeof data !== 'object' || data.source !== APPEARANCE_EDITOR_SOURCE) return undefined;
  let senderHost: string;
  try {
    senderHost = new URL(event.origin).hostname;
  } catch {
    return undefined; // `null` origins (sandboxed frames, file:) never match.
  }
  if (!senderHost || senderHost !== pageHostname) return undefined;
  const parsed = safeParse(appearance.AppearanceEditorMessage, data);
  return parsed.success ? parsed.data : undefined;
}

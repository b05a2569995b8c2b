import { formFeedback } from '@backline/auth';
import { toast } from '@backline/ui';
import type { TFunction } from 'i18next';

/** A failed call with no form to show it on: the server's message, else the generic line, as a danger toast. */
export function toastError(error: unknown, t: TFunction): void {
  const feedback = formFeedback(error, [], (line) => t(line));
  if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
}

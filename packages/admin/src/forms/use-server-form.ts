import { errorFeedback } from '@backline/core';
import { toast } from '@backline/ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a field error belongs to the form: a listed name, or under a listed `prefix.*`. */
const ownsField = (fields: readonly string[], field: string) =>
  fields.some((own) => (own.endsWith('.*') ? field.startsWith(own.slice(0, -1)) : own === field));

/**
 * Server feedback for one admin form: field errors land on the fields of that name (pass `validationErrors` to
 * `<Form>`, which focuses the first); errors that name no field of the form, or none at all, become a danger
 * toast with the server's message, else "There was an issue. Please try again later.". A field ending in `.*`
 * stands for every field under it (`restrictions.*`: one input per permission restriction).
 */
export function useServerForm(fields: readonly string[]) {
  const { t } = useTranslation();
  const [validationErrors, setErrors] = useState<Record<string, string>>({});
  const key = fields.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the field list's content.
  const report = useCallback(
    (error: unknown) => {
      const feedback = errorFeedback(error, { translate: (line) => t(line) });
      const own = Object.fromEntries(
        Object.entries(feedback.fieldErrors).filter(([field]) => ownsField(fields, field)),
      );
      setErrors(own);
      const others = Object.entries(feedback.fieldErrors).filter(([field]) => !ownsField(fields, field));
      if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
      else if (others[0]) toast.danger(others[0][1]);
    },
    [key, t],
  );
  const clear = useCallback(() => setErrors((current) => (Object.keys(current).length ? {} : current)), []);
  return { validationErrors, report, clear };
}

/** Shows a failed call's message in a danger toast (for actions without a form). */
export function useErrorToast() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const feedback = errorFeedback(error, { translate: (line) => t(line) });
      const message = feedback.toast?.message ?? Object.values(feedback.fieldErrors)[0];
      if (message) toast.danger(message, { action: feedback.toast?.action });
    },
    [t],
  );
}

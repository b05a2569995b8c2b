import { toast } from '@backline/ui';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFeedback } from './server-errors';

/** A field's client-side problem: the English message (i18n key), or null when the value is fine. */
export type ClientErrors<Field extends string> = Partial<Record<Field, string | null>>;

/**
 * The validation state of one sign-in form, shared by every screen:
 *
 * - Client rules (spec accounts §5) are checked on submit. Until the first attempt nothing is shown; after
 *   it, messages follow the values as they are typed, so a fixed field is cleared before the user reaches
 *   for the button (an error vanishing on blur would move the button away from a click).
 * - Server field errors land on their fields; errors no field of this form shows become a danger toast.
 *   Editing any field drops the server's errors: they describe the last submission (a wrong password is
 *   reported on the email field, yet the user retypes the password).
 * - Either way the first invalid field receives focus.
 *
 * Use with `<Form validationBehavior="aria">`, `errorMessage={errorFor(name, problem)}` on each field and
 * `onChange={edit(setter)}`.
 */
export function useAuthForm<Field extends string>(fields: readonly Field[]) {
  const { t } = useTranslation();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  // Bumped when a submission is refused on the client, to move focus to the first invalid field.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const key = fields.join('\u0000');

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the field list's content.
  const report = useCallback(
    (error: unknown) => {
      const feedback = formFeedback(error, fields, (line) => t(line));
      setServerErrors(feedback.fieldErrors);
      if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
    },
    [key, t],
  );

  const clear = useCallback(
    () => setServerErrors((current) => (Object.keys(current).length ? {} : current)),
    [],
  );

  const edit = useCallback(
    <T>(setter: (value: T) => void) =>
      (value: T) => {
        clear();
        setter(value);
      },
    [clear],
  );

  /**
   * Call first thing in `onSubmit`: answers false (and shows every problem, focusing the first) when a
   * client rule fails, true when the form may be sent.
   */
  const check = useCallback(
    (event: FormEvent<HTMLFormElement>, problems: ClientErrors<Field>): boolean => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      setAttempted(true);
      clear();
      if (Object.values(problems).some(Boolean)) {
        setRefusals((count) => count + 1);
        return false;
      }
      return true;
    },
    [clear],
  );

  /**
   * The message to show under a field: the server's, else the client rule's (translated, with `values`
   * for its placeholders) once a submit was tried.
   */
  const errorFor = (
    field: Field,
    problem?: string | null,
    values?: Record<string, string | number>,
  ): string | undefined => serverErrors[field] ?? (attempted && problem ? t(problem, values) : undefined);

  return { validationErrors: serverErrors, report, clear, edit, check, errorFor };
}

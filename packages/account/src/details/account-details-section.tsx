import { useAuthForm } from '@backline/auth';
import { account, profile } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Form, TextField, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { useApplyUser } from '../shared/queries';
import type { AccountUser } from '../shared/types';
import { AvatarField } from './avatar-field';

const FIELDS = ['first_name', 'last_name', 'display_name'] as const;

/** The display name's problem, checked with the contract's own schema (the server's message), or null. */
function displayNameProblem(value: string): string | null {
  const result = profile.ProfileBody.safeParse({ display_name: value });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Account details: first and last name (`PUT users/me`), the display name (`PUT users/me/profile`, sent only
 * when it changed) and the profile image.
 */
export function AccountDetailsSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const http = useHttp();
  const applyUser = useApplyUser();
  const form = useAuthForm(FIELDS);
  const [firstName, setFirstName] = useState(user.first_name ?? '');
  const [lastName, setLastName] = useState(user.last_name ?? '');
  const [displayName, setDisplayName] = useState(user.display_name ?? '');
  const problems = { display_name: displayNameProblem(displayName) };

  const save = useMutation({
    mutationFn: async () => {
      const answer = await http.call(account.update, {
        params: { id: 'me' },
        body: { first_name: firstName, last_name: lastName },
      });
      if (displayName.trim() === (user.display_name ?? '')) return answer;
      return http.call(profile.update, { body: { display_name: displayName } });
    },
    onSuccess: (answer) => {
      applyUser(answer.user);
      toast.positive(t('Updated account details'));
    },
    onError: form.report,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    save.mutate();
  };

  return (
    <AccountSection
      id="account-details"
      title={t('Account details')}
      description={t('Update your name and profile image.')}
    >
      <AvatarField user={user} />
      <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
        <div className="bl-account-grid">
          <TextField
            name="first_name"
            label={t('First name')}
            autoComplete="given-name"
            value={firstName}
            onChange={form.edit(setFirstName)}
            errorMessage={form.errorFor('first_name')}
          />
          <TextField
            name="last_name"
            label={t('Last name')}
            autoComplete="family-name"
            value={lastName}
            onChange={form.edit(setLastName)}
            errorMessage={form.errorFor('last_name')}
          />
          <TextField
            name="display_name"
            label={t('Display name')}
            description={t('How you appear on your profile and next to what you share.')}
            autoComplete="nickname"
            value={displayName}
            onChange={form.edit(setDisplayName)}
            errorMessage={form.errorFor('display_name', problems.display_name)}
          />
        </div>
        <div className="bl-account-actions">
          <Button type="submit" isPending={save.isPending}>
            {t('Save')}
          </Button>
        </div>
      </Form>
    </AccountSection>
  );
}

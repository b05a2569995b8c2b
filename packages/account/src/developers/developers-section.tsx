import { requiredRule, useAuthForm } from '@backline/auth';
import { accessTokens } from '@backline/core/contract';
import { useCan, useDates, useHttp, useSettings } from '@backline/core/react';
import { AlertDialog, Button, Dialog, Form, Link, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../shared/account-section';
import { toastError } from '../shared/feedback';
import { accountQueryKeys } from '../shared/queries';
import type { AccessToken, AccountUser } from '../shared/types';

/** Spec accounts §9: how long the Copy button says "Copied!". */
export const COPIED_DURATION = 1000;
/** Where the API documentation lives; the developers section opens it in a new tab. */
export const API_DOCS_PATH = '/api-docs';

/** Spec accounts §6: the section shows only with `api.integrated` on and the `api.access` permission. */
export function useShowDevelopers(): boolean {
  const integrated = useSettings<boolean>('api.integrated', false);
  const canAccess = useCan('api.access');
  return Boolean(integrated) && canAccess;
}

/** Developers: personal access tokens (`POST access-tokens`, `DELETE access-tokens/{id}`) and the API docs. */
export function DevelopersSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const tokens = user.tokens ?? [];
  return (
    <AccountSection
      id="developers"
      title={t('API access tokens')}
      description={t('Tokens let other applications call the API on your behalf.')}
    >
      {tokens.length > 0 ? (
        <ul className="bl-account-tokens" aria-label={t('API access tokens')}>
          {tokens.map((token) => (
            <li key={token.id} className="bl-account-token">
              <div className="bl-account-token__info">
                <p className="bl-account-token__name">{token.name}</p>
                <p className="bl-account-token__meta">
                  {t('Last used: :date', {
                    date: token.last_used_at ? dates.format(token.last_used_at, 'datetime') : t('Never'),
                  })}
                </p>
              </div>
              <Button
                variant="text"
                size="sm"
                aria-label={t('Delete token :name', { name: token.name })}
                onPress={() => setDeleting(token)}
              >
                {t('Delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bl-account-text">{t('You have no API tokens yet.')}</p>
      )}
      <div className="bl-account-actions">
        <Button onPress={() => setCreating(true)}>{t('Create token')}</Button>
        <Link href={API_DOCS_PATH} target="_blank" rel="noopener">
          {t('API documentation')}
        </Link>
      </div>
      <CreateTokenDialog userId={user.id} isOpen={isCreating} onOpenChange={setCreating} />
      <DeleteTokenDialog userId={user.id} token={deleting} onClose={() => setDeleting(null)} />
    </AccountSection>
  );
}

const FIELDS = ['tokenName'] as const;

/** A form (token name required), then the plain-text token, shown this once, with Copy. */
export function CreateTokenDialog({
  userId,
  isOpen,
  onOpenChange,
  initialPlainText,
}: {
  userId: number;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** Opens on the created state (stories). */
  initialPlainText?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('Create new token')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {isOpen ? (
        <CreateTokenForm
          userId={userId}
          initialPlainText={initialPlainText}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function CreateTokenForm({
  userId,
  initialPlainText,
  onDone,
}: {
  userId: number;
  initialPlainText?: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const form = useAuthForm(FIELDS);
  const [name, setName] = useState('');
  const [plainText, setPlainText] = useState<string | null>(initialPlainText ?? null);
  const problems = { tokenName: requiredRule(name) };
  const create = useMutation({
    mutationFn: () => http.call(accessTokens.create, { body: { tokenName: name.trim() } }),
    onSuccess: (answer) => {
      setPlainText(answer.plainTextToken);
      client.setQueryData<AccountUser>(accountQueryKeys.user(userId), (current) =>
        current ? { ...current, tokens: [...(current.tokens ?? []), answer.token] } : current,
      );
      toast.positive(t('Token create'));
    },
    onError: form.report,
  });

  if (plainText) {
    return (
      <div className="bl-account-token-created">
        <p className="bl-account-text">
          {t(
            "Make sure to store the token in a safe place. After this dialog is closed, token won't be viewable anymore.",
          )}
        </p>
        <div className="bl-account-row">
          <TextField
            className="bl-account-grow"
            label={t('New token')}
            value={plainText}
            isReadOnly
            name="plainTextToken"
          />
          <CopyButton text={plainText} />
        </div>
        <div className="bl-account-dialog-actions">
          <Button onPress={onDone}>{t('Done')}</Button>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    create.mutate();
  };
  return (
    <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
      <TextField
        name="tokenName"
        label={t('Token name')}
        autoFocus
        value={name}
        onChange={form.edit(setName)}
        isRequired
        errorMessage={form.errorFor('tokenName', problems.tokenName)}
      />
      <div className="bl-account-dialog-actions">
        <Button variant="outline" onPress={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" isPending={create.isPending}>
          {t('Create')}
        </Button>
      </div>
    </Form>
  );
}

/** Copies `text`; the label reads "Copied!" for one second after. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_DURATION);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outline"
      className="bl-account-copy"
      onPress={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch (error) {
          toast.danger(
            error instanceof Error ? error.message : t('There was an issue. Please try again later.'),
          );
        }
      }}
    >
      {copied ? t('Copied!') : t('Copy')}
    </Button>
  );
}

function DeleteTokenDialog({
  userId,
  token,
  onClose,
}: {
  userId: number;
  token: AccessToken | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => http.call(accessTokens.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<AccountUser>(accountQueryKeys.user(userId), (current) =>
        current ? { ...current, tokens: (current.tokens ?? []).filter((entry) => entry.id !== id) } : current,
      );
      toast.positive(t('Token deleted'));
    },
    onError: (error) => toastError(error, t),
  });
  return (
    <AlertDialog
      title={t('Delete token')}
      variant="danger"
      confirmLabel={t('Delete')}
      isOpen={token !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isPending={remove.isPending}
      onConfirm={() => (token ? remove.mutateAsync(token.id).then(() => undefined) : undefined)}
    >
      <p className="bl-account-text">
        {t('Are you sure you want to delete the token ":name"? Applications using it will lose access.', {
          name: token?.name ?? '',
        })}
      </p>
    </AlertDialog>
  );
}

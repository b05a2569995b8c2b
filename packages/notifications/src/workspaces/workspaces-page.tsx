import type { workspaces } from '@backline/core/contract';
import { useUser, useWorkspace } from '@backline/core/react';
import { AlertDialog, Button, ListItem, Select, SpinnerIcon, TextField, toast } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  toastError,
  useChangeMemberRole,
  useCreateWorkspace,
  useDeleteWorkspace,
  useInviteMembers,
  useRemoveMember,
  useRevokeInvite,
  useSwitchWorkspace,
  useWorkspaceDetails,
  useWorkspaces,
} from './queries';

type Role = workspaces.WorkspaceRole;
const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ASSIGNABLE = [
  { id: 'member', name: 'Member' },
  { id: 'admin', name: 'Admin' },
] as const;

/**
 * The workspaces page: the user's workspaces (switch, create), and for the one chosen its members with their
 * roles, invitations by email, open invites (owners and admins), and Leave or Delete (owner only).
 */
export function WorkspacesPage() {
  const { t } = useTranslation();
  const list = useWorkspaces();
  const { workspaceId } = useWorkspace();
  const switchTo = useSwitchWorkspace();
  const [chosen, setChosen] = useState<number | null>(null);
  const teams = (list.data ?? []).filter((w) => w.id !== 0);
  const selected = chosen ?? (workspaceId || teams[0]?.id || null);

  return (
    <main className="bl-workspaces">
      <h1 className="bl-workspaces__title">{t('Workspaces')}</h1>
      <p className="bl-workspaces__intro">{t('Share playlists and work together with your team.')}</p>
      <CreateWorkspaceForm onCreated={(id) => setChosen(id)} />
      {list.isPending ? (
        <SpinnerIcon aria-label={t('Loading...')} />
      ) : (
        <ul className="bl-workspaces__list" aria-label={t('Your workspaces')}>
          {(list.data ?? []).map((workspace) => (
            <li
              key={workspace.id}
              className="bl-workspaces__item"
              data-selected={workspace.id === selected || undefined}
            >
              <span className="bl-workspaces__name">
                {workspace.id === 0 ? t('Default') : workspace.name}
                <span className="bl-workspaces__meta">
                  {/* i18next plurals: a language adds `:count members_one` (`_few`, `_many`, … as its rules need);
                      English has no lines, so its singular is the default value for the `one` form. */}
                  {t(':count members', { count: workspace.members_count, defaultValue_one: ':count member' })}
                  {workspace.id === workspaceId ? ` · ${t('Active')}` : ''}
                </span>
              </span>
              <span className="bl-workspaces__actions">
                {workspace.id !== workspaceId ? (
                  <Button size="sm" variant="outline" onPress={() => switchTo(workspace.id)}>
                    {t('Switch to')}
                    <span className="bl-visually-hidden"> {workspace.name}</span>
                  </Button>
                ) : null}
                {workspace.id !== 0 ? (
                  <Button size="sm" variant="text" onPress={() => setChosen(workspace.id)}>
                    {t('Manage')}
                    <span className="bl-visually-hidden"> {workspace.name}</span>
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {selected ? (
        <WorkspaceDetailsPanel key={selected} id={selected} onGone={() => setChosen(null)} />
      ) : null}
    </main>
  );
}

function CreateWorkspaceForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (answer) => {
        setName('');
        setError(undefined);
        toast.positive(t('Workspace created'));
        onCreated(answer.workspace.id);
      },
      onError: (failure) => {
        const field = (failure as { errors?: Record<string, string[]> }).errors?.name?.[0];
        if (field) setError(field);
        else toastError(failure, t);
      },
    });
  };
  return (
    <form className="bl-workspaces__create" onSubmit={submit}>
      <TextField
        label={t('New workspace name')}
        value={name}
        onChange={setName}
        isRequired
        maxLength={100}
        errorMessage={error}
      />
      <Button type="submit" variant="primary" isPending={create.isPending}>
        {t('Create workspace')}
      </Button>
    </form>
  );
}

function WorkspaceDetailsPanel({ id, onGone }: { id: number; onGone: () => void }) {
  const { t } = useTranslation();
  const me = useUser();
  const details = useWorkspaceDetails(id);
  const invite = useInviteMembers();
  const revoke = useRevokeInvite();
  const changeRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const deleteWorkspace = useDeleteWorkspace();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [inviteError, setInviteError] = useState<string>();
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);

  if (details.isPending) return <SpinnerIcon aria-label={t('Loading...')} />;
  if (!details.data) return null;
  const workspace = details.data;
  const myRole = workspace.role ?? 'member';
  const canManage = myRole === 'owner' || myRole === 'admin';

  const sendInvite = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { id, emails: [email], role },
      {
        onSuccess: () => {
          toast.positive(t('Invitation sent'));
          setEmail('');
          setInviteError(undefined);
        },
        onError: (failure) => {
          const errors = (failure as { errors?: Record<string, string[]> }).errors ?? {};
          const field = Object.entries(errors).find(([key]) => key.startsWith('emails'))?.[1]?.[0];
          if (field) setInviteError(field);
          else toastError(failure, t);
        },
      },
    );
  };

  return (
    <section className="bl-workspaces__details" aria-labelledby="workspace-details-title">
      <h2 id="workspace-details-title" className="bl-workspaces__subtitle">
        {workspace.name}
      </h2>
      <h3 className="bl-workspaces__heading">{t('Members')}</h3>
      <ul className="bl-workspaces__members">
        {workspace.members.map((member) => {
          const editable =
            canManage && member.role !== 'owner' && !(myRole === 'admin' && member.id === me?.id);
          const removable =
            member.id !== me?.id &&
            member.role !== 'owner' &&
            (myRole === 'owner' || (myRole === 'admin' && member.role === 'member'));
          return (
            <li key={member.id} className="bl-workspaces__member">
              <span className="bl-workspaces__name">
                {member.display_name}
                <span className="bl-workspaces__meta">{member.email}</span>
              </span>
              {editable ? (
                <Select
                  label={t('Role of :name', { name: member.display_name })}
                  className="bl-workspaces__role"
                  items={ASSIGNABLE}
                  selectedKey={member.role}
                  onSelectionChange={(key) =>
                    changeRole.mutate(
                      { id, userId: member.id, role: key as 'admin' | 'member' },
                      {
                        onSuccess: () => toast.positive(t('Role updated')),
                        onError: (failure) => toastError(failure, t),
                      },
                    )
                  }
                >
                  {(item) => <ListItem id={item.id}>{t(item.name)}</ListItem>}
                </Select>
              ) : (
                <span className="bl-workspaces__badge">{t(ROLE_LABELS[member.role])}</span>
              )}
              {removable ? (
                <Button
                  size="sm"
                  variant="text"
                  onPress={() =>
                    removeMember.mutate(
                      { id, userId: member.id },
                      {
                        onSuccess: () => toast.positive(t('Member removed')),
                        onError: (failure) => toastError(failure, t),
                      },
                    )
                  }
                >
                  {t('Remove')}
                  <span className="bl-visually-hidden"> {member.display_name}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>

      {canManage ? (
        <>
          <h3 className="bl-workspaces__heading">{t('Invite members')}</h3>
          <form className="bl-workspaces__invite" onSubmit={sendInvite}>
            <TextField
              label={t('Email')}
              type="email"
              value={email}
              onChange={setEmail}
              isRequired
              errorMessage={inviteError}
            />
            <Select
              label={t('Role')}
              items={ASSIGNABLE}
              selectedKey={role}
              onSelectionChange={(key) => setRole(key as 'admin' | 'member')}
            >
              {(item) => <ListItem id={item.id}>{t(item.name)}</ListItem>}
            </Select>
            <Button type="submit" variant="primary" isPending={invite.isPending}>
              {t('Invite')}
            </Button>
          </form>
          {workspace.invites.length ? (
            <>
              <h3 className="bl-workspaces__heading">{t('Pending invites')}</h3>
              <ul className="bl-workspaces__members">
                {workspace.invites.map((open) => (
                  <li key={open.id} className="bl-workspaces__member">
                    <span className="bl-workspaces__name">
                      {open.email}
                      <span className="bl-workspaces__meta">{t(ROLE_LABELS[open.role])}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="text"
                      onPress={() =>
                        revoke.mutate(
                          { id, inviteId: open.id },
                          {
                            onSuccess: () => toast.positive(t('Invitation revoked')),
                            onError: (failure) => toastError(failure, t),
                          },
                        )
                      }
                    >
                      {t('Revoke')}
                      <span className="bl-visually-hidden"> {open.email}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}

      <div className="bl-workspaces__danger">
        {myRole === 'owner' ? (
          <Button variant="danger" onPress={() => setConfirm('delete')}>
            {t('Delete workspace')}
          </Button>
        ) : (
          <Button variant="outline" onPress={() => setConfirm('leave')}>
            {t('Leave workspace')}
          </Button>
        )}
      </div>
      <AlertDialog
        title={confirm === 'delete' ? t('Delete workspace') : t('Leave workspace')}
        variant="danger"
        confirmLabel={confirm === 'delete' ? t('Delete') : t('Leave')}
        isOpen={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        isPending={deleteWorkspace.isPending || removeMember.isPending}
        onConfirm={async () => {
          try {
            if (confirm === 'delete') await deleteWorkspace.mutateAsync(id);
            else await removeMember.mutateAsync({ id, userId: me!.id, self: true });
            toast.positive(confirm === 'delete' ? t('Workspace deleted') : t('Left workspace'));
            onGone();
          } catch (failure) {
            toastError(failure, t);
          }
        }}
      >
        <p>
          {confirm === 'delete'
            ? t('Are you sure you want to delete ":name"? Its members lose access to it.', {
                name: workspace.name,
              })
            : t('Are you sure you want to leave ":name"?', { name: workspace.name })}
        </p>
      </AlertDialog>
    </section>
  );
}

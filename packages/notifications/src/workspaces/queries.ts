import { errorFeedback, type HttpError, setActiveWorkspaceId } from '@backline/core';
import { workspaces } from '@backline/core/contract';
import { useHttp, useWorkspace } from '@backline/core/react';
import { toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notificationQueryKeys } from '../core/queries';

/** Query keys of the workspaces, so apps can invalidate them. */
export const workspaceQueryKeys = {
  all: ['workspaces'] as const,
  list: ['workspaces', 'list'] as const,
  details: (id: number) => ['workspaces', 'details', id] as const,
};

/** A failed call that answered 404: the invite (or workspace) is gone. */
export const isGone = (error: unknown) => (error as HttpError | null)?.status === 404;

/** The danger toast of a failed call: the server's message or first field error, else the generic line. */
export function toastError(error: unknown, t: (line: string) => string): void {
  const feedback = errorFeedback(error, { translate: t });
  const message = feedback.toast?.message ?? Object.values(feedback.fieldErrors)[0];
  toast.danger(message ?? t('There was an issue. Please try again.'));
}

/** `GET me/workspaces`: the Default workspace, then the user's workspaces. */
export function useWorkspaces(enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: workspaceQueryKeys.list,
    queryFn: ({ signal }) => http.call(workspaces.list, { signal }).then((answer) => answer.workspaces),
    enabled,
  });
}

/** `GET workspace/{id}`: one workspace with its members (and open invites for owners and admins). */
export function useWorkspaceDetails(id: number | null) {
  const http = useHttp();
  return useQuery({
    queryKey: workspaceQueryKeys.details(id ?? 0),
    queryFn: ({ signal }) =>
      http.call(workspaces.show, { params: { id: id! }, signal }).then((answer) => answer.workspace),
    enabled: Boolean(id),
  });
}

/**
 * Switches the active workspace: the `activeWorkspaceId` cookie, then every query refetches, since what the
 * site shows (playlists, say) depends on the workspace.
 */
export function useSwitchWorkspace() {
  const { setWorkspaceId } = useWorkspace();
  const client = useQueryClient();
  return useCallback(
    (id: number) => {
      setWorkspaceId(id);
      void client.invalidateQueries();
    },
    [setWorkspaceId, client],
  );
}

/** Runs one workspace call and refreshes the workspace lists after it. */
function useWorkspaceMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceQueryKeys.all }),
  });
}

/** `POST workspace`. */
export function useCreateWorkspace() {
  const http = useHttp();
  return useWorkspaceMutation((name: string) => http.call(workspaces.create, { body: { name } }));
}

/** `PUT workspace/{id}`. */
export function useRenameWorkspace() {
  const http = useHttp();
  return useWorkspaceMutation((v: { id: number; name: string }) =>
    http.call(workspaces.update, { params: { id: v.id }, body: { name: v.name } }),
  );
}

/** `DELETE workspace/{id}` (owner only); a deleted active workspace gives way to the Default one. */
export function useDeleteWorkspace() {
  const http = useHttp();
  const { workspaceId } = useWorkspace();
  const switchTo = useSwitchWorkspace();
  return useWorkspaceMutation(async (id: number) => {
    await http.call(workspaces.remove, { params: { id } });
    if (id === workspaceId) switchTo(0);
  });
}

/** `POST workspace/{id}/invite`. */
export function useInviteMembers() {
  const http = useHttp();
  return useWorkspaceMutation((v: { id: number; emails: string[]; role: 'admin' | 'member' }) =>
    http.call(workspaces.invite, { params: { id: v.id }, body: { emails: v.emails, role: v.role } }),
  );
}

/** `DELETE workspace/{id}/invite/{inviteId}`: revokes an open invite. */
export function useRevokeInvite() {
  const http = useHttp();
  return useWorkspaceMutation((v: { id: number; inviteId: string }) =>
    http.call(workspaces.revokeInvite, { params: v }),
  );
}

/** `PUT workspace/{id}/member/{userId}`. */
export function useChangeMemberRole() {
  const http = useHttp();
  return useWorkspaceMutation((v: { id: number; userId: number; role: 'admin' | 'member' }) =>
    http.call(workspaces.changeRole, { params: { id: v.id, userId: v.userId }, body: { role: v.role } }),
  );
}

/** `DELETE workspace/{id}/member/{userId}`: removes a member, or leaves when it is the user's own id. */
export function useRemoveMember() {
  const http = useHttp();
  const { workspaceId } = useWorkspace();
  const switchTo = useSwitchWorkspace();
  return useWorkspaceMutation(async (v: { id: number; userId: number; self?: boolean }) => {
    await http.call(workspaces.removeMember, { params: { id: v.id, userId: v.userId } });
    if (v.self && v.id === workspaceId) switchTo(0);
  });
}

/**
 * `GET workspace/join/{inviteId}`: joins, and the joined workspace becomes the active one. The notification
 * list refreshes either way (a gone invite answers 404).
 */
export function useJoinWorkspace() {
  const http = useHttp();
  const client = useQueryClient();
  const switchTo = useSwitchWorkspace();
  return useMutation({
    mutationFn: (inviteId: string) =>
      // Joining happens from the current workspace; the answer names the new one.
      http.call(workspaces.join, { params: { inviteId } }),
    onSuccess: (answer) => {
      setActiveWorkspaceId(answer.workspace.id);
      switchTo(answer.workspace.id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}

/** `DELETE workspace/invite/{inviteId}`: declines; the notification list refreshes either way. */
export function useDeclineInvite() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => http.call(workspaces.decline, { params: { inviteId } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}

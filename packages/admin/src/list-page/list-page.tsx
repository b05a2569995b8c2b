import { AlertDialog, Button, toast } from '@backline/ui';
import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { DataTableProps, DataTableStatus } from '../data-table/data-table';
import { useErrorToast } from '../forms/use-server-form';

/** One text button of a row: `label` shows, `ariaLabel` names the row too ("Edit Pop"). */
export interface RowAction {
  id: string;
  label: string;
  ariaLabel: string;
  onPress: () => void;
  /** Left out of the row (a default role cannot be deleted, say). */
  hidden?: boolean;
}

/** The text buttons at the end of a data-table row. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="bl-data-table__row-actions">
      {actions
        .filter((action) => !action.hidden)
        .map((action) => (
          <Button
            key={action.id}
            variant="text"
            size="sm"
            onPress={action.onPress}
            aria-label={action.ariaLabel}
          >
            {action.label}
          </Button>
        ))}
    </div>
  );
}

/** What the create/edit dialog of a list page shows: nothing, a new record, or the record being edited. */
export type Editing<T> = T | 'new' | null;

/**
 * The create/edit state of a list page: `editing` is null, `'new'` or the row; `dialogKey` remounts the dialog
 * per record (so its form starts from that record), `record` is the row or null for a new one.
 */
export function useEditing<T extends { id: number | string }>() {
  const [editing, setEditing] = useState<Editing<T>>(null);
  return {
    editing,
    isOpen: editing !== null,
    record: editing === 'new' ? null : editing,
    dialogKey: editing === 'new' ? 'new' : String(editing?.id ?? ''),
    startNew: () => setEditing('new'),
    edit: (record: T) => setEditing(record),
    /** For the dialog's `onOpenChange`: a close clears the state. */
    onOpenChange: (open: boolean) => {
      if (!open) setEditing(null);
    },
  };
}

export interface ConfirmedActionOptions<T> {
  /** The call, for the record being confirmed. */
  mutationFn: (record: T) => Promise<unknown>;
  /** The positive toast after it worked. */
  successMessage: string;
  /** Queries to refetch after it worked. */
  invalidate?: QueryKey;
  onSuccess?: () => void;
}

/**
 * An action that asks first (delete, approve…): `ask(record)` opens the confirmation, `<ConfirmDialog>` shows it;
 * confirming runs the call, toasts, refetches `invalidate` and closes. A failure shows a danger toast and keeps
 * the dialog open.
 */
export function useConfirmedAction<T>({
  mutationFn,
  successMessage,
  invalidate,
  onSuccess,
}: ConfirmedActionOptions<T>) {
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const [pending, setPending] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn,
    onSuccess: () => {
      if (invalidate) void queryClient.invalidateQueries({ queryKey: invalidate });
      toast.positive(successMessage);
      onSuccess?.();
    },
    onError: showError,
  });
  return {
    /** The record waiting for confirmation. */
    pending,
    ask: (record: T) => setPending(record),
    close: () => setPending(null),
    isPending: mutation.isPending,
    confirm: async () => {
      if (pending === null) return;
      await mutation.mutateAsync(pending);
      setPending(null);
    },
  };
}

export interface ConfirmDialogProps<T> {
  action: ReturnType<typeof useConfirmedAction<T>>;
  title: string;
  /** The question, for the record waiting. */
  children: (record: T) => ReactNode;
  confirmLabel: string;
  /** `danger` (the default) for destructive actions. */
  variant?: 'primary' | 'danger';
}

/** The confirmation of a `useConfirmedAction`: open while a record waits, closed by cancelling or confirming. */
export function ConfirmDialog<T>({
  action,
  title,
  children,
  confirmLabel,
  variant = 'danger',
}: ConfirmDialogProps<T>) {
  return (
    <AlertDialog
      title={title}
      isOpen={action.pending !== null}
      onOpenChange={(open) => !open && action.close()}
      variant={variant}
      confirmLabel={confirmLabel}
      isPending={action.isPending}
      onConfirm={action.confirm}
    >
      {action.pending !== null ? children(action.pending) : null}
    </AlertDialog>
  );
}

/** A list query's answer as `DataTable` props: rows, status, retry and pagination. */
export function tableQueryProps<T extends { id: number | string }>(
  query: UseQueryResult<{
    pagination: { data: T[]; current_page: number; last_page: number; total: number };
  }>,
): Pick<DataTableProps<T>, 'rows' | 'status' | 'onRetry' | 'pagination'> {
  const answer = query.data?.pagination;
  const status: DataTableStatus = query.isError ? 'error' : query.isPending ? 'loading' : 'success';
  return {
    rows: answer?.data ?? [],
    status,
    onRetry: () => void query.refetch(),
    pagination: answer
      ? { page: answer.current_page, lastPage: answer.last_page, total: answer.total }
      : undefined,
  };
}

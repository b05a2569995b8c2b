import {
  AdminPage,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  type ListParams,
  listQueryOf,
  RowActions,
  tableQueryProps,
  useConfirmedAction,
  useEditing,
  useListParams,
} from '@backline/admin';
import type { Page } from '@backline/core/contract';
import { useCan, useHttp } from '@backline/core/react';
import { Button, toast } from '@backline/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueAdmin } from '../../../contract';
import { useDebouncedValue } from '../use-debounced-value';

type Row = { id: number; name: string };

/** Everything one catalogue list page differs in; the page itself (search, sort, paging, bulk delete) is shared. */
export interface CatalogueListPageProps<T extends Row> {
  /** The query-key root (`['admin', 'music', 'albums']`); saves and deletes refetch everything under it. */
  queryKey: readonly string[];
  title: string;
  newLabel: string;
  searchLabel: string;
  emptyMessage: string;
  deleteTitle: string;
  /** The question in the delete confirmation, for the rows chosen. */
  deleteQuestion: (rows: T[]) => string;
  filterNames?: readonly string[];
  fetch: (params: ListParams, signal: AbortSignal) => Promise<Page<T>>;
  remove: (ids: number[]) => Promise<unknown>;
  columns: DataTableColumn<T>[];
  /** Filter controls above the table. */
  filters?: (params: ListParams, update: (patch: Record<string, string | null>) => void) => ReactNode;
  /** The create/edit dialog: `record` is null for a new row. */
  dialog: (props: CatalogueDialogProps<T>) => ReactNode;
  /** False where rows are only made elsewhere (playlists belong to listeners). */
  creatable?: boolean;
}

/** What a catalogue create/edit dialog is given: `record` is null for a new row. */
export interface CatalogueDialogProps<T> {
  record: T | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * One admin catalogue list: a searchable, sortable, paged table whose view lives in the URL, with edit and delete
 * per row, bulk delete of the selected rows, and the create/edit dialog.
 */
export function CatalogueListPage<T extends Row>(props: CatalogueListPageProps<T>) {
  const { t } = useTranslation();
  // The buttons are left out for a user without the permission; the server checks it anyway.
  const canCreate = useCan(catalogueAdmin.MUSIC_CREATE_PERMISSION) && props.creatable !== false;
  const canDelete = useCan(catalogueAdmin.MUSIC_DELETE_PERMISSION);
  const { params, update } = useListParams(props.filterNames ?? []);
  const [search, setSearch] = useDebouncedValue(params.query ?? '', (query) => update({ query }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const list = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: ({ signal }) => props.fetch(params, signal),
    placeholderData: keepPreviousData,
  });
  const editing = useEditing<T>();
  const deletion = useConfirmedAction<T[]>({
    mutationFn: (rows) => props.remove(rows.map((row) => row.id)),
    successMessage: t('Deleted'),
    invalidate: props.queryKey,
    onSuccess: () => setSelected(new Set()),
  });
  const rows = list.data?.pagination.data ?? [];
  return (
    <AdminPage
      title={props.title}
      actions={canCreate ? <Button onPress={editing.startNew}>{props.newLabel}</Button> : null}
    >
      <DataTable
        label={props.title}
        columns={props.columns}
        {...tableQueryProps(list)}
        emptyMessage={props.emptyMessage}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch, label: props.searchLabel }}
        filters={props.filters?.(params, update)}
        selection={canDelete ? { selected, onChange: setSelected } : undefined}
        bulkActions={
          canDelete
            ? (ids: number[]) => (
                <Button
                  variant="danger"
                  size="sm"
                  onPress={() => deletion.ask(rows.filter((row) => ids.includes(row.id)))}
                >
                  {t('Delete')}
                </Button>
              )
            : undefined
        }
        rowActions={(row) => (
          <RowActions
            actions={[
              {
                id: 'edit',
                label: t('Edit'),
                ariaLabel: t('Edit :name', { name: row.name }),
                onPress: () => editing.edit(row),
              },
              {
                id: 'delete',
                label: t('Delete'),
                ariaLabel: t('Delete :name', { name: row.name }),
                onPress: () => deletion.ask([row]),
                hidden: !canDelete,
              },
            ]}
          />
        )}
      />
      {editing.isOpen ? (
        <DialogSlot key={editing.dialogKey}>
          {props.dialog({ record: editing.record, onOpenChange: editing.onOpenChange })}
        </DialogSlot>
      ) : null}
      <ConfirmDialog action={deletion} title={props.deleteTitle} confirmLabel={t('Delete')}>
        {(rows) => props.deleteQuestion(rows)}
      </ConfirmDialog>
    </AdminPage>
  );
}

/** Remounts the dialog per record, so its form starts from that record. */
function DialogSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** `list` and `remove` for a catalogue list route pair. */
export function useCatalogueCalls() {
  const http = useHttp();
  return {
    artists: (params: ListParams, signal: AbortSignal) =>
      http.call(catalogueAdmin.listArtists, { query: listQueryOf(params), signal }),
    albums: (params: ListParams, signal: AbortSignal) =>
      http.call(catalogueAdmin.listAlbums, { query: listQueryOf(params), signal }),
    tracks: (params: ListParams, signal: AbortSignal) =>
      http.call(catalogueAdmin.listTracks, { query: listQueryOf(params), signal }),
    genres: (params: ListParams, signal: AbortSignal) =>
      http.call(catalogueAdmin.listGenres, { query: listQueryOf(params), signal }),
  };
}

/** The query-key roots of the catalogue lists. */
export const CATALOGUE_KEYS = {
  artists: ['admin', 'music', 'artists'],
  albums: ['admin', 'music', 'albums'],
  tracks: ['admin', 'music', 'tracks'],
  genres: ['admin', 'music', 'genres'],
} as const;

/** Minutes and seconds of a duration in milliseconds (`3:05`). */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The save of a catalogue create/edit dialog: runs `send`, then refetches the list under `queryKey`, confirms with
 * `done` in a toast and closes the dialog; a refusal goes to the form, whose fields show the server's messages.
 * `dialog` holds what `AdminFormDialog` needs from it, to spread: `<AdminFormDialog {...save.dialog}>`.
 */
export function useCatalogueSave({
  queryKey,
  send,
  done,
  form,
  isNew,
  onOpenChange,
}: {
  queryKey: readonly string[];
  send: () => Promise<unknown>;
  done: string;
  form: { report: (error: unknown) => void; validationErrors: Record<string, string> };
  /** A new row: the button says Create rather than Save. */
  isNew: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey });
      toast.positive(done);
      onOpenChange(false);
    },
    onError: form.report,
  });
  return {
    ...mutation,
    dialog: {
      onOpenChange,
      onSubmit: () => mutation.mutate(),
      validationErrors: form.validationErrors,
      isPending: mutation.isPending,
      submitLabel: isNew ? t('Create') : t('Save'),
    },
  };
}

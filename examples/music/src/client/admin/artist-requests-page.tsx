import {
  AdminPage,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  listQueryOf,
  RowActions,
  tableQueryProps,
  useConfirmedAction,
  useErrorToast,
  useListParams,
} from '@backline/admin';
import { formFeedback } from '@backline/auth';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Link, ListItem, Select, TextField, toast } from '@backline/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backstage } from '../../contract';
import { useDebouncedValue } from './use-debounced-value';

const QUERY_KEY = ['admin', 'artist-requests'] as const;
type ArtistRequest = backstage.ArtistRequest;

/**
 * Admin › Artist requests (`artists.manage`): who asks to create or claim which artist, searchable by name or
 * email, filtered by status; approve (links the user to the artist and gives the artist role) or reject with a
 * reason. Both tell the user.
 */
export function ArtistRequestsPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const { params, update } = useListParams(['status']);
  const [search, setSearch] = useDebouncedValue(params.query ?? '', (query) => update({ query }));
  const requests = useQuery({
    queryKey: [...QUERY_KEY, params],
    queryFn: ({ signal }) =>
      http.call(backstage.listRequests, {
        query: listQueryOf(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const [rejecting, setRejecting] = useState<ArtistRequest | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    toast.positive(message);
  };
  const approval = useConfirmedAction<ArtistRequest>({
    mutationFn: (request) => http.call(backstage.approveRequest, { params: { id: request.id } }),
    successMessage: t('Request approved'),
    invalidate: QUERY_KEY,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      http.call(backstage.rejectRequest, { params: { id }, body: { reason } }),
    onSuccess: () => done(t('Request rejected')),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const statusLabel = (status: ArtistRequest['status']) =>
    status === 'pending' ? t('Pending') : status === 'approved' ? t('Approved') : t('Rejected');
  const columns: DataTableColumn<ArtistRequest>[] = [
    {
      id: 'name',
      header: t('Artist'),
      isRowHeader: true,
      sortable: true,
      cell: (request) =>
        request.artist ? <Link href={request.artist.path}>{request.name}</Link> : request.name,
    },
    {
      id: 'type',
      header: t('Request'),
      cell: (request) =>
        request.type === 'claim' ? t('Claim an existing artist') : t('Create a new artist'),
    },
    { id: 'user', header: t('User'), cell: (request) => `${request.user.name} (${request.user.email})` },
    {
      id: 'proof',
      header: t('Proof'),
      cell: (request) => (
        <span className="artist-requests__proof">
          {request.proof}
          {request.links.map((link) => (
            <Link key={link.url} href={link.url} target="_blank" rel="noreferrer">
              {link.title}
            </Link>
          ))}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('Status'),
      sortable: true,
      cell: (request) => (
        <span title={request.reason ?? undefined}>
          {statusLabel(request.status)}
          {request.reason ? ` — ${request.reason}` : ''}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: t('Sent'),
      sortable: true,
      cell: (request) => date.format(new Date(request.created_at)),
    },
  ];
  return (
    <AdminPage title={t('Artist requests')}>
      <DataTable
        label={t('Artist requests')}
        columns={columns}
        {...tableQueryProps(requests)}
        emptyMessage={t('No artist requests.')}
        onPageChange={(page) => update({ page }, false)}
        sort={{ column: params.orderBy, direction: params.orderDir }}
        onSortChange={({ column, direction }) => update({ orderBy: column, orderDir: direction })}
        search={{ value: search, onChange: setSearch, label: t('Search artist requests') }}
        filters={
          <Select
            aria-label={t('Status')}
            placeholder={t('Any status')}
            selectedKey={params.filters.status ?? 'any'}
            onSelectionChange={(key) => update({ status: key === 'any' ? null : (key as string) })}
          >
            <ListItem id="any">{t('Any status')}</ListItem>
            <ListItem id="pending">{t('Pending')}</ListItem>
            <ListItem id="approved">{t('Approved')}</ListItem>
            <ListItem id="rejected">{t('Rejected')}</ListItem>
          </Select>
        }
        rowActions={(request) =>
          request.status === 'pending' ? (
            <RowActions
              actions={[
                {
                  id: 'approve',
                  label: t('Approve'),
                  ariaLabel: t('Approve :name', { name: request.name }),
                  onPress: () => approval.ask(request),
                },
                {
                  id: 'reject',
                  label: t('Reject'),
                  ariaLabel: t('Reject :name', { name: request.name }),
                  onPress: () => {
                    setReason('');
                    setReasonError(undefined);
                    setRejecting(request);
                  },
                },
              ]}
            />
          ) : null
        }
      />
      <ConfirmDialog
        action={approval}
        title={t('Approve request')}
        confirmLabel={t('Approve')}
        variant="primary"
      >
        {(request) =>
          request.type === 'claim'
            ? t(':user will manage the artist :name and get the artist role.', {
                user: request.user.name,
                name: request.name,
              })
            : t('A new artist :name is created; :user will manage it and get the artist role.', {
                user: request.user.name,
                name: request.name,
              })
        }
      </ConfirmDialog>
      <AlertDialog
        title={t('Reject request')}
        isOpen={Boolean(rejecting)}
        onOpenChange={(open) => !open && setRejecting(null)}
        variant="danger"
        confirmLabel={t('Reject')}
        isPending={reject.isPending}
        onConfirm={async () => {
          if (!reason.trim()) {
            setReasonError(t('The reason field is required.'));
            throw new Error('reason required');
          }
          try {
            await reject.mutateAsync({ id: rejecting!.id, reason });
            setRejecting(null);
          } catch (error) {
            const feedback = formFeedback(error, ['reason'], (line) => t(line));
            if (feedback.fieldErrors.reason) setReasonError(feedback.fieldErrors.reason);
            else showError(error);
            throw error;
          }
        }}
      >
        <TextField
          label={t('Reason')}
          description={t('The user sees this reason.')}
          multiline
          rows={3}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setReasonError(undefined);
          }}
          isInvalid={Boolean(reasonError)}
          errorMessage={reasonError}
          isRequired
        />
      </AlertDialog>
    </AdminPage>
  );
}

export default ArtistRequestsPage;

import { Button, Checkbox, Menu, MenuItem, MenuTrigger, Skeleton, TextField } from '@backline/ui';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Cell,
  Column,
  DropIndicator,
  Row,
  type Selection,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
  useDragAndDrop,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/** One column of a data table. */
export interface DataTableColumn<T> {
  /** The column's id; for sortable columns, the `orderBy` name the server accepts. */
  id: string;
  /** The header text (already translated). */
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** The column that names the row for screen readers (one per table). */
  isRowHeader?: boolean;
  /** Can be hidden from the column menu (default true; the row header never is). */
  hideable?: boolean;
}

export type DataTableStatus = 'loading' | 'error' | 'success';

export interface DataTableProps<T extends { id: number | string }> {
  /** Names the table for assistive technology. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  status: DataTableStatus;
  /** The message of the error state (already translated). */
  errorMessage?: string;
  onRetry?: () => void;
  /** What the empty state says (already translated). */
  emptyMessage?: string;
  /** The page footer: current page, last page and total rows. */
  pagination?: { page: number; lastPage: number; total: number };
  onPageChange?: (page: number) => void;
  sort?: { column?: string; direction?: 'asc' | 'desc' };
  onSortChange?: (sort: { column: string; direction: 'asc' | 'desc' }) => void;
  /** The search field's value and setter; no field without them. */
  search?: { value: string; onChange: (value: string) => void; label?: string };
  /** Filter controls shown beside the search (selects, date fields). */
  filters?: ReactNode;
  /** Row selection: the selected ids and a setter. Without it, rows cannot be selected. */
  selection?: { selected: ReadonlySet<T['id']>; onChange: (selected: Set<T['id']>) => void };
  /** Bulk actions shown while rows are selected; receives the selected ids. */
  bulkActions?: (selected: T['id'][]) => ReactNode;
  /** Column ids hidden from view, and the setter the column menu calls. */
  hiddenColumns?: ReadonlySet<string>;
  onHiddenColumnsChange?: (hidden: Set<string>) => void;
  /** Per-row actions, in a last column (a menu or buttons). */
  rowActions?: (row: T) => ReactNode;
  /** How many skeleton rows the loading state shows. */
  skeletonRows?: number;
  /**
   * Rows the user can put in order, by dragging a row's handle or by keyboard (focus the handle, Enter, the arrow
   * keys to the drop position, Enter). `onReorder` gets every row's id in the new order; the table keeps the
   * order it is given, so the caller updates `rows`. `handleLabel` names each handle ("Reorder :name").
   */
  reorder?: { onReorder: (ids: T['id'][]) => void; handleLabel: (row: T) => string; isDisabled?: boolean };
}

const ACTIONS_COLUMN = '__actions';
const DRAG_COLUMN = '__drag';

/** The ids of `rows` after moving the `moving` ones before or after `target` (a drop of react-aria's reorder). */
export function reorderedIds<Id>(
  rows: readonly Id[],
  moving: ReadonlySet<Id>,
  target: Id,
  position: 'before' | 'after' | 'on',
): Id[] {
  const moved = rows.filter((id) => moving.has(id));
  const rest = rows.filter((id) => !moving.has(id));
  const index = rest.indexOf(target);
  if (index < 0) return [...rows];
  const at = position === 'before' ? index : index + 1;
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/**
 * The one table of every admin list, on react-aria-components' Table (keyboard navigation, sort and selection
 * announced to screen readers): server-side paging and sorting, search and filters above it, row selection
 * with bulk actions, a column-visibility menu, and loading, empty and error states. It holds no data of its
 * own: pair it with `useListParams` (the view in the URL) and the list route's query.
 */
export function DataTable<T extends { id: number | string }>({
  label,
  columns,
  rows,
  status,
  errorMessage,
  onRetry,
  emptyMessage,
  pagination,
  onPageChange,
  sort,
  onSortChange,
  search,
  filters,
  selection,
  bulkActions,
  hiddenColumns,
  onHiddenColumnsChange,
  rowActions,
  skeletonRows = 5,
  reorder,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const byKey = new Map(rows.map((row) => [String(row.id), row]));
  const { dragAndDropHooks } = useDragAndDrop({
    isDisabled: !reorder || reorder.isDisabled || status !== 'success',
    getItems: (keys) =>
      [...keys].map((key) => ({
        'text/plain': reorder?.handleLabel(byKey.get(String(key))!) ?? String(key),
      })),
    renderDropIndicator: (target) => (
      <DropIndicator target={target} className="bl-data-table__drop-indicator" />
    ),
    onReorder(event) {
      if (!reorder) return;
      // Keys come back as the rows' ids (numbers stay numbers).
      const ids = rows.map((row) => row.id);
      reorder.onReorder(
        reorderedIds(
          ids,
          new Set(event.keys) as Set<T['id']>,
          event.target.key as T['id'],
          event.target.dropPosition,
        ),
      );
    },
  });
  const visible = columns.filter((column) => column.isRowHeader || !hiddenColumns?.has(column.id));
  const selected = selection ? [...selection.selected] : [];
  const sortDescriptor: SortDescriptor | undefined = sort?.column
    ? { column: sort.column, direction: sort.direction === 'desc' ? 'descending' : 'ascending' }
    : undefined;
  const hideable = columns.filter((column) => !column.isRowHeader && column.hideable !== false);

  const onSelectionChange = (keys: Selection) => {
    if (!selection) return;
    selection.onChange(keys === 'all' ? new Set(rows.map((row) => row.id)) : (new Set(keys) as Set<T['id']>));
  };

  const body = () => {
    if (status === 'loading')
      return Array.from({ length: skeletonRows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
        <Row key={`skeleton-${index}`} id={`skeleton-${index}`} className="bl-data-table__row">
          {[
            ...(reorder ? [DRAG_COLUMN] : []),
            ...(selection ? ['select'] : []),
            ...visible.map((column) => column.id),
            ...(rowActions ? [ACTIONS_COLUMN] : []),
          ].map((id) => (
            <Cell key={id} className="bl-data-table__cell">
              <Skeleton width="80%" />
            </Cell>
          ))}
        </Row>
      ));
    return rows.map((row) => (
      <Row key={row.id} id={row.id} className="bl-data-table__row">
        {reorder ? (
          <Cell className="bl-data-table__cell bl-data-table__cell--drag">
            <AriaButton slot="drag" className="bl-data-table__drag" aria-label={reorder.handleLabel(row)}>
              <GripIcon />
            </AriaButton>
          </Cell>
        ) : null}
        {selection ? (
          <Cell className="bl-data-table__cell bl-data-table__cell--select">
            <Checkbox slot="selection" aria-label={t('Select row')} />
          </Cell>
        ) : null}
        {visible.map((column) => (
          <Cell key={column.id} className="bl-data-table__cell">
            {column.cell(row)}
          </Cell>
        ))}
        {rowActions ? (
          <Cell className="bl-data-table__cell bl-data-table__cell--actions">{rowActions(row)}</Cell>
        ) : null}
      </Row>
    ));
  };

  return (
    <div className="bl-data-table">
      <div className="bl-data-table__toolbar">
        {search ? (
          <TextField
            aria-label={search.label ?? t('Search')}
            placeholder={search.label ?? t('Search')}
            type="search"
            value={search.value}
            onChange={search.onChange}
            className="bl-data-table__search"
          />
        ) : null}
        {filters ? <div className="bl-data-table__filters">{filters}</div> : null}
        {hideable.length && onHiddenColumnsChange ? (
          <MenuTrigger>
            <Button variant="outline" size="sm">
              {t('Columns')}
            </Button>
            <Menu
              aria-label={t('Columns')}
              selectionMode="multiple"
              selectedKeys={hideable
                .filter((column) => !hiddenColumns?.has(column.id))
                .map((column) => column.id)}
              onSelectionChange={(keys) => {
                const shown =
                  keys === 'all' ? new Set(hideable.map((c) => c.id)) : new Set([...keys].map(String));
                onHiddenColumnsChange(new Set(hideable.filter((c) => !shown.has(c.id)).map((c) => c.id)));
              }}
            >
              {hideable.map((column) => (
                <MenuItem key={column.id} id={column.id}>
                  {column.header}
                </MenuItem>
              ))}
            </Menu>
          </MenuTrigger>
        ) : null}
      </div>
      {selection && selected.length && bulkActions ? (
        <section className="bl-data-table__bulk" aria-label={t('Bulk actions')}>
          <span>{t(':count selected', { count: selected.length, defaultValue_one: ':count selected' })}</span>
          {bulkActions(selected)}
        </section>
      ) : null}
      <div className="bl-data-table__scroll">
        <Table
          aria-label={label}
          aria-busy={status === 'loading' || undefined}
          className="bl-data-table__table"
          {...(sortDescriptor && { sortDescriptor })}
          onSortChange={(descriptor) =>
            onSortChange?.({
              column: String(descriptor.column),
              direction: descriptor.direction === 'descending' ? 'desc' : 'asc',
            })
          }
          {...(reorder && { dragAndDropHooks })}
          {...(selection && status === 'success'
            ? {
                selectionMode: 'multiple' as const,
                selectedKeys: selection.selected as Set<T['id']>,
                onSelectionChange,
              }
            : {})}
        >
          <TableHeader className="bl-data-table__header">
            {reorder ? (
              <Column id={DRAG_COLUMN} className="bl-data-table__column bl-data-table__column--drag">
                <span className="bl-visually-hidden">{t('Reorder')}</span>
              </Column>
            ) : null}
            {selection ? (
              <Column className="bl-data-table__column bl-data-table__column--select">
                {status === 'success' ? (
                  <Checkbox slot="selection" aria-label={t('Select all rows')} />
                ) : null}
              </Column>
            ) : null}
            {visible.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={Boolean(column.sortable && onSortChange)}
                className="bl-data-table__column"
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className="bl-data-table__column-label">
                    {column.header}
                    {allowsSorting && sortDirection ? (
                      <span aria-hidden="true">{sortDirection === 'ascending' ? ' ▲' : ' ▼'}</span>
                    ) : null}
                  </span>
                )}
              </Column>
            ))}
            {rowActions ? (
              <Column id={ACTIONS_COLUMN} className="bl-data-table__column bl-data-table__column--actions">
                <span className="bl-visually-hidden">{t('Actions')}</span>
              </Column>
            ) : null}
          </TableHeader>
          <TableBody
            className="bl-data-table__body"
            renderEmptyState={() =>
              status === 'error' ? (
                <div className="bl-data-table__state" role="alert">
                  <p>{errorMessage ?? t('There was an issue. Please try again later.')}</p>
                  {onRetry ? (
                    <Button variant="outline" size="sm" onPress={onRetry}>
                      {t('Try again')}
                    </Button>
                  ) : null}
                </div>
              ) : (
                <div className="bl-data-table__state">
                  <p>{emptyMessage ?? t('Nothing to show yet.')}</p>
                </div>
              )
            }
          >
            {status === 'error' ? [] : body()}
          </TableBody>
        </Table>
      </div>
      {pagination && status === 'success' && pagination.total > 0 ? (
        <nav className="bl-data-table__pager" aria-label={t('Pagination')}>
          <span>
            {t('Page :page of :last (:total in all)', {
              page: pagination.page,
              last: pagination.lastPage,
              total: pagination.total,
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            isDisabled={pagination.page <= 1}
            onPress={() => onPageChange?.(pagination.page - 1)}
          >
            {t('Previous')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            isDisabled={pagination.page >= pagination.lastPage}
            onPress={() => onPageChange?.(pagination.page + 1)}
          >
            {t('Next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

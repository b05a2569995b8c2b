import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { ListItem, Select } from '@backline/ui';
import { useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

interface Person {
  id: number;
  name: string;
  email: string;
  role: string;
  joined: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', joined: '2026-01-04' },
  { id: 2, name: 'Alan Turing', email: 'alan@example.com', role: 'users', joined: '2026-02-11' },
  { id: 3, name: 'Grace Hopper', email: 'grace@example.com', role: 'users', joined: '2026-03-19' },
  { id: 4, name: 'Edsger Dijkstra', email: 'edsger@example.com', role: 'moderators', joined: '2026-05-02' },
];

const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', isRowHeader: true, sortable: true, cell: (row) => row.name },
  { id: 'email', header: 'Email', sortable: true, cell: (row) => row.email },
  { id: 'role', header: 'Role', cell: (row) => row.role },
  { id: 'joined', header: 'Joined', sortable: true, cell: (row) => row.joined },
];

/** The table with its state held in the story, the way a page holds it in the URL. */
function Interactive({ roleFilter, ...props }: Partial<DataTableProps<Person>> & { roleFilter?: boolean }) {
  const [sort, setSort] = useState<{ column?: string; direction?: 'asc' | 'desc' }>({
    column: 'name',
    direction: 'asc',
  });
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<string>('all');
  const [selected, setSelected] = useState<Set<number>>(
    new Set(props.selection ? [...props.selection.selected] : []),
  );
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const rows = (props.rows ?? PEOPLE)
    .filter((row) => `${row.name} ${row.email}`.toLowerCase().includes(query.toLowerCase()))
    .filter((row) => role === 'all' || row.role === role)
    .sort((a, b) => {
      const key = (sort.column ?? 'name') as keyof Person;
      const order = String(a[key]).localeCompare(String(b[key]));
      return sort.direction === 'desc' ? -order : order;
    });
  return (
    <DataTable<Person>
      label="People"
      columns={COLUMNS}
      status="success"
      pagination={{ page: 1, lastPage: 1, total: rows.length }}
      onPageChange={() => {}}
      sort={sort}
      onSortChange={setSort}
      search={{ value: query, onChange: setQuery }}
      hiddenColumns={hidden}
      onHiddenColumnsChange={setHidden}
      {...props}
      rows={rows}
      {...(props.selection ? { selection: { selected, onChange: setSelected } } : {})}
      filters={
        roleFilter ? (
          <Select aria-label="Role" selectedKey={role} onSelectionChange={(key) => setRole(String(key))}>
            <ListItem id="all">All roles</ListItem>
            <ListItem id="admin">admin</ListItem>
            <ListItem id="users">users</ListItem>
            <ListItem id="moderators">moderators</ListItem>
          </Select>
        ) : undefined
      }
    />
  );
}

/** Rows in an order of their own, kept by the story as a page keeps the server's. */
function Reorderable() {
  const [rows, setRows] = useState(PEOPLE);
  return (
    <DataTable<Person>
      label="People"
      columns={COLUMNS.map((column) => ({ ...column, sortable: false }))}
      status="success"
      rows={rows}
      reorder={{
        onReorder: (ids) => setRows(ids.map((id) => PEOPLE.find((person) => person.id === id)!)),
        handleLabel: (row) => `Reorder ${row.name}`,
      }}
    />
  );
}

const meta = {
  title: 'Admin/DataTable',
  component: Interactive,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Interactive>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Rows, sortable columns, search and the column menu. */
export const Loaded: Story = {};
/** Skeleton rows while the first page loads. */
export const Loading: Story = { args: { status: 'loading', rows: [] } };
/** No rows: the empty state says so. */
export const Empty: Story = { args: { rows: [], emptyMessage: 'No users yet.' } };
/** A failed load, with a retry button. */
export const ErrorState: Story = {
  name: 'Error',
  args: {
    status: 'error',
    rows: [],
    errorMessage: 'There was an issue. Please try again later.',
    onRetry: () => {},
  },
};
/** Rows selected, with the bulk actions bar. */
export const Selection: Story = {
  args: {
    selection: { selected: new Set([2, 3]), onChange: () => {} },
    bulkActions: (ids) => <span>{`Bulk actions for ${ids.length} rows`}</span>,
  },
};
/** A filter beside the search field. */
export const Filters: Story = { args: { roleFilter: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
/** Drag a row by its handle, or focus the handle and press Enter, the arrow keys, then Enter, to move it. */
export const Reorder: Story = { render: () => <Reorderable /> };

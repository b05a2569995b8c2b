import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { ListItem } from '../list/list-box';
import { ComboBox } from './combobox';

interface Timezone {
  id: string;
  name: string;
}
const timezones: Timezone[] = [
  { id: 'Europe/Berlin', name: 'Europe/Berlin' },
  { id: 'Europe/Vilnius', name: 'Europe/Vilnius' },
  { id: 'Asia/Jerusalem', name: 'Asia/Jerusalem' },
  { id: 'Asia/Tokyo', name: 'Asia/Tokyo' },
  { id: 'America/New_York', name: 'America/New_York' },
];

const meta = {
  title: 'UI/ComboBox',
  component: ComboBox<Timezone>,
  args: {
    label: 'Timezone',
    defaultItems: timezones,
    children: (item: Timezone) => <ListItem id={item.id}>{item.name}</ListItem>,
  },
  decorators: [(Story) => <div style={{ width: 320, minHeight: 320 }}>{Story()}</div>],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ComboBox<Timezone>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultSelectedKey: 'Europe/Vilnius' } };
export const WithPlaceholder: Story = { args: { placeholder: 'Search timezones' } };
export const WithError: Story = { args: { errorMessage: 'The timezone field is required.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultSelectedKey: 'Asia/Tokyo' } };
/** Type something that matches nothing and the list says "There are no items matching your query". */
export const NoMatches: Story = { args: { defaultInputValue: 'Mars', menuTrigger: 'focus' } };

/** Server-side search: items arrive after a delay; "Loading..." shows until the first results. */
export const AsyncLoading: Story = {
  render: (args) => {
    const [query, setQuery] = useState('');
    const [items, setItems] = useState<Timezone[]>([]);
    const [isLoading, setLoading] = useState(true);
    useEffect(() => {
      setLoading(true);
      const timer = setTimeout(() => {
        setItems(timezones.filter((zone) => zone.name.toLowerCase().includes(query.toLowerCase())));
        setLoading(false);
      }, 1200);
      return () => clearTimeout(timer);
    }, [query]);
    return (
      <ComboBox<Timezone>
        label={args.label}
        items={items}
        inputValue={query}
        onInputChange={setQuery}
        isLoading={isLoading}
        menuTrigger="focus"
      >
        {(item) => <ListItem id={item.id}>{item.name}</ListItem>}
      </ComboBox>
    );
  },
};
export const Dark: Story = { args: { defaultSelectedKey: 'Asia/Jerusalem' }, globals: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: { defaultSelectedKey: 'Asia/Jerusalem' },
  globals: { direction: 'rtl' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { ListItem } from '../list/list-box';
import { Select } from './select';

interface Country {
  id: string;
  name: string;
}
const countries: Country[] = [
  { id: 'de', name: 'Germany' },
  { id: 'fr', name: 'France' },
  { id: 'il', name: 'Israel' },
  { id: 'jp', name: 'Japan' },
  { id: 'lt', name: 'Lithuania' },
  { id: 'us', name: 'United States' },
];
const many: Country[] = Array.from({ length: 40 }, (_, i) => ({ id: `c${i}`, name: `Country ${i + 1}` }));

const meta = {
  title: 'UI/Select',
  component: Select<Country>,
  args: {
    label: 'Country',
    items: countries,
    children: (item: Country) => <ListItem id={item.id}>{item.name}</ListItem>,
  },
  decorators: [(Story) => <div style={{ width: 320, minHeight: 360 }}>{Story()}</div>],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Select<Country>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultSelectedKey: 'lt' } };
export const Open: Story = { args: { defaultOpen: true, defaultSelectedKey: 'fr' } };
/** Opened while items load: "Loading...". */
export const Loading: Story = { args: { items: [], isLoading: true, defaultOpen: true } };
/** Opened without items: "There are no items matching your query". */
export const Empty: Story = { args: { items: [], defaultOpen: true } };
/** A long list scrolls inside a popover at most 420 px high. */
export const LongList: Story = { args: { items: many, defaultOpen: true } };
export const WithDescription: Story = { args: { description: 'Used for taxes and date formats.' } };
export const WithError: Story = {
  args: { errorMessage: 'The country field is required.', isRequired: true },
};
export const Disabled: Story = { args: { isDisabled: true, defaultSelectedKey: 'jp' } };
export const Dark: Story = {
  args: { defaultOpen: true, defaultSelectedKey: 'il' },
  globals: { theme: 'dark' },
};
export const DarkWithError: Story = {
  args: { errorMessage: 'The country field is required.' },
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  args: { defaultOpen: true, defaultSelectedKey: 'il' },
  globals: { direction: 'rtl' },
};

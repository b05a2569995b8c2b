import type { Meta, StoryObj } from '@storybook/react-vite';
import { GlobeIcon, UserIcon } from '../icons/icons';
import { ListBox, ListItem, ListSection } from './list-box';

const meta = {
  title: 'UI/ListBox',
  component: ListBox,
  args: { 'aria-label': 'Language' },
  decorators: [(Story) => <div style={{ width: 300 }}>{Story()}</div>],
} satisfies Meta<typeof ListBox>;
export default meta;

type Story = StoryObj<typeof meta>;

const options = () => [
  <ListItem key="en" id="en">
    English
  </ListItem>,
  <ListItem key="fr" id="fr">
    Français
  </ListItem>,
  <ListItem key="he" id="he">
    עברית
  </ListItem>,
];

export const Default: Story = {
  args: { selectionMode: 'single', defaultSelectedKeys: ['fr'] },
  render: (args) => <ListBox {...args}>{options()}</ListBox>,
};
/** No items yet: "Loading...". */
export const Loading: Story = {
  render: (args) => (
    <ListBox {...args} isLoading items={[]}>
      {() => null}
    </ListBox>
  ),
};
/** No items: "There are no items matching your query". */
export const Empty: Story = {
  render: (args) => (
    <ListBox {...args} items={[]}>
      {() => null}
    </ListBox>
  ),
};
export const WithDescriptionsAndIcons: Story = {
  render: (args) => (
    <ListBox {...args} selectionMode="single" aria-label="Visibility">
      <ListItem id="public" startIcon={<GlobeIcon size={18} />} description="Anyone can see it">
        Public
      </ListItem>
      <ListItem id="private" startIcon={<UserIcon size={18} />} description="Only you can see it">
        Private
      </ListItem>
    </ListBox>
  ),
};
export const WithSections: Story = {
  render: (args) => (
    <ListBox {...args} aria-label="Timezone">
      <ListSection title="Europe">
        <ListItem id="berlin">Berlin</ListItem>
        <ListItem id="vilnius">Vilnius</ListItem>
      </ListSection>
      <ListSection title="Asia">
        <ListItem id="tokyo">Tokyo</ListItem>
      </ListSection>
    </ListBox>
  ),
};
export const Dark: Story = {
  args: { selectionMode: 'single', defaultSelectedKeys: ['en'] },
  render: (args) => <ListBox {...args}>{options()}</ListBox>,
  globals: { theme: 'dark' },
};
export const DarkLoading: Story = {
  render: (args) => (
    <ListBox {...args} isLoading items={[]}>
      {() => null}
    </ListBox>
  ),
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  args: { selectionMode: 'single', defaultSelectedKeys: ['he'] },
  render: (args) => <ListBox {...args}>{options()}</ListBox>,
  globals: { direction: 'rtl' },
};

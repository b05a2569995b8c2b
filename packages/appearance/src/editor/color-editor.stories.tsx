import type { Meta, StoryObj } from '@storybook/react-vite';
import './editor.css';
import { useState } from 'react';
import { ColorEditor } from './color-editor';

const LIGHT = {
  '--bl-bg': '#ffffff',
  '--bl-bg-alt': '#f4f5f7',
  '--bl-fg': '#14161a',
  '--bl-fg-muted': '#545b66',
  '--bl-primary': '#5b3fd9',
  '--bl-primary-fg': '#ffffff',
};

/** Holds the colours, as the editor does, so the pickers and the warnings react to every change. */
function Stateful({ colors }: { colors: Record<string, string> }) {
  const [value, setValue] = useState(colors);
  return (
    <div style={{ width: 360 }}>
      <ColorEditor
        colors={value}
        onChange={(name, color) => setValue((current) => ({ ...current, [name]: color }))}
      />
    </div>
  );
}

const meta = {
  title: 'Appearance/ColorEditor',
  component: Stateful,
  args: { colors: LIGHT },
} satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A theme that passes AA everywhere: no warning. */
export const Default: Story = {};

/** Light grey text and a pale primary: the pairs that fall below AA are listed with their ratio. */
export const ContrastWarnings: Story = {
  args: { colors: { ...LIGHT, '--bl-fg-muted': '#b0b4ba', '--bl-primary': '#c9bfff' } },
};

export const Dark: Story = {
  args: {
    colors: {
      '--bl-bg': '#121317',
      '--bl-bg-alt': '#1b1d23',
      '--bl-fg': '#f2f3f5',
      '--bl-fg-muted': '#a9afb9',
      '--bl-primary': '#a797ff',
      '--bl-primary-fg': '#121317',
    },
  },
  globals: { theme: 'dark' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { HttpError } from '@backline/core';
import { SettingsForm } from './settings-form';
import { defineSettingsPage } from './settings-page-definition';

/** A page described in a few lines: sections, fields bound to setting keys, help text. */
const playerSettings = defineSettingsPage({
  path: 'player',
  title: 'Player',
  description: 'How the web player behaves for every listener.',
  sections: [
    {
      title: 'Playback',
      fields: [
        { key: 'player.autoplay', type: 'switch', label: 'Start playing on page load' },
        {
          key: 'player.quality',
          type: 'select',
          label: 'Default quality',
          options: [
            { value: 'low', label: 'Low' },
            { value: 'high', label: 'High' },
          ],
        },
        { key: 'player.volume', type: 'number', label: 'Default volume', help: 'From 0 to 100.' },
      ],
    },
    {
      title: 'Lyrics service',
      fields: [
        { key: 'lyrics.enable', type: 'switch', label: 'Show lyrics' },
        {
          key: 'lyrics.api_key',
          type: 'secret',
          label: 'API key',
          visibleWhen: (values) => values['lyrics.enable'] === true,
        },
      ],
    },
  ],
});

const VALUES = {
  'player.autoplay': false,
  'player.quality': 'high',
  'player.volume': 80,
  'lyrics.enable': true,
};

const meta: Meta<typeof SettingsForm> = {
  title: 'Admin/Settings page builder',
  component: SettingsForm,
  args: { page: playerSettings, values: VALUES, secrets: { 'lyrics.api_key': true } },
};
export default meta;
type Story = StoryObj<typeof SettingsForm>;

/** Saving succeeds: the toast says so and the form starts from the saved values. */
export const Default: Story = {
  args: { onSave: async () => undefined },
};

/** No secret stored yet: the field says so. */
export const SecretNotSet: Story = {
  args: { secrets: { 'lyrics.api_key': false }, onSave: async () => undefined },
};

/** The server refuses a value: its message lands on the field of that key. */
export const ServerFieldError: Story = {
  args: {
    onSave: async () => {
      throw new HttpError({
        status: 422,
        method: 'PUT',
        url: '/api/v1/admin/settings',
        body: { message: 'Enter at most 100.', errors: { 'player.volume': ['Enter at most 100.'] } },
      });
    },
  },
};

import { adminSettings } from '@backline/core/contract';
import {
  defineSettingsPage,
  type SettingsField,
  type SettingsPageDefinition,
} from './settings-page-definition';
import { TestMailButton } from './test-mail-button';

const SERVICES: Record<(typeof adminSettings.SOCIAL_SERVICE_NAMES)[number], string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
};

/** Site name, address, homepage and default time zone. */
export const generalSettings = defineSettingsPage({
  path: 'general',
  title: 'General settings',
  sections: [
    {
      title: 'Site',
      fields: [
        {
          key: 'branding.site_name',
          type: 'text',
          label: 'Site name',
          help: 'Shown in the navbar, page titles and emails.',
        },
        {
          key: 'base_url',
          type: 'url',
          label: 'Base URL',
          help: 'The address visitors use, such as https://example.com. Leave empty to use the address of each request.',
        },
        {
          key: 'dates.default_timezone',
          type: 'timezone',
          label: 'Default timezone',
          help: 'Used for visitors and users who have not chosen one.',
        },
      ],
    },
    {
      title: 'Homepage',
      fields: [
        {
          key: 'homepage.type',
          type: 'select',
          label: 'Homepage',
          help: 'What visitors see at the site root.',
          options: [
            { value: 'landingPage', label: 'Landing page' },
            { value: 'loginPage', label: 'Login page' },
            { value: 'registerPage', label: 'Register page' },
            { value: 'customPage', label: 'Custom page' },
            { value: 'channel', label: 'Channel' },
          ],
        },
        {
          key: 'homepage.value',
          type: 'text',
          label: 'Page or channel',
          help: 'The slug of the custom page or channel to show.',
          visibleWhen: (values) =>
            values['homepage.type'] === 'customPage' || values['homepage.type'] === 'channel',
        },
      ],
    },
  ],
});

const socialFields: SettingsField[] = adminSettings.SOCIAL_SERVICE_NAMES.flatMap((service) => [
  { key: `social.${service}.enable`, type: 'switch' as const, label: `Enable ${SERVICES[service]} sign-in` },
  {
    key: `social.${service}.client_id`,
    type: 'text' as const,
    label: `${SERVICES[service]} client ID`,
    visibleWhen: (values: Record<string, unknown>) => values[`social.${service}.enable`] === true,
  },
  {
    key: `social.${service}.client_secret`,
    type: 'secret' as const,
    label: `${SERVICES[service]} client secret`,
    visibleWhen: (values: Record<string, unknown>) => values[`social.${service}.enable`] === true,
  },
]);

/** Registration, email confirmation, social sign-in and the human check. */
export const authenticationSettings = defineSettingsPage({
  path: 'authentication',
  title: 'Authentication',
  sections: [
    {
      title: 'Registration',
      fields: [
        {
          key: 'registration.disable',
          type: 'switch',
          label: 'Disable registration',
          help: 'Hides sign-up links; only admins can create accounts.',
        },
        {
          key: 'require_email_confirmation',
          type: 'switch',
          label: 'Require email confirmation',
          help: 'New users must confirm their email address before using the site.',
        },
      ],
    },
    {
      title: 'Social sign-in',
      description: 'Let people sign in with an account they already have.',
      fields: [
        ...socialFields,
        { key: 'social.compact_buttons', type: 'switch', label: 'Compact social buttons' },
      ],
    },
    {
      title: 'Human check',
      description: 'Stops bots on the forms you choose.',
      fields: [
        {
          key: 'recaptcha.provider',
          type: 'select',
          label: 'Provider',
          options: [
            { value: 'recaptcha', label: 'reCAPTCHA', translate: false },
            { value: 'hcaptcha', label: 'hCaptcha', translate: false },
            { value: 'turnstile', label: 'Turnstile', translate: false },
          ],
        },
        { key: 'recaptcha.site_key', type: 'text', label: 'Site key' },
        { key: 'recaptcha.secret_key', type: 'secret', label: 'Secret key' },
        { key: 'recaptcha.enable.register', type: 'switch', label: 'Check on registration' },
        { key: 'recaptcha.enable.contact', type: 'switch', label: 'Check on the contact form' },
      ],
    },
  ],
});

/** Upload size and type rules. */
export const uploadsSettings = defineSettingsPage({
  path: 'uploads',
  title: 'Uploads',
  sections: [
    {
      title: 'Files',
      fields: [
        { key: 'uploads.max_size', type: 'megabytes', label: 'Maximum file size (MB)' },
        {
          key: 'uploads.allowed_extensions',
          type: 'list',
          label: 'Allowed file types',
          help: 'Comma-separated extensions, such as jpg, png, mp3. Leave empty to allow every type that is not blocked.',
        },
        {
          key: 'uploads.blocked_extensions',
          type: 'list',
          label: 'Blocked file types',
          help: 'Comma-separated extensions that are never accepted.',
        },
      ],
    },
  ],
});

/** The sender of the site's mail, and a test message. */
export const mailSettings = defineSettingsPage({
  path: 'mail',
  title: 'Mail',
  sections: [
    {
      title: 'Sender',
      fields: [
        {
          key: 'mail.from_name',
          type: 'text',
          label: 'From name',
          help: 'Leave empty to use the site name.',
        },
        { key: 'mail.from_address', type: 'email', label: 'From address' },
      ],
      footer: TestMailButton,
    },
  ],
});

/** Switches for the developer API and notifications. */
export const integrationsSettings = defineSettingsPage({
  path: 'integrations',
  title: 'API and notifications',
  sections: [
    {
      title: 'Developer API',
      fields: [
        {
          key: 'api.integrated',
          type: 'switch',
          label: 'Enable the API',
          help: 'Users with API access can create personal access tokens.',
        },
      ],
    },
    {
      title: 'Notifications',
      fields: [{ key: 'notifications.integrated', type: 'switch', label: 'Enable notifications' }],
    },
  ],
});

/** The built-in settings pages, in menu order. */
export const DEFAULT_SETTINGS_PAGES: SettingsPageDefinition[] = [
  generalSettings,
  authenticationSettings,
  uploadsSettings,
  mailSettings,
  integrationsSettings,
];

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { TextField } from '../text-field/text-field';
import { Form } from './form';

const meta = {
  title: 'UI/Form',
  component: Form,
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Form>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Submitting answers like a 422: each error lands on its field and the first invalid field gets focus. */
function Register({ initialErrors }: { initialErrors?: Record<string, string> }) {
  const [errors, setErrors] = useState<Record<string, string> | undefined>(initialErrors);
  return (
    <Form
      validationErrors={errors}
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({
          email: 'The email has already been taken.',
          password: 'The password must be at least 8 characters.',
        });
      }}
    >
      <TextField label="Email" name="email" type="email" defaultValue="ada@example.com" />
      <TextField label="Password" name="password" type="password" defaultValue="short" />
      <TextField label="Confirm password" name="password_confirmation" type="password" defaultValue="short" />
      <Checkbox name="terms" defaultSelected>
        I accept the Terms of service
      </Checkbox>
      <Button type="submit" fullWidth>
        Create account
      </Button>
    </Form>
  );
}

export const Default: Story = { render: () => <Register /> };
export const WithServerErrors: Story = {
  render: () => <Register initialErrors={{ email: 'The email has already been taken.' }} />,
};
export const Dark: Story = {
  render: () => <Register initialErrors={{ email: 'The email has already been taken.' }} />,
  globals: { theme: 'dark' },
};
export const RightToLeft: Story = {
  render: () => <Register initialErrors={{ password: 'The password must be at least 8 characters.' }} />,
  globals: { direction: 'rtl' },
};

import { emailRule, requiredRule, useAuthForm, useHumanCheck } from '@backline/auth';
import { contact } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, Form, TextField, toast } from '@backline/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../music/use-document-title';
import './contact-page.css';

const FIELDS = ['name', 'email', 'message'] as const;

/** `POST contact-page`: on success, toasts "Your message can be submitted." and goes to `/`. */
export function useSendContactMessage() {
  const http = useHttp();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: contact.ContactBody) => http.call(contact.send, { body }),
    onSuccess: () => {
      toast.positive(t('Your message can be submitted.'));
      navigate('/');
    },
  });
}

/**
 * The contact page (`/contact`): name, email and an eight-row message, checked here and on the server (its field
 * errors land on the fields). The human check for `contact`, when the site turns it on, must pass before sending.
 */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Contact us'));
  const form = useAuthForm(FIELDS);
  const humanCheck = useHumanCheck('contact');
  const send = useSendContactMessage();
  const [checking, setChecking] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const problems = { name: requiredRule(name), email: emailRule(email), message: requiredRule(message) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    if (humanCheck.enabled) {
      setChecking(true);
      const human = await humanCheck.verify();
      setChecking(false);
      if (!human) {
        toast.danger(t('Could not verify you are human.'));
        return;
      }
    }
    send.mutate({ name, email, message }, { onError: form.report });
  };

  return (
    <main className="contact-page">
      <div className="contact-page__card">
        <h1 className="contact-page__title">{t('Contact us')}</h1>
        <p className="contact-page__text">
          {t("Please use the form below to send us a message and we'll get back to you as soon as possible.")}
        </p>
        <Form validationBehavior="aria" validationErrors={form.validationErrors} onSubmit={onSubmit}>
          <TextField
            name="name"
            label={t('Name')}
            autoComplete="name"
            value={name}
            onChange={form.edit(setName)}
            isRequired
            errorMessage={form.errorFor('name', problems.name)}
          />
          <TextField
            name="email"
            type="email"
            label={t('Email')}
            autoComplete="email"
            value={email}
            onChange={form.edit(setEmail)}
            isRequired
            errorMessage={form.errorFor('email', problems.email)}
          />
          <TextField
            name="message"
            label={t('Message')}
            multiline
            rows={8}
            value={message}
            onChange={form.edit(setMessage)}
            isRequired
            errorMessage={form.errorFor('message', problems.message)}
          />
          <Button type="submit" size="lg" isPending={send.isPending || checking}>
            {t('Send')}
          </Button>
        </Form>
      </div>
    </main>
  );
}

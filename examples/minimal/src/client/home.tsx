import { useUser } from '@backline/core/react';
import { useTranslation } from 'react-i18next';

export function Home() {
  const user = useUser();
  const { t } = useTranslation();
  return <h1>{user ? t('Signed in as :email', { email: user.email }) : t('Welcome')}</h1>;
}

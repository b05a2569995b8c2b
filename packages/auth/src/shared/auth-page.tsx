import { AuthLayout } from '@backline/ui';
import type { ReactNode } from 'react';
import { useBranding, useMenuItems } from './use-branding';

/** The frame of every sign-in screen: the shell's AuthLayout fed from the bootstrap data. */
export function AuthPage({
  heading,
  children,
  message,
}: {
  heading?: ReactNode;
  children: ReactNode;
  message?: ReactNode;
}) {
  const branding = useBranding();
  const footerMenu = useMenuItems('auth-page-footer');
  return (
    <AuthLayout branding={branding} heading={heading} message={message} footerMenu={footerMenu}>
      {children}
    </AuthLayout>
  );
}

import { Route } from 'react-router-dom';
import { ForgotPasswordPage } from '../forgot-password/forgot-password-page';
import { GuestRoute } from '../guards/guest-route';
import { LoginPage } from '../login/login-page';
import { RegisterPage } from '../register/register-page';
import { ResetPasswordPage } from '../reset-password/reset-password-page';

/** The paths of the sign-in screens (spec accounts §2). */
export const AUTH_PATHS = {
  register: '/register',
  workspaceRegister: '/workspace/join/register',
  login: '/login',
  workspaceLogin: '/workspace/join/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/password/reset/:token',
} as const;

/**
 * Every sign-in screen as react-router routes behind `GuestRoute`: `<Routes>{authRoutes()}</Routes>`.
 * Apps that code-split their routes can build the same table from `AUTH_PATHS` and lazy pages.
 */
export function authRoutes() {
  return (
    <Route element={<GuestRoute />}>
      <Route path={AUTH_PATHS.register} element={<RegisterPage />} />
      <Route path={AUTH_PATHS.workspaceRegister} element={<RegisterPage />} />
      <Route path={AUTH_PATHS.login} element={<LoginPage />} />
      <Route path={AUTH_PATHS.workspaceLogin} element={<LoginPage />} />
      <Route path={AUTH_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={AUTH_PATHS.resetPassword} element={<ResetPasswordPage />} />
    </Route>
  );
}

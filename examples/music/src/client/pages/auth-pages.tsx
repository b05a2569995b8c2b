// The sign-in screens, in one chunk of their own: app.tsx loads it lazily, so /login pays for nothing
// else and the rest of the site does not pay for the sign-in screens.
export { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '@backline/auth';

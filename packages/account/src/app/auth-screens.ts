// The sign-in screens, in one chunk the shell loads lazily: /login pays for them and nothing else.
export { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '@backline/auth';

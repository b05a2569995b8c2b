// The password window lives beside the session it is stored in, so modules below `passwords` (account deletion
// in `users`) can require it too; this module keeps its old import path.
export {
  markPasswordConfirmed,
  PASSWORD_CONFIRMATION_SECONDS,
  passwordConfirmedWithin,
  requireConfirmedPassword,
} from '../sessions/password-confirmation';

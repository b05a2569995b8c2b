import { useSearchParams } from 'react-router-dom';

/** The `email` query parameter: screens pre-fill it and then lock the field. */
export function useQueryEmail(): string | null {
  const [params] = useSearchParams();
  const email = params.get('email');
  return email && email.trim() !== '' ? email : null;
}

/** `path?email=…` when an email came in the query, so the next screen keeps it. */
export function withEmail(path: string, email: string | null): string {
  return email ? `${path}?${new URLSearchParams({ email })}` : path;
}

import type { ReactNode } from 'react';

/** The page frame every billing screen shares: a centred column with the page's heading. */
export function BillingLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bl-billing bl-billing--narrow">
      <header className="bl-billing__header">
        <h1 className="bl-billing__title">{title}</h1>
      </header>
      {children}
    </div>
  );
}

/** A short status line in a panel (loading, not available, done). */
export function BillingNotice({ children, role }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div className="bl-billing__panel" role={role}>
      {children}
    </div>
  );
}

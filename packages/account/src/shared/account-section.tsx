import type { ReactNode } from 'react';

export interface AccountSectionProps {
  /** The anchor the side navigation scrolls to. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** The danger zone is drawn with the danger colour. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One panel of the settings page: a heading (named landmark), a line saying what it does, the content. */
export function AccountSection({ id, title, description, tone = 'default', children }: AccountSectionProps) {
  return (
    <section
      id={id}
      tabIndex={-1}
      className="bl-account-section"
      data-tone={tone}
      aria-labelledby={`${id}-title`}
    >
      <div className="bl-account-section__header">
        <h2 id={`${id}-title`} className="bl-account-section__title">
          {title}
        </h2>
        {description ? <p className="bl-account-section__description">{description}</p> : null}
      </div>
      <div className="bl-account-section__body">{children}</div>
    </section>
  );
}

import { ButtonLink } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { PricingTable } from './pricing-table';

export interface PricingPageProps {
  /** Where "Contact us" goes; `/contact` by default. */
  contactHref?: string;
}

/** `/pricing`: the plans with the period toggle, then the questions block with "Contact us". */
export function PricingPage({ contactHref = '/contact' }: PricingPageProps) {
  const { t } = useTranslation();
  return (
    <div className="bl-billing bl-pricing">
      <header className="bl-billing__header">
        <h1 className="bl-billing__title">{t('Pricing')}</h1>
        <p className="bl-billing__subtitle">{t('Choose the plan that suits you')}</p>
      </header>
      <PricingTable />
      <section className="bl-pricing__questions" aria-labelledby="bl-pricing-questions">
        <h2 id="bl-pricing-questions">{t('Do you have any questions about PRO accounts?')}</h2>
        <p>{t('Our support team will be happy to assist you.')}</p>
        <ButtonLink href={contactHref} variant="outline">
          {t('Contact us')}
        </ButtonLink>
      </section>
    </div>
  );
}

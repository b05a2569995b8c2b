import { ProgressBar } from '@backline/ui';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a page's code loads. It appears only after a short delay (in CSS), so fast loads do not
 * flash a spinner.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader">
      <ProgressBar aria-label={t('Loading...')} isIndeterminate />
    </div>
  );
}

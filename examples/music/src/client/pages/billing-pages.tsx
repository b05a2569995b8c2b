// Pricing, checkout, plan change and billing, in a chunk of their own: only these pages pay for them.
import '@backline/billing/styles.css';
import { useSettings } from '@backline/core/react';
import { NotFoundPage } from '@backline/ui';
import { Outlet } from 'react-router-dom';

export {
  BillingPage,
  ChangePlanPage,
  CheckoutCancelledPage,
  CheckoutDonePage,
  CheckoutPage,
  PricingPage,
  PricingTable,
} from '@backline/billing';

/** `/pricing`, `checkout/*` and `billing/*` exist only while the public setting `billing.enable` is on. */
export function BillingEnabled() {
  const enabled = useSettings<boolean>('billing.enable', false);
  return enabled ? <Outlet /> : <NotFoundPage />;
}

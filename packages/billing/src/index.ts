// Pages
export { BillingPage, type BillingPageProps } from './billing-page/billing-page';
export { ChangePlanPage } from './change-plan/change-plan-page';
export {
  CHECKOUT_POLL_MS,
  CheckoutCancelledPage,
  CheckoutDonePage,
  CheckoutPage,
  type CheckoutPageProps,
} from './checkout/checkout-page';
// i18n
export { BILLING_STRINGS, type BillingString } from './i18n/billing-strings';
export {
  defaultPeriod,
  offeredPeriods,
  planButtonLabel,
  planButtonTarget,
  type Viewer,
} from './pricing/plan-rules';
export { PricingPage, type PricingPageProps } from './pricing/pricing-page';
export { PLAN_SKELETONS, PricingTable } from './pricing/pricing-table';
// Helpers
export { formatPrice, periodKey } from './shared/format-price';
export { billingQueryKeys, useMySubscription, usePriceFormat, useProducts } from './shared/use-billing';

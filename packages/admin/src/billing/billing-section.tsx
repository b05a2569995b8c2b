import { billing } from '@backline/core/contract';
import { lazy } from 'react';
import { defineSettingsPage } from '../settings/settings-page-definition';
import type { AdminSection } from '../shell/admin-section';

const PlansPage = lazy(() => import('./plans-page'));
const SubscriptionsPage = lazy(() => import('./subscriptions-page'));

/** The "Plans" admin section (`/admin/plans`, `billing.manage`): plans and their prices for the pricing page. */
export function plansSection(): AdminSection {
  return {
    path: 'plans',
    label: 'Plans',
    icon: <CardIcon />,
    permission: billing.BILLING_MANAGE_PERMISSION,
    component: PlansPage,
  };
}

/**
 * The "Subscriptions" admin section (`/admin/subscriptions`, `billing.manage`, the permission its routes need):
 * every subscription, filtered by status and plan, and cancelling one. List it right after `plansSection()`.
 */
export function subscriptionsSection(): AdminSection {
  return {
    path: 'subscriptions',
    label: 'Subscriptions',
    icon: <ReceiptIcon />,
    permission: billing.BILLING_MANAGE_PERMISSION,
    component: SubscriptionsPage,
  };
}

/**
 * The billing settings page (`/admin/settings/billing`): whether the site sells plans, and the Stripe keys as
 * write-only secrets (saved keys are used before `STRIPE_SECRET_KEY`/`STRIPE_WEBHOOK_SECRET`).
 */
export const billingSettings = defineSettingsPage({
  path: 'billing',
  title: 'Billing',
  sections: [
    {
      title: 'Plans',
      fields: [
        {
          key: billing.BILLING_ENABLE_SETTING,
          type: 'switch',
          label: 'Enable billing',
          help: 'Shows the pricing page, checkout and the billing page.',
        },
      ],
    },
    {
      title: 'Stripe keys',
      description: 'Keys from the Stripe dashboard. Leave empty to use the server environment.',
      fields: [
        { key: billing.STRIPE_SECRET_KEY_SETTING, type: 'secret', label: 'Secret key' },
        {
          key: billing.STRIPE_WEBHOOK_SECRET_SETTING,
          type: 'secret',
          label: 'Webhook signing secret',
          help: 'Stripe sends events to /api/v1/billing/webhooks/stripe.',
        },
      ],
    },
  ],
});

function CardIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20" />
    </svg>
  );
}

function ReceiptIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </svg>
  );
}

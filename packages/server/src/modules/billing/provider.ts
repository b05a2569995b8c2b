/**
 * The payment provider boundary. The billing module keeps plans, subscriptions and invoices in its own tables
 * and asks a provider only for what money needs: a hosted checkout, a customer portal, plan changes, cancel and
 * resume, and the current state of a subscription or invoice. Stripe ships (`stripe-provider.ts`); another
 * provider is one object of this shape (docs/packages/billing.md).
 */

/** A subscription as the provider reports it now. Times are `Date`s; ids are the provider's. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's id of the price the subscription bills (its first item). */
  priceId: string | null;
  /** The provider's id of the subscription item that carries the price (plan changes replace its price). */
  itemId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** When it stopped granting the plan (a cancel that took effect); null while it runs. */
  endedAt: Date | null;
  /** What the site attached when it started the checkout (`user_id`…). */
  metadata: Record<string, string>;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  status: string;
  amount: number;
  currency: string;
  url: string | null;
  paidAt: Date | null;
  /** Whether the provider gives up on collecting it (the last retry failed). */
  finalAttemptFailed: boolean;
}

/** A verified webhook event, reduced to what the module acts on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** A subscription whose state the event may have changed. */
  subscriptionId?: string | null;
  /** An invoice the event is about. */
  invoiceId?: string | null;
  /** The event says money went back to the customer: the plan ends at once. */
  refunded?: boolean;
  /** The provider's customer the event is about (a refund names no subscription). */
  customerId?: string | null;
}

export interface ProviderPlan {
  product: { id: number; name: string; description: string | null; providerId: string | null };
  price: {
    id: number;
    amount: number;
    currency: string;
    interval: string;
    interval_count: number;
    providerId: string | null;
  };
}

/** A provider the billing module can sell through. */
export interface BillingProvider {
  /** Stored with each subscription and used in the webhook path (`billing/webhooks/{name}`). */
  readonly name: string;
  /** Makes sure the plan and price exist at the provider; answers their ids there. */
  syncPlan(plan: ProviderPlan): Promise<{ productId: string; priceId: string }>;
  /** The provider's customer for a user, created when missing. */
  ensureCustomer(user: { id: number; email: string; customerId: string | null }): Promise<string>;
  /** A hosted checkout page for one price in subscription mode; answers its URL. */
  createCheckout(input: {
    customerId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ url: string; id: string }>;
  /**
   * Closes an open checkout so it can no longer be paid. Answers false when it is no longer open (paid or
   * expired already). The module keeps one open checkout per user with it.
   */
  expireCheckout(id: string): Promise<boolean>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** What switching to `priceId` costs now, prorated. */
  previewChange(
    subscription: ProviderSubscription,
    priceId: string,
  ): Promise<{ amountDue: number; currency: string }>;
  changePrice(subscription: ProviderSubscription, priceId: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now (a refund, an admin's cancel). */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Gives the subscription's last payment back to the customer in full; answers what went back, or null when the
   * subscription has no paid payment to refund. Optional: without it the admin area cannot refund, only cancel.
   */
  refundLastPayment?(subscriptionId: string): Promise<{ amount: number; currency: string } | null>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  getInvoice(id: string): Promise<ProviderInvoice>;
  /** Verifies the signature of a raw webhook body and reads the event; throws `InvalidSignature` otherwise. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

/** A webhook whose signature does not verify: answered 400, nothing written. */
export class InvalidSignature extends Error {}

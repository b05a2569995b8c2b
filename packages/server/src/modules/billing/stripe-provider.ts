import Stripe from 'stripe';
import {
  type BillingProvider,
  InvalidSignature,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider';

/** Where the SDK sends its calls: Stripe itself unless a test points it at a loopback fake. */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Where the SDK sends its calls from `STRIPE_API_BASE` (a loopback fake in tests); empty for Stripe itself. */
export function stripeApiFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'> {
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  if (!api) return {};
  return {
    host: api.hostname,
    port: Number(api.port) || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
  };
}

/** The Stripe options from `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`; null while either is missing. */
export function stripeOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeProviderOptions | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return { secretKey, webhookSecret, ...stripeApiFromEnv(env) };
}

type Json = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** An expandable field: the id whether Stripe sent the id or the object. */
const ref = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? str((value as Json).id) : null;
const date = (seconds: unknown): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** Reads a Stripe subscription. Since API 2025-03-31 the period lives on the item; older shapes are read too. */
export function readStripeSubscription(raw: Json): ProviderSubscription {
  const items = ((raw.items as Json | undefined)?.data as Json[] | undefined) ?? [];
  const item = items[0];
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries((raw.metadata as Json | undefined) ?? {}))
    if (typeof value === 'string') metadata[key] = value;
  return {
    id: String(raw.id),
    customerId: ref(raw.customer) ?? '',
    priceId: item ? ref(item.price) : null,
    itemId: item ? str(item.id) : null,
    status: String(raw.status),
    currentPeriodEnd: date(item?.current_period_end ?? raw.current_period_end),
    cancelAtPeriodEnd: raw.cancel_at_period_end === true,
    trialEnd: date(raw.trial_end),
    endedAt: date(raw.ended_at),
    metadata,
  };
}

function readStripeInvoice(raw: Json): ProviderInvoice {
  const parent = raw.parent as Json | null | undefined;
  const details = parent?.subscription_details as Json | undefined;
  const transitions = raw.status_transitions as Json | undefined;
  return {
    id: String(raw.id),
    subscriptionId: ref(details?.subscription) ?? ref(raw.subscription),
    customerId: ref(raw.customer),
    status: String(raw.status ?? 'open'),
    amount: Number(raw.amount_due ?? raw.total ?? 0),
    currency: String(raw.currency ?? 'usd'),
    url: str(raw.hosted_invoice_url),
    paidAt: date(transitions?.paid_at),
    finalAttemptFailed: raw.status !== 'paid' && raw.attempted === true && raw.next_payment_attempt == null,
  };
}

/** Stripe through its official SDK: Checkout Sessions, the Customer Portal, prorated changes and webhooks. */
export function stripeProvider(options: StripeProviderOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    // A webhook handler or a checkout waits on this call: fail fast rather than retry behind the user's back.
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
  const subscription = async (id: string) =>
    readStripeSubscription((await stripe.subscriptions.retrieve(id)) as unknown as Json);

  return {
    name: 'stripe',
    async syncPlan({ product, price }) {
      const fields = { name: product.name, ...(product.description && { description: product.description }) };
      const productId = product.providerId
        ? (await stripe.products.update(product.providerId, fields)).id
        : (await stripe.products.create({ ...fields, metadata: { backline_id: String(product.id) } })).id;
      // Stripe prices cannot change amount or period: a changed price is a new one.
      const priceId =
        price.providerId ??
        (
          await stripe.prices.create({
            product: productId,
            unit_amount: price.amount,
            currency: price.currency.toLowerCase(),
            recurring: {
              interval: price.interval as 'day' | 'week' | 'month' | 'year',
              interval_count: price.interval_count,
            },
            metadata: { backline_id: String(price.id) },
          })
        ).id;
      return { productId, priceId };
    },
    async ensureCustomer(user) {
      if (user.customerId) return user.customerId;
      const customer = await stripe.customers.create({
        email: user.email,
        metadata: { user_id: String(user.id) },
      });
      return customer.id;
    },
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.metadata.user_id,
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL.');
      return { url: session.url, id: session.id };
    },
    async expireCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status !== 'open') return false;
      await stripe.checkout.sessions.expire(id);
      return true;
    },
    async createPortal(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      });
      return { url: session.url };
    },
    async previewChange(current, priceId) {
      const invoice = (await stripe.invoices.createPreview({
        customer: current.customerId,
        subscription: current.id,
        subscription_details: {
          items: [{ id: current.itemId ?? undefined, price: priceId }],
          proration_behavior: 'create_prorations',
        },
      })) as unknown as Json;
      return { amountDue: Number(invoice.amount_due ?? 0), currency: String(invoice.currency ?? 'usd') };
    },
    async changePrice(current, priceId) {
      const updated = await stripe.subscriptions.update(current.id, {
        items: [{ id: current.itemId ?? undefined, price: priceId }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
      });
      return readStripeSubscription(updated as unknown as Json);
    },
    async setCancelAtPeriodEnd(id, cancel) {
      const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      return readStripeSubscription(updated as unknown as Json);
    },
    async cancelNow(id) {
      return readStripeSubscription((await stripe.subscriptions.cancel(id)) as unknown as Json);
    },
    async refundLastPayment(id) {
      // Since API 2025-03-31 an invoice names no charge: its payments (InvoicePayment) carry the PaymentIntent.
      const invoiceId = ref(((await stripe.subscriptions.retrieve(id)) as unknown as Json).latest_invoice);
      if (!invoiceId) return null;
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
      const intent = ref(payments.data[0]?.payment.payment_intent);
      if (!intent) return null;
      const refund = await stripe.refunds.create({ payment_intent: intent });
      return { amount: refund.amount, currency: refund.currency };
    },
    getSubscription: subscription,
    async getInvoice(id) {
      return readStripeInvoice((await stripe.invoices.retrieve(id)) as unknown as Json);
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new InvalidSignature('No Stripe-Signature header.');
      let event: { id: string; type: string; data: { object: Json } };
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
        ) as unknown as typeof event;
      } catch (error) {
        throw new InvalidSignature(error instanceof Error ? error.message : 'Bad signature.');
      }
      const object = event.data.object;
      const result: ProviderEvent = { id: event.id, type: event.type };
      if (event.type.startsWith('customer.subscription.')) result.subscriptionId = str(object.id);
      else if (event.type === 'checkout.session.completed') result.subscriptionId = ref(object.subscription);
      else if (event.type.startsWith('invoice.')) {
        result.invoiceId = str(object.id);
        result.subscriptionId = readStripeInvoice(object).subscriptionId;
      } else if (event.type === 'charge.refunded') {
        result.refunded = true;
        result.customerId = ref(object.customer);
      }
      return result;
    },
  };
}

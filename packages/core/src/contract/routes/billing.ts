import * as z from 'zod/mini';
import { idField, idParam, requiredString } from '../fields';
import { listQuery } from '../list-query';
import { route } from '../route';
import { paginated, timestamp } from '../schemas/common';

/** Public setting: whether the site sells plans. Off hides `/pricing`, `checkout/*` and `billing/*`. */
export const BILLING_ENABLE_SETTING = 'billing.enable';
/** Stripe's secret API key, saved in the admin settings (encrypted, write-only); else `STRIPE_SECRET_KEY`. */
export const STRIPE_SECRET_KEY_SETTING = 'billing.stripe.secret_key';
/** Stripe's webhook signing secret, saved in the admin settings; else `STRIPE_WEBHOOK_SECRET`. */
export const STRIPE_WEBHOOK_SECRET_SETTING = 'billing.stripe.webhook_secret';
/** The permission the admin routes for plans and subscriptions need. */
export const BILLING_MANAGE_PERMISSION = 'billing.manage';
/** The period the pricing page shows first. */
export const DEFAULT_PLAN_PERIOD = 'year';
/** Subscription states that grant the plan (`past_due` keeps access while the provider retries the payment). */
export const VALID_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;
/** What a paid checkout answers while no payment provider is configured. */
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this site yet.';

export const PriceInterval = z.enum(['day', 'week', 'month', 'year']);
export type PriceInterval = z.infer<typeof PriceInterval>;

/** One price of a plan: `amount` in the currency's minor unit (cents), billed every `interval_count` intervals. */
export const Price = z.object({
  id: z.number(),
  product_id: z.number(),
  amount: z.number(),
  currency: z.string(),
  interval: PriceInterval,
  interval_count: z.number(),
});
export type Price = z.infer<typeof Price>;

/** A plan: what the pricing page lists (hidden plans are never answered to the public). */
export const Product = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  hidden: z.boolean(),
  free: z.boolean(),
  recommended: z.boolean(),
  feature_list: z.array(z.string()),
  position: z.number(),
  /** The permissions a valid subscription to this plan adds to the user's own. */
  permissions: z.array(z.string()),
  prices: z.array(Price),
});
export type Product = z.infer<typeof Product>;

/** A user's subscription; `valid` while it grants its plan. */
export const Subscription = z.object({
  id: z.number(),
  product_id: z.number(),
  price_id: z.nullable(z.number()),
  status: z.string(),
  valid: z.boolean(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.nullable(timestamp),
  trial_ends_at: z.nullable(timestamp),
  ends_at: z.nullable(timestamp),
  provider: z.string(),
  product: z.optional(Product),
  price: z.optional(z.nullable(Price)),
});
export type Subscription = z.infer<typeof Subscription>;

export const Invoice = z.object({
  id: z.number(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  url: z.nullable(z.string()),
  paid_at: z.nullable(timestamp),
  created_at: timestamp,
});
export type Invoice = z.infer<typeof Invoice>;

const PlanChoice = z.object({ productId: idField('productId'), priceId: idField('priceId') });

/** `GET billing/products`: the listed plans with their prices, in their order. */
export const products = route({
  method: 'GET',
  path: 'billing/products',
  tag: 'billing',
  summary: 'The plans the pricing page lists',
  response: z.object({ products: z.array(Product), payments_configured: z.boolean() }),
  errors: [404],
});

/** `GET billing/me`: the caller's current subscription and invoices. */
export const me = route({
  method: 'GET',
  path: 'billing/me',
  tag: 'billing',
  summary: "The caller's subscription and invoices",
  auth: true,
  response: z.object({ subscription: z.nullable(Subscription), invoices: z.array(Invoice) }),
  errors: [404],
});

/** `POST billing/checkout`: starts the provider's hosted checkout for a paid plan and answers its URL. */
export const checkout = route({
  method: 'POST',
  path: 'billing/checkout',
  tag: 'billing',
  summary: "Start the payment provider's checkout for a plan",
  auth: true,
  body: PlanChoice,
  response: z.object({ url: z.string() }),
  errors: [404, 409],
  token: false,
});

/** `POST billing/change-plan/preview`: what switching the subscription to another price costs now. */
export const changePlanPreview = route({
  method: 'POST',
  path: 'billing/change-plan/preview',
  tag: 'billing',
  summary: 'Preview the prorated cost of a plan change',
  auth: true,
  body: PlanChoice,
  response: z.object({
    amount_due: z.number(),
    currency: z.string(),
    next_payment_at: z.nullable(timestamp),
  }),
  errors: [404, 409],
});

/** `POST billing/change-plan`: moves the subscription to another price, prorated. */
export const changePlan = route({
  method: 'POST',
  path: 'billing/change-plan',
  tag: 'billing',
  summary: 'Change the subscription to another plan or period',
  auth: true,
  body: PlanChoice,
  response: z.object({ subscription: Subscription }),
  errors: [404, 409],
  token: false,
});

/** `POST billing/subscription/cancel`: ends the subscription at the end of the paid period. */
export const cancel = route({
  method: 'POST',
  path: 'billing/subscription/cancel',
  tag: 'billing',
  summary: 'Cancel at the end of the current period',
  auth: true,
  response: z.object({ subscription: Subscription }),
  errors: [404, 409],
  token: false,
});

/** `POST billing/subscription/resume`: undoes a cancel before the period ends. */
export const resume = route({
  method: 'POST',
  path: 'billing/subscription/resume',
  tag: 'billing',
  summary: 'Resume a subscription cancelled at period end',
  auth: true,
  response: z.object({ subscription: Subscription }),
  errors: [404, 409],
  token: false,
});

/** `POST billing/portal`: the provider's customer portal (payment methods, invoices), as a URL. */
export const portal = route({
  method: 'POST',
  path: 'billing/portal',
  tag: 'billing',
  summary: "Open the payment provider's customer portal",
  auth: true,
  response: z.object({ url: z.string() }),
  errors: [404, 409],
  token: false,
});

/** `POST billing/webhooks/{provider}`: the provider's signed events (no session, no XSRF: the signature). */
export const webhook = route({
  method: 'POST',
  path: 'billing/webhooks/{provider}',
  tag: 'billing',
  summary: 'Signed payment provider events',
  params: z.object({ provider: z.string() }),
  response: z.object({ received: z.boolean() }),
  errors: [400, 404],
});

/** The statuses a subscription can have (the provider's, with `canceled` once it ended). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
  'canceled',
] as const;

/** A subscription in the admin list, with the subscriber it belongs to. */
export const AdminSubscription = z.extend(Subscription, {
  user_id: z.number(),
  user: z.object({ id: z.number(), email: z.string(), name: z.string() }),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

/**
 * `GET billing/admin/subscriptions?status=&product_id=&query=`: subscriptions for the admin area, newest first,
 * a page at a time; `query` searches the subscriber's email and name.
 */
export const adminSubscriptions = route({
  method: 'GET',
  path: 'billing/admin/subscriptions',
  tag: 'billing',
  summary: 'List subscriptions, by status and plan',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  query: listQuery(['id', 'status', 'current_period_end'], {
    status: z.optional(z.string().check(z.maxLength(30))),
    product_id: z.optional(idParam('product_id')),
  }),
  response: paginated(AdminSubscription),
});

const PriceInput = z.object({
  /** An existing price keeps its amount and period (providers never change a sold price); omit for a new one. */
  id: z.optional(idField('id')),
  amount: z
    .number()
    .check(z.int('The amount must be a whole number of cents.'), z.gte(0), z.lte(100_000_000)),
  currency: z.string().check(z.regex(/^[A-Za-z]{3}$/, 'The currency must be a three-letter code.')),
  interval: PriceInterval,
  interval_count: z._default(z.number().check(z.int(), z.gte(1), z.lte(12)), 1),
});

const ProductInput = z.object({
  name: requiredString('name').check(z.maxLength(100, 'The name must not be greater than 100 characters.')),
  description: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
  hidden: z._default(z.boolean(), false),
  free: z._default(z.boolean(), false),
  recommended: z._default(z.boolean(), false),
  feature_list: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(30)),
    [],
  ),
  permissions: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(150))).check(z.maxLength(50)),
    [],
  ),
  prices: z._default(z.array(PriceInput).check(z.maxLength(10)), []),
});

/** `GET billing/admin/products`: every plan, hidden ones too. */
export const adminProducts = route({
  method: 'GET',
  path: 'billing/admin/products',
  tag: 'billing',
  summary: 'List every plan',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  response: z.object({ products: z.array(Product) }),
});

/** `POST billing/admin/products`: a new plan, synced to the provider when it is paid. */
export const adminCreateProduct = route({
  method: 'POST',
  path: 'billing/admin/products',
  tag: 'billing',
  summary: 'Create a plan',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  body: ProductInput,
  response: z.object({ product: Product }),
  token: false,
});

/** `PUT billing/admin/products/{id}`: edits a plan; prices left out are removed unless someone subscribes to them. */
export const adminUpdateProduct = route({
  method: 'PUT',
  path: 'billing/admin/products/{id}',
  tag: 'billing',
  summary: 'Update a plan',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  params: z.object({ id: idParam() }),
  body: ProductInput,
  response: z.object({ product: Product }),
  errors: [404, 409],
  token: false,
});

/**
 * `POST billing/admin/products/reorder`: every plan's id, each once, in the new order (drag to reorder); the
 * pricing page lists them in that order. Any other list of ids (one left out, unknown or repeated) is 422.
 */
export const adminReorderProducts = route({
  method: 'POST',
  path: 'billing/admin/products/reorder',
  tag: 'billing',
  summary: 'Reorder the plans',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  body: z.object({ ids: z.array(idField('ids')).check(z.minLength(1), z.maxLength(100)) }),
  response: z.object({ products: z.array(Product) }),
  token: false,
});

/** `DELETE billing/admin/products/{id}`: removes a plan nobody has subscribed to (409 otherwise: hide it). */
export const adminDeleteProduct = route({
  method: 'DELETE',
  path: 'billing/admin/products/{id}',
  tag: 'billing',
  summary: 'Delete a plan',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  params: z.object({ id: idParam() }),
  response: z.object({}),
  errors: [404, 409],
  token: false,
});

/**
 * `POST billing/admin/subscriptions/{id}/refund`: gives the subscription's last payment back through the provider,
 * in full, and ends the subscription now. 409 when it has ended already, has no paid payment, or the provider
 * cannot refund; 502 when the provider refuses (nothing changed then).
 */
export const adminRefundSubscription = route({
  method: 'POST',
  path: 'billing/admin/subscriptions/{id}/refund',
  tag: 'billing',
  summary: 'Refund the last payment and end the subscription now',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  params: z.object({ id: idParam() }),
  response: z.object({
    subscription: Subscription,
    refund: z.object({ amount: z.number(), currency: z.string() }),
  }),
  errors: [404, 409, 502],
  token: false,
});

/** `POST billing/admin/subscriptions/{id}/cancel`: ends a subscription now at the provider (with a refund, say). */
export const adminCancelSubscription = route({
  method: 'POST',
  path: 'billing/admin/subscriptions/{id}/cancel',
  tag: 'billing',
  summary: 'End a subscription now',
  auth: true,
  permission: BILLING_MANAGE_PERMISSION,
  params: z.object({ id: idParam() }),
  response: z.object({ subscription: Subscription }),
  errors: [404, 409],
  token: false,
});

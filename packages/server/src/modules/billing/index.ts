import { billing } from '@backline/core/contract';
import type { Context, Middleware } from 'koa';
import { HttpError } from '../../http/errors';
import { listPage } from '../../http/list-endpoint';
import { routeUrl } from '../../http/routes';
import { siteUrl } from '../../http/site-url';
import { defineModule, type Kit } from '../../kit';
import { ensurePermission } from '../permissions/permissions';
import { adminRoutes } from './admin-routes';
import { billingMigrations } from './migrations';
import { type BillingProvider, InvalidSignature, type ProviderSubscription } from './provider';
import {
  currentSubscription,
  isValid,
  loadProducts,
  type PriceRow,
  type ProductRow,
  type SubscriptionRow,
  serializeInvoice,
  serializePrice,
  serializeSubscription,
  upsertInvoice,
  upsertSubscription,
  userSubscriptions,
} from './store';
import { stripeApiFromEnv, stripeOptionsFromEnv, stripeProvider } from './stripe-provider';

export type { BillingProvider, ProviderEvent, ProviderInvoice, ProviderSubscription } from './provider';
export { InvalidSignature } from './provider';
export {
  type StripeProviderOptions,
  stripeApiFromEnv,
  stripeOptionsFromEnv,
  stripeProvider,
} from './stripe-provider';

/** A plan the module creates on first start when the site has none (demo plans, a product's defaults). */
export interface PlanSeed {
  name: string;
  description?: string;
  free?: boolean;
  recommended?: boolean;
  hidden?: boolean;
  feature_list?: string[];
  /** Permissions a valid subscription adds (created when missing). */
  permissions?: string[];
  prices?: { amount: number; currency: string; interval: PriceRow['interval']; interval_count?: number }[];
}

export interface BillingModuleOptions {
  /**
   * The payment provider. By default Stripe when `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are set, else
   * none: plans still list and the free plan works, and a paid checkout answers that payments are not configured.
   */
  provider?: BillingProvider | null;
  /** Plans created on first start while the products table is empty. */
  plans?: PlanSeed[];
}

const NOT_FOUND = 'Not found.';
const NO_SUBSCRIPTION = 'You have no active subscription.';
const ALREADY_SUBSCRIBED = 'You already have a subscription. Change your plan instead.';
const CHECKOUT_PAID = 'Your last checkout has just been paid. Your subscription will show in a moment.';
const WEBHOOK_LIMIT = 1024 * 1024;

const enabled = (kit: Kit) => kit.settings.get<boolean>(billing.BILLING_ENABLE_SETTING, false);

/** `/pricing`, `checkout/*` and `billing/*` do not exist while billing is off: 404, like any unknown path. */
async function requireEnabled(kit: Kit) {
  if (!(await enabled(kit))) throw new HttpError(404, NOT_FOUND);
}

function requireProvider(provider: BillingProvider | null): BillingProvider {
  if (!provider) throw new HttpError(409, billing.PAYMENTS_NOT_CONFIGURED);
  return provider;
}

/** The payment provider for this request: null while none is configured. */
export type ProviderResolver = (kit: Kit) => Promise<BillingProvider | null>;

/**
 * Without a provider given in code, Stripe with the keys saved in the admin settings (write-only secrets), else
 * the ones from `STRIPE_SECRET_KEY`/`STRIPE_WEBHOOK_SECRET`. Read on each request, so keys saved in the admin area
 * apply at once; the SDK client is rebuilt only when the keys change.
 */
function providerResolver(given: BillingProvider | null | undefined): ProviderResolver {
  if (given !== undefined) return async () => given;
  const env = stripeOptionsFromEnv();
  const api = stripeApiFromEnv();
  let cached: { id: string; provider: BillingProvider } | null = null;
  return async (kit) => {
    const secretKey = (await kit.settings.get<string>(billing.STRIPE_SECRET_KEY_SETTING, ''))?.trim();
    const webhookSecret = (await kit.settings.get<string>(billing.STRIPE_WEBHOOK_SECRET_SETTING, ''))?.trim();
    // Both saved keys, or neither: half a pair from the settings never mixes with the env's other half.
    const options = secretKey && webhookSecret ? { ...api, secretKey, webhookSecret } : env;
    if (!options) return null;
    const id = `${options.secretKey}\n${options.webhookSecret}`;
    if (cached?.id !== id) cached = { id, provider: stripeProvider(options) };
    return cached.provider;
  };
}

async function readRawBody(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > WEBHOOK_LIMIT) throw new HttpError(413, 'The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A paid plan's product and price, by the ids in the request; 404 when they do not belong together. */
async function findPlan(kit: Kit, productId: number, priceId: number) {
  const product: ProductRow | undefined = await kit.knex('billing_products').where({ id: productId }).first();
  const price: PriceRow | undefined = await kit
    .knex('billing_prices')
    .where({ id: priceId, product_id: productId })
    .first();
  if (!product || !price) throw new HttpError(404, NOT_FOUND);
  return { product, price };
}

/** The provider's id of a price, creating the plan at the provider the first time it is sold. */
async function providerPriceId(kit: Kit, provider: BillingProvider, product: ProductRow, price: PriceRow) {
  if (price.provider_id && product.provider_id) return price.provider_id;
  const ids = await provider.syncPlan({
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      providerId: product.provider_id,
    },
    price: { ...price, providerId: price.provider_id },
  });
  await kit.knex('billing_products').where({ id: product.id }).update({ provider_id: ids.productId });
  await kit.knex('billing_prices').where({ id: price.id }).update({ provider_id: ids.priceId });
  return ids.priceId;
}

async function customerId(kit: Kit, provider: BillingProvider, user: { id: number; email: string }) {
  const known = await kit
    .knex('billing_customers')
    .where({ user_id: user.id, provider: provider.name })
    .first();
  if (known) return known.customer_id as string;
  const id = await provider.ensureCustomer({ ...user, customerId: null });
  await kit
    .knex('billing_customers')
    .insert({ user_id: user.id, provider: provider.name, customer_id: id })
    .onConflict(['user_id', 'provider'])
    .ignore();
  return id;
}

/** The caller's valid subscription at the provider, or 409. */
async function validSubscription(ctx: Context, kit: Kit, provider: BillingProvider) {
  const row = await currentSubscription(kit.knex, ctx.state.user!.id, kit.now());
  if (!row || !isValid(row, kit.now()) || row.provider !== provider.name)
    throw new HttpError(409, NO_SUBSCRIPTION);
  return row;
}

async function writeState(kit: Kit, provider: BillingProvider, state: ProviderSubscription, readAt: number) {
  const row = await kit.knex.transaction((trx) => upsertSubscription(trx, provider.name, state, readAt));
  if (!row) throw new HttpError(409, NO_SUBSCRIPTION);
  return serializeSubscription(row, kit.now());
}

/**
 * Handles `POST billing/webhooks/{provider}` before the session and XSRF layers: the provider signs the raw body,
 * which must be read before any parser, and sends no cookie. The signature is the authentication.
 *
 * Each event is handled by re-reading the subscription (or invoice) it names from the provider, then writing
 * that state and the event id in one transaction. A replayed event finds its id and changes nothing; an event
 * delivered late writes the state as it is now, never the stale state it carried.
 */
function webhookMiddleware(kit: Kit, resolve: ProviderResolver): Middleware {
  const prefix = routeUrl('billing/webhooks/');
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.path.startsWith(prefix)) return next();
    const name = ctx.path.slice(prefix.length);
    const provider = await resolve(kit);
    if (!provider || name !== provider.name || !(await enabled(kit))) throw new HttpError(404, NOT_FOUND);
    const raw = await readRawBody(ctx);
    let event: ReturnType<BillingProvider['parseWebhook']>;
    try {
      event = provider.parseWebhook(raw, ctx.headers);
    } catch (error) {
      if (error instanceof InvalidSignature) throw new HttpError(400, 'The webhook signature is not valid.');
      throw error;
    }
    const readAt = Date.now();
    const state = event.subscriptionId ? await provider.getSubscription(event.subscriptionId) : null;
    const invoice = event.invoiceId ? await provider.getInvoice(event.invoiceId) : null;
    const now = kit.now();
    const toCancel: string[] = [];
    await kit.knex.transaction(async (trx) => {
      const fresh = await trx('billing_webhook_events')
        .insert({ provider: provider.name, event_id: event.id, type: event.type, received_at: now })
        .onConflict(['provider', 'event_id'])
        .ignore()
        .returning('id');
      if (!fresh.length) return;
      const row = state ? await upsertSubscription(trx, provider.name, state, readAt) : null;
      if (invoice) {
        await upsertInvoice(trx, provider.name, invoice);
        // The provider gave up collecting: the plan ends now, not when the provider next reports the subscription.
        if (row && invoice.finalAttemptFailed && !row.revoked_at)
          await trx('billing_subscriptions').where({ id: row.id }).update({ revoked_at: now });
        // A paid invoice after a revocation restores the plan (the customer paid the overdue amount).
        if (row?.revoked_at && invoice.paidAt && invoice.paidAt > new Date(row.revoked_at))
          await trx('billing_subscriptions').where({ id: row.id }).update({ revoked_at: null });
      }
      if (event.refunded && event.customerId) {
        const rows: SubscriptionRow[] = await trx('billing_subscriptions').where({
          provider: provider.name,
          provider_customer_id: event.customerId,
        });
        for (const refunded of rows.filter((r) => isValid(r, now))) {
          await trx('billing_subscriptions').where({ id: refunded.id }).update({ revoked_at: now });
          toCancel.push(refunded.provider_id);
        }
      }
    });
    // Money went back: stop billing too. After the commit, so a provider hiccup cannot undo the revocation.
    for (const id of toCancel)
      await provider
        .cancelNow(id)
        .catch((error) => kit.log.error(`billing: cancel ${id} after refund`, error));
    ctx.status = 200;
    ctx.body = { received: true };
  };
}

async function seedPlans(kit: Kit, plans: PlanSeed[]) {
  const any = await kit.knex('billing_products').first('id');
  if (any) return;
  await kit.knex.transaction(async (trx) => {
    for (const [position, plan] of plans.entries()) {
      const [product] = await trx('billing_products')
        .insert({
          name: plan.name,
          description: plan.description ?? null,
          free: plan.free ?? false,
          recommended: plan.recommended ?? false,
          hidden: plan.hidden ?? false,
          feature_list: JSON.stringify(plan.feature_list ?? []),
          position,
        })
        .returning('id');
      for (const name of plan.permissions ?? []) {
        const permissionId = await ensurePermission(trx, name);
        await trx('billing_product_permissions').insert({
          product_id: product.id,
          permission_id: permissionId,
        });
      }
      for (const price of plan.prices ?? [])
        await trx('billing_prices').insert({
          product_id: product.id,
          amount: price.amount,
          currency: price.currency.toLowerCase(),
          interval: price.interval,
          interval_count: price.interval_count ?? 1,
        });
    }
  });
}

/** A subscription row joined with its subscriber's email and name, for the admin list. */
type AdminSubscriptionRow = SubscriptionRow & {
  user_email: string;
  user_first_name: string | null;
  user_last_name: string | null;
};

/**
 * Plans, prices and subscriptions, sold through a payment provider (Stripe by default). A valid subscription
 * adds its plan's permissions to the user's own (`backline_user_access`); the user carries `subscriptions`, each
 * with a `valid` flag. Everything answers 404 while the public setting `billing.enable` is off. Install after
 * `permissions`.
 */
export const billingModule = (options: BillingModuleOptions = {}) => {
  const resolve = providerResolver(options.provider);
  return defineModule({
    id: 'billing',
    migrations: billingMigrations,
    settings: { [billing.BILLING_ENABLE_SETTING]: { value: false, public: true } },
    permissions: [{ name: billing.BILLING_MANAGE_PERMISSION, description: 'Manage plans and subscriptions' }],
    session: (kit) => webhookMiddleware(kit, resolve),
    user: {
      serialize: async (kit, user) => ({
        subscriptions: (await userSubscriptions(kit.knex, user.id)).map((row) =>
          serializeSubscription(row, kit.now()),
        ),
      }),
    },
    routes(router) {
      router.document(billing.webhook);
      router.route(billing.products).handle(async ({ kit }) => {
        await requireEnabled(kit);
        return { products: await loadProducts(kit.knex), payments_configured: (await resolve(kit)) !== null };
      });
      router.route(billing.me).handle(async ({ ctx, kit }) => {
        await requireEnabled(kit);
        const row = await currentSubscription(kit.knex, ctx.state.user!.id, kit.now());
        const invoices = await kit
          .knex('billing_invoices')
          .where({ user_id: ctx.state.user!.id })
          .orderBy('id', 'desc')
          .limit(50);
        if (!row) return { subscription: null, invoices: invoices.map(serializeInvoice) };
        const [product] = await loadProducts(kit.knex, { includeHidden: true, ids: [row.product_id] });
        const price: PriceRow | undefined = row.price_id
          ? await kit.knex('billing_prices').where({ id: row.price_id }).first()
          : undefined;
        return {
          subscription: {
            ...serializeSubscription(row, kit.now()),
            product,
            price: price ? serializePrice(price) : null,
          },
          invoices: invoices.map(serializeInvoice),
        };
      });
      router.route(billing.checkout).handle(async ({ body, ctx, kit }) => {
        await requireEnabled(kit);
        const { product, price } = await findPlan(kit, body.productId, body.priceId);
        if (product.free) throw new HttpError(409, 'The free plan needs no checkout.');
        const payments = requireProvider(await resolve(kit));
        const user = ctx.state.user!;
        const priceId = await providerPriceId(kit, payments, product, price);
        const customer = await customerId(kit, payments, user);
        const back = `/checkout/${product.id}/${price.id}`;
        // One checkout at a time per user: the user's row stays locked while the previous open checkout is closed
        // at the provider and the new one is opened, so a second request (another tab, a double click) waits,
        // then closes this one. Only the newest checkout can be paid: never two valid subscriptions.
        return kit.knex.transaction(async (trx) => {
          await trx('users').where({ id: user.id }).forUpdate().first('id');
          const current = await currentSubscription(trx, user.id, kit.now());
          if (current && isValid(current, kit.now())) throw new HttpError(409, ALREADY_SUBSCRIBED);
          const open = await trx('billing_checkouts').where({ user_id: user.id }).first();
          if (open && open.provider === payments.name && !(await payments.expireCheckout(open.session_id)))
            // The previous checkout was paid a moment ago: its subscription is on its way through the webhook.
            throw new HttpError(409, CHECKOUT_PAID);
          const started = await payments.createCheckout({
            customerId: customer,
            priceId,
            successUrl: siteUrl(ctx, kit, `${back}/done`),
            cancelUrl: siteUrl(ctx, kit, `${back}/cancelled`),
            metadata: {
              user_id: String(user.id),
              product_id: String(product.id),
              price_id: String(price.id),
            },
          });
          await trx('billing_checkouts')
            .insert({
              user_id: user.id,
              provider: payments.name,
              session_id: started.id,
              created_at: kit.now(),
            })
            .onConflict('user_id')
            .merge();
          return { url: started.url };
        });
      });
      router.route(billing.changePlanPreview).handle(async ({ body, ctx, kit }) => {
        await requireEnabled(kit);
        const payments = requireProvider(await resolve(kit));
        const { product, price } = await findPlan(kit, body.productId, body.priceId);
        const row = await validSubscription(ctx, kit, payments);
        if (row.price_id === price.id) throw new HttpError(409, 'You are already on this plan.');
        const state = await payments.getSubscription(row.provider_id);
        const preview = await payments.previewChange(
          state,
          await providerPriceId(kit, payments, product, price),
        );
        return {
          amount_due: preview.amountDue,
          currency: preview.currency,
          next_payment_at: row.current_period_end,
        };
      });
      router.route(billing.changePlan).handle(async ({ body, ctx, kit }) => {
        await requireEnabled(kit);
        const payments = requireProvider(await resolve(kit));
        const { product, price } = await findPlan(kit, body.productId, body.priceId);
        if (product.free) throw new HttpError(409, 'Cancel your subscription to move to the free plan.');
        const row = await validSubscription(ctx, kit, payments);
        if (row.price_id === price.id) throw new HttpError(409, 'You are already on this plan.');
        const state = await payments.getSubscription(row.provider_id);
        const readAt = Date.now();
        const changed = await payments.changePrice(
          state,
          await providerPriceId(kit, payments, product, price),
        );
        return { subscription: await writeState(kit, payments, changed, readAt) };
      });
      router.route(billing.cancel).handle(async ({ ctx, kit }) => {
        await requireEnabled(kit);
        const payments = requireProvider(await resolve(kit));
        const row = await validSubscription(ctx, kit, payments);
        const readAt = Date.now();
        const state = await payments.setCancelAtPeriodEnd(row.provider_id, true);
        return { subscription: await writeState(kit, payments, state, readAt) };
      });
      router.route(billing.resume).handle(async ({ ctx, kit }) => {
        await requireEnabled(kit);
        const payments = requireProvider(await resolve(kit));
        const row = await validSubscription(ctx, kit, payments);
        if (!row.cancel_at_period_end) throw new HttpError(409, 'The subscription is not cancelled.');
        const readAt = Date.now();
        const state = await payments.setCancelAtPeriodEnd(row.provider_id, false);
        return { subscription: await writeState(kit, payments, state, readAt) };
      });
      router.route(billing.portal).handle(async ({ ctx, kit }) => {
        await requireEnabled(kit);
        const payments = requireProvider(await resolve(kit));
        const known = await kit
          .knex('billing_customers')
          .where({ user_id: ctx.state.user!.id, provider: payments.name })
          .first();
        if (!known) throw new HttpError(409, NO_SUBSCRIPTION);
        return payments.createPortal({
          customerId: known.customer_id,
          returnUrl: siteUrl(ctx, kit, '/billing'),
        });
      });
      adminRoutes(router, resolve);
      router.route(billing.adminSubscriptions).handle(async ({ query, kit }) => {
        const now = kit.now();
        return listPage({
          base: kit
            .knex('billing_subscriptions')
            .join('users', 'users.id', 'billing_subscriptions.user_id')
            .select(
              'billing_subscriptions.*',
              'users.email as user_email',
              'users.first_name as user_first_name',
              'users.last_name as user_last_name',
            ),
          input: query,
          orderBy: {
            id: 'billing_subscriptions.id',
            status: 'billing_subscriptions.status',
            current_period_end: 'billing_subscriptions.current_period_end',
          },
          defaultOrder: ['billing_subscriptions.id', 'desc'],
          idColumn: 'billing_subscriptions.id',
          search: ['users.email', 'users.first_name', 'users.last_name'],
          filters: {
            // The status the list shows: a subscription revoked here reads "canceled" whatever the provider said.
            status: (q, status) => {
              if (status === 'canceled')
                q.where((w) =>
                  w
                    .where('billing_subscriptions.status', 'canceled')
                    .orWhereNotNull('billing_subscriptions.revoked_at'),
                );
              else
                q.where('billing_subscriptions.status', status).whereNull('billing_subscriptions.revoked_at');
            },
            product_id: (q, id) => q.where('billing_subscriptions.product_id', id),
          },
          serialize: (rows) =>
            (rows as unknown as AdminSubscriptionRow[]).map((row) => ({
              ...serializeSubscription(row, now),
              user_id: row.user_id,
              user: {
                id: row.user_id,
                email: row.user_email,
                name: [row.user_first_name, row.user_last_name].filter(Boolean).join(' ') || row.user_email,
              },
            })),
        });
      });
    },
    async start(kit) {
      await ensurePermission(kit.knex, billing.BILLING_MANAGE_PERMISSION, 'Manage plans and subscriptions');
      if (options.plans?.length) await seedPlans(kit, options.plans);
    },
  });
};

import { billing, type Serializable } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { ProviderInvoice, ProviderSubscription } from './provider';

type WireInvoice = billing.Invoice;
type WirePrice = billing.Price;
type WireProduct = billing.Product;
type WireSubscription = billing.Subscription;

export interface ProductRow {
  id: number;
  name: string;
  description: string | null;
  hidden: boolean;
  free: boolean;
  recommended: boolean;
  feature_list: unknown;
  position: number;
  provider_id: string | null;
}
export interface PriceRow {
  id: number;
  product_id: number;
  amount: number;
  currency: string;
  interval: WirePrice['interval'];
  interval_count: number;
  provider_id: string | null;
}
export interface SubscriptionRow {
  id: number;
  user_id: number;
  product_id: number;
  price_id: number | null;
  status: string;
  provider: string;
  provider_id: string;
  provider_customer_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  trial_ends_at: Date | null;
  ends_at: Date | null;
  revoked_at: Date | null;
}

const list = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export const serializePrice = (row: PriceRow): WirePrice => ({
  id: row.id,
  product_id: row.product_id,
  amount: row.amount,
  currency: row.currency,
  interval: row.interval,
  interval_count: row.interval_count,
});

/** Products with their prices and granted permissions, in the pricing page's order. */
export async function loadProducts(
  knex: Knex,
  filter: { includeHidden?: boolean; ids?: number[] } = {},
): Promise<WireProduct[]> {
  let query = knex<ProductRow>('billing_products').orderBy([{ column: 'position' }, { column: 'id' }]);
  if (!filter.includeHidden) query = query.where({ hidden: false });
  if (filter.ids) query = query.whereIn('id', filter.ids);
  const products: ProductRow[] = await query;
  const ids = products.map((p) => p.id);
  const prices: PriceRow[] = ids.length
    ? await knex('billing_prices').whereIn('product_id', ids).orderBy(['amount', 'id'])
    : [];
  const grants: { product_id: number; name: string }[] = ids.length
    ? await knex('billing_product_permissions as pp')
        .join('permissions as p', 'p.id', 'pp.permission_id')
        .whereIn('pp.product_id', ids)
        .orderBy('p.name')
        .select('pp.product_id', 'p.name')
    : [];
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    hidden: p.hidden,
    free: p.free,
    recommended: p.recommended,
    feature_list: list(p.feature_list),
    position: p.position,
    permissions: grants.filter((g) => g.product_id === p.id).map((g) => g.name),
    prices: prices.filter((price) => price.product_id === p.id).map(serializePrice),
  }));
}

/** Whether a subscription grants its plan now: the same rule `backline_user_access` applies in SQL. */
export function isValid(row: SubscriptionRow, now: Date): boolean {
  return (
    !row.revoked_at &&
    (billing.VALID_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status) &&
    (!row.ends_at || new Date(row.ends_at) > now)
  );
}

export const serializeSubscription = (row: SubscriptionRow, now: Date): Serializable<WireSubscription> => ({
  id: row.id,
  product_id: row.product_id,
  price_id: row.price_id,
  status: row.revoked_at ? 'canceled' : row.status,
  valid: isValid(row, now),
  cancel_at_period_end: row.cancel_at_period_end,
  current_period_end: row.current_period_end,
  trial_ends_at: row.trial_ends_at,
  ends_at: row.ends_at ?? row.revoked_at,
  provider: row.provider,
});

export const serializeInvoice = (row: {
  id: number;
  status: string;
  amount: number;
  currency: string;
  url: string | null;
  paid_at: Date | null;
  created_at: Date;
}): Serializable<WireInvoice> => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  url: row.url,
  paid_at: row.paid_at,
  created_at: row.created_at,
});

/** The user's subscriptions, newest first. */
export async function userSubscriptions(knex: Knex, userId: number): Promise<SubscriptionRow[]> {
  return knex('billing_subscriptions').where({ user_id: userId }).orderBy('id', 'desc');
}

/** The subscription that matters for the billing page: the valid one, else the newest. */
export async function currentSubscription(knex: Knex, userId: number, now: Date) {
  const rows = await userSubscriptions(knex, userId);
  return rows.find((row) => isValid(row, now)) ?? rows[0] ?? null;
}

/**
 * Writes the provider's current state of a subscription. `syncedAt` is when that state was read: a state read
 * earlier than the one stored (two webhooks racing) is dropped, so the newest read always wins.
 */
export async function upsertSubscription(
  trx: Knex,
  provider: string,
  state: ProviderSubscription,
  syncedAt: number,
): Promise<SubscriptionRow | null> {
  const existing: (SubscriptionRow & { synced_at: string | number }) | undefined = await trx(
    'billing_subscriptions',
  )
    .where({ provider, provider_id: state.id })
    .forUpdate()
    .first();
  const price: PriceRow | undefined = state.priceId
    ? await trx('billing_prices').where({ provider_id: state.priceId }).first()
    : undefined;
  let userId = existing?.user_id ?? (Number(state.metadata.user_id) || null);
  if (!userId && state.customerId) {
    const customer = await trx('billing_customers')
      .where({ provider, customer_id: state.customerId })
      .first();
    userId = customer?.user_id ?? null;
  }
  const productId = price?.product_id ?? existing?.product_id;
  // A subscription to a price this site does not sell, or of a customer it does not know, is not ours.
  if (!userId || !productId) return null;
  const fields = {
    product_id: productId,
    price_id: price?.id ?? existing?.price_id ?? null,
    status: state.status,
    provider_customer_id: state.customerId || null,
    current_period_end: state.currentPeriodEnd,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    trial_ends_at: state.trialEnd,
    // A cancel at period end ends access when the paid period does, even if the provider's final event is late.
    ends_at: state.endedAt ?? (state.cancelAtPeriodEnd ? state.currentPeriodEnd : null),
    synced_at: syncedAt,
    updated_at: new Date(),
  };
  if (existing) {
    if (Number(existing.synced_at) > syncedAt) return existing;
    const [row] = await trx('billing_subscriptions').where({ id: existing.id }).update(fields).returning('*');
    return row as SubscriptionRow;
  }
  const [row] = await trx('billing_subscriptions')
    .insert({ ...fields, user_id: userId, provider, provider_id: state.id })
    .returning('*');
  return row as SubscriptionRow;
}

/** Writes an invoice the provider reported, for the user who owns its subscription or customer. */
export async function upsertInvoice(trx: Knex, provider: string, invoice: ProviderInvoice): Promise<void> {
  const subscription: SubscriptionRow | undefined = invoice.subscriptionId
    ? await trx('billing_subscriptions').where({ provider, provider_id: invoice.subscriptionId }).first()
    : undefined;
  let userId = subscription?.user_id ?? null;
  if (!userId && invoice.customerId)
    userId =
      (await trx('billing_customers').where({ provider, customer_id: invoice.customerId }).first())
        ?.user_id ?? null;
  if (!userId) return;
  const fields = {
    user_id: userId,
    subscription_id: subscription?.id ?? null,
    status: invoice.status,
    amount: invoice.amount,
    currency: invoice.currency,
    url: invoice.url,
    paid_at: invoice.paidAt,
    updated_at: new Date(),
  };
  await trx('billing_invoices')
    .insert({ ...fields, provider, provider_id: invoice.id })
    .onConflict(['provider', 'provider_id'])
    .merge(fields);
}

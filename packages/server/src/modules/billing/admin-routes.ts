import { billing } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import type { BacklineRouter } from '../../http/routes';
import type { Kit } from '../../kit';
import { recordAudit } from '../admin/audit-log';
import { ensurePermission } from '../permissions/permissions';
import type { ProviderResolver } from './index';
import type { BillingProvider } from './provider';
import {
  isValid,
  loadProducts,
  type PriceRow,
  type ProductRow,
  type SubscriptionRow,
  serializeSubscription,
} from './store';

const NOT_FOUND = 'Not found.';
const REORDER_MISMATCH = 'List every plan once. Reload the page if plans were added or removed meanwhile.';

/** Writes a plan's fields, permissions and prices inside `trx`; a price in use is never deleted or changed. */
async function writeProduct(
  trx: Knex.Transaction,
  productId: number | null,
  input: {
    name: string;
    description?: string | null;
    hidden: boolean;
    free: boolean;
    recommended: boolean;
    feature_list: string[];
    permissions: string[];
    prices: {
      id?: number;
      amount: number;
      currency: string;
      interval: PriceRow['interval'];
      interval_count: number;
    }[];
  },
): Promise<number> {
  const fields = {
    name: input.name.trim(),
    description: input.description?.trim() || null,
    hidden: input.hidden,
    free: input.free,
    recommended: input.recommended,
    feature_list: JSON.stringify(input.feature_list),
    updated_at: new Date(),
  };
  let id = productId;
  if (id === null) {
    const last = await trx('billing_products').max('position as position').first();
    const [row] = await trx('billing_products')
      .insert({ ...fields, position: Number(last?.position ?? -1) + 1 })
      .returning('id');
    id = row.id as number;
  } else {
    await trx('billing_products').where({ id }).update(fields);
  }
  // One recommended plan: the pricing page makes one card larger.
  if (input.recommended) await trx('billing_products').whereNot({ id }).update({ recommended: false });

  await trx('billing_product_permissions').where({ product_id: id }).delete();
  for (const name of new Set(input.permissions))
    await trx('billing_product_permissions').insert({
      product_id: id,
      permission_id: await ensurePermission(trx, name),
    });

  const existing: PriceRow[] = await trx('billing_prices').where({ product_id: id });
  const kept = new Set(input.prices.flatMap((price) => (price.id ? [price.id] : [])));
  for (const price of input.prices) {
    if (price.id) {
      const found = existing.find((row) => row.id === price.id);
      if (!found) throw new HttpError(422, 'The given data was invalid.', { prices: ['Unknown price.'] });
      if (
        found.amount !== price.amount ||
        found.currency !== price.currency.toLowerCase() ||
        found.interval !== price.interval ||
        found.interval_count !== price.interval_count
      )
        throw new HttpError(422, 'The given data was invalid.', {
          prices: ['A price cannot change once created. Add a new price instead.'],
        });
      continue;
    }
    await trx('billing_prices').insert({
      product_id: id,
      amount: price.amount,
      currency: price.currency.toLowerCase(),
      interval: price.interval,
      interval_count: price.interval_count,
    });
  }
  for (const row of existing.filter((price) => !kept.has(price.id))) {
    const used = await trx('billing_subscriptions').where({ price_id: row.id }).first('id');
    if (used) throw new HttpError(409, 'A price with subscribers cannot be removed. Hide the plan instead.');
    await trx('billing_prices').where({ id: row.id }).delete();
  }
  return id;
}

/** Creates or updates a paid plan's product and prices at the provider, so checkout never waits on it. */
async function syncToProvider(kit: Kit, provider: BillingProvider | null, productId: number) {
  if (!provider) return;
  const product: ProductRow = await kit.knex('billing_products').where({ id: productId }).first();
  if (product.free) return;
  const prices: PriceRow[] = await kit.knex('billing_prices').where({ product_id: productId });
  let providerProductId = product.provider_id;
  try {
    for (const price of prices.length ? prices : []) {
      const ids = await provider.syncPlan({
        product: {
          id: product.id,
          name: product.name,
          description: product.description,
          providerId: providerProductId,
        },
        price: { ...price, providerId: price.provider_id },
      });
      providerProductId = ids.productId;
      await kit.knex('billing_prices').where({ id: price.id }).update({ provider_id: ids.priceId });
    }
    if (providerProductId)
      await kit.knex('billing_products').where({ id: productId }).update({ provider_id: providerProductId });
  } catch (error) {
    // Saved here already; checkout syncs again when it first sells the plan.
    kit.log.error(`billing: syncing plan ${productId} to ${provider.name}`, error);
  }
}

/** A plan as the audit log records it: its fields, the permissions it grants and its prices. */
async function auditedProduct(trx: Knex.Transaction, id: number): Promise<Record<string, unknown> | null> {
  const [product] = await loadProducts(trx, { includeHidden: true, ids: [id] });
  if (!product) return null;
  return {
    name: product.name,
    description: product.description,
    hidden: product.hidden,
    free: product.free,
    recommended: product.recommended,
    feature_list: product.feature_list,
    permissions: product.permissions,
    prices: product.prices.map(({ id: priceId, amount, currency, interval, interval_count }) => ({
      id: priceId,
      amount,
      currency,
      interval,
      interval_count,
    })),
  };
}

/** Writes a plan's audit row inside the write's transaction (`product.create`, `.update`, `.delete`). */
async function auditProduct(
  trx: Knex.Transaction,
  ctx: Context,
  kit: Kit,
  action: 'create' | 'update' | 'delete',
  id: number,
  before: Record<string, unknown> | null,
) {
  await recordAudit(trx, ctx, kit, {
    action: `product.${action}`,
    target_type: 'product',
    target_id: id,
    before,
    after: action === 'delete' ? null : await auditedProduct(trx, id),
  });
}

const answerProduct = async (kit: Kit, id: number) => {
  const [product] = await loadProducts(kit.knex, { includeHidden: true, ids: [id] });
  return { product: product! };
};

/** The admin routes for plans and subscriptions (`billing.manage`). */
export function adminRoutes(router: BacklineRouter, resolve: ProviderResolver) {
  router.route(billing.adminProducts).handle(async ({ kit }) => ({
    products: await loadProducts(kit.knex, { includeHidden: true }),
  }));
  router.route(billing.adminCreateProduct).handle(async ({ body, ctx, kit }) => {
    const id = await kit.knex.transaction(async (trx) => {
      const created = await writeProduct(trx, null, body);
      await auditProduct(trx, ctx, kit, 'create', created, null);
      return created;
    });
    await syncToProvider(kit, await resolve(kit), id);
    return answerProduct(kit, id);
  });
  router.route(billing.adminUpdateProduct).handle(async ({ params, body, ctx, kit }) => {
    const id = await kit.knex.transaction(async (trx) => {
      const found = await trx('billing_products').where({ id: params.id }).forUpdate().first('id');
      if (!found) throw new HttpError(404, NOT_FOUND);
      const before = await auditedProduct(trx, params.id);
      await writeProduct(trx, params.id, body);
      await auditProduct(trx, ctx, kit, 'update', params.id, before);
      return params.id;
    });
    await syncToProvider(kit, await resolve(kit), id);
    return answerProduct(kit, id);
  });
  router.route(billing.adminReorderProducts).handle(async ({ body, ctx, kit }) => {
    await kit.knex.transaction(async (trx) => {
      // The rows stay locked until the commit, so two reorders (two admins, two tabs) apply one after the other.
      const before: { id: number }[] = await trx('billing_products')
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .forUpdate()
        .select('id');
      const known = new Set(before.map((row) => Number(row.id)));
      // The new order is the whole list: a plan left out (or one created since the admin loaded the page) would
      // keep a position that no longer means anything, so the admin reloads instead.
      if (
        body.ids.length !== known.size ||
        new Set(body.ids).size !== body.ids.length ||
        body.ids.some((id) => !known.has(id))
      )
        throw new ValidationError({ ids: [REORDER_MISMATCH] });
      for (const [position, id] of body.ids.entries())
        await trx('billing_products').where({ id }).update({ position });
      await recordAudit(trx, ctx, kit, {
        action: 'product.reorder',
        target_type: 'product',
        before: { order: before.map((row) => row.id) },
        after: { order: body.ids },
      });
    });
    return { products: await loadProducts(kit.knex, { includeHidden: true }) };
  });
  router.route(billing.adminDeleteProduct).handle(async ({ params, ctx, kit }) => {
    await kit.knex.transaction(async (trx) => {
      const found = await trx('billing_products').where({ id: params.id }).forUpdate().first('id');
      if (!found) throw new HttpError(404, NOT_FOUND);
      if (await trx('billing_subscriptions').where({ product_id: params.id }).first('id'))
        throw new HttpError(409, 'A plan with subscribers cannot be deleted. Hide it instead.');
      const before = await auditedProduct(trx, params.id);
      await trx('billing_products').where({ id: params.id }).delete();
      await auditProduct(trx, ctx, kit, 'delete', params.id, before);
    });
    return {};
  });
  /** A subscription an admin may end now: found, still valid, sold through the provider configured now. */
  async function endable(id: number, kit: Kit) {
    const row: SubscriptionRow | undefined = await kit.knex('billing_subscriptions').where({ id }).first();
    if (!row) throw new HttpError(404, NOT_FOUND);
    if (!isValid(row, kit.now())) throw new HttpError(409, 'The subscription has already ended.');
    const provider = await resolve(kit);
    if (!provider || provider.name !== row.provider)
      throw new HttpError(409, billing.PAYMENTS_NOT_CONFIGURED);
    return { row, provider };
  }

  /** Access ends now, whatever the provider's own events say later; one audit row in the same transaction. */
  function revoke(
    row: SubscriptionRow,
    ctx: Context,
    kit: Kit,
    action: 'subscription.cancel' | 'subscription.refund',
    refund?: { amount: number; currency: string },
  ) {
    return kit.knex.transaction(async (trx) => {
      const [changed] = await trx('billing_subscriptions')
        .where({ id: row.id })
        .update({ revoked_at: kit.now(), status: 'canceled', updated_at: new Date() })
        .returning('*');
      await recordAudit(trx, ctx, kit, {
        action,
        target_type: 'subscription',
        target_id: row.id,
        before: { status: row.status, revoked_at: row.revoked_at, ...(refund && { refunded: null }) },
        after: {
          status: changed.status,
          revoked_at: changed.revoked_at,
          ...(refund && { refunded: refund }),
        },
      });
      return serializeSubscription(changed as SubscriptionRow, kit.now());
    });
  }

  router.route(billing.adminCancelSubscription).handle(async ({ params, ctx, kit }) => {
    const { row, provider } = await endable(params.id, kit);
    await provider.cancelNow(row.provider_id);
    return { subscription: await revoke(row, ctx, kit, 'subscription.cancel') };
  });

  router.route(billing.adminRefundSubscription).handle(async ({ params, ctx, kit }) => {
    const { row, provider } = await endable(params.id, kit);
    if (!provider.refundLastPayment)
      throw new HttpError(409, 'This payment provider cannot refund from the admin area.');
    // The refund first: if the provider refuses, nothing has changed and the admin can try again. Once the money
    // went back, the provider's own refund webhook also ends the plan, should the cancel below fail.
    let refund: { amount: number; currency: string } | null;
    try {
      refund = await provider.refundLastPayment(row.provider_id);
    } catch (error) {
      kit.log.error(`billing: refunding subscription ${row.id} at ${provider.name}`, error);
      throw new HttpError(
        502,
        `The payment provider refused the refund: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!refund) throw new HttpError(409, 'The subscription has no paid payment to refund.');
    await provider.cancelNow(row.provider_id);
    return { subscription: await revoke(row, ctx, kit, 'subscription.refund', refund), refund };
  });
}

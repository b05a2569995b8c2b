import type { ModuleMigrations } from '../../db/migrations';
import { USER_ACCESS_FUNCTION } from '../permissions/permissions';

/**
 * `backline_user_access` with a third source of grants: the permissions of the plans the user holds a valid
 * subscription to. The rule for "valid" is the one `isValid` applies in `subscriptions.ts`: a granting status,
 * not past its end, not revoked (a refund or a failed final payment). Keeping it in the one function means the
 * route guard, login and bootstrap data all see a plan's permissions the moment the webhook commits, and lose
 * them the moment it ends.
 */
const USER_ACCESS_WITH_PLANS = USER_ACCESS_FUNCTION.replace(
  `        where ur.user_id = for_user
    ) as g`,
  `        where ur.user_id = for_user
      union all
      select pp.permission_id, '[]'::jsonb as restrictions, false as direct from billing_subscriptions as s
        join billing_product_permissions as pp on pp.product_id = s.product_id
        where s.user_id = for_user and s.revoked_at is null
          and s.status in ('active', 'trialing', 'past_due')
          and (s.ends_at is null or s.ends_at > now())
    ) as g`,
);
if (USER_ACCESS_WITH_PLANS === USER_ACCESS_FUNCTION)
  throw new Error('billing: backline_user_access changed shape; update the plan-permissions migration.');

export const billingMigrations: ModuleMigrations = {
  '001-billing-tables': {
    async up(knex) {
      await knex.schema.createTable('billing_products', (t) => {
        t.increments('id');
        t.string('name', 100).notNullable();
        t.text('description');
        t.boolean('hidden').notNullable().defaultTo(false);
        t.boolean('free').notNullable().defaultTo(false);
        t.boolean('recommended').notNullable().defaultTo(false);
        t.jsonb('feature_list').notNullable().defaultTo('[]');
        t.integer('position').notNullable().defaultTo(0);
        t.string('provider_id', 255);
        t.timestamps(true, true);
      });
      await knex.schema.createTable('billing_product_permissions', (t) => {
        t.integer('product_id').notNullable().references('billing_products.id').onDelete('CASCADE');
        t.integer('permission_id').notNullable().references('permissions.id').onDelete('CASCADE');
        t.primary(['product_id', 'permission_id']);
      });
      await knex.schema.createTable('billing_prices', (t) => {
        t.increments('id');
        t.integer('product_id').notNullable().references('billing_products.id').onDelete('CASCADE').index();
        t.integer('amount').notNullable();
        t.string('currency', 3).notNullable();
        t.string('interval', 10).notNullable();
        t.integer('interval_count').notNullable().defaultTo(1);
        t.string('provider_id', 255).unique();
        t.timestamps(true, true);
      });
      await knex.schema.createTable('billing_customers', (t) => {
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
        t.string('provider', 30).notNullable();
        t.string('customer_id', 255).notNullable();
        t.primary(['user_id', 'provider']);
        t.unique(['provider', 'customer_id']);
      });
      await knex.schema.createTable('billing_subscriptions', (t) => {
        t.increments('id');
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
        t.integer('product_id').notNullable().references('billing_products.id');
        t.integer('price_id').references('billing_prices.id');
        t.string('status', 30).notNullable();
        t.string('provider', 30).notNullable();
        t.string('provider_id', 255).notNullable();
        t.string('provider_customer_id', 255);
        t.timestamp('current_period_end', { useTz: true });
        t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
        t.timestamp('trial_ends_at', { useTz: true });
        t.timestamp('ends_at', { useTz: true });
        // Set by a refund or a failed final payment: the plan ends at once, whatever the provider says next.
        t.timestamp('revoked_at', { useTz: true });
        // When the provider state written here was read: an older read never overwrites a newer one.
        t.bigInteger('synced_at').notNullable().defaultTo(0);
        t.timestamps(true, true);
        t.unique(['provider', 'provider_id']);
      });
      await knex.schema.createTable('billing_invoices', (t) => {
        t.increments('id');
        t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
        t.integer('subscription_id').references('billing_subscriptions.id').onDelete('SET NULL');
        t.string('provider', 30).notNullable();
        t.string('provider_id', 255).notNullable();
        t.string('status', 30).notNullable();
        t.integer('amount').notNullable();
        t.string('currency', 3).notNullable();
        t.text('url');
        t.timestamp('paid_at', { useTz: true });
        t.timestamps(true, true);
        t.unique(['provider', 'provider_id']);
      });
      // Every webhook event handled, by its provider id: a replay finds its row and changes nothing.
      await knex.schema.createTable('billing_webhook_events', (t) => {
        t.increments('id');
        t.string('provider', 30).notNullable();
        t.string('event_id', 255).notNullable();
        t.string('type', 100).notNullable();
        t.timestamp('received_at', { useTz: true }).notNullable();
        t.unique(['provider', 'event_id']);
      });
    },
    async down(knex) {
      for (const table of [
        'billing_webhook_events',
        'billing_invoices',
        'billing_subscriptions',
        'billing_customers',
        'billing_prices',
        'billing_product_permissions',
        'billing_products',
      ])
        await knex.schema.dropTable(table);
    },
  },
  '002-plan-permissions': {
    async up(knex) {
      await knex.raw(USER_ACCESS_WITH_PLANS);
    },
    async down(knex) {
      await knex.raw(USER_ACCESS_FUNCTION);
    },
  },
  '003-open-checkouts': {
    async up(knex) {
      // The one open hosted checkout of each user: a new checkout closes the previous one at the provider, so two
      // tabs (or two racing requests) can never both be paid into two subscriptions.
      await knex.schema.createTable('billing_checkouts', (t) => {
        t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
        t.string('provider', 30).notNullable();
        t.string('session_id', 255).notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTable('billing_checkouts');
    },
  },
};

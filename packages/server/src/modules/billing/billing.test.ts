import { billing } from '@backline/core/contract';
import {
  currentUser,
  type HttpSession,
  type RunningServer,
  type StripeFake,
  signedInUser,
  startStripeFake,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../accounts';
import { adminSettingsModule } from '../admin-settings';
import { billingModule, type PlanSeed } from './index';
import { stripeProvider } from './stripe-provider';

const PASSWORD = 'ada-lovelace-1843';
const PERK = 'plan.download';

const PLANS: PlanSeed[] = [
  { name: 'Free', free: true, feature_list: ['Listen with ads'] },
  {
    name: 'Pro',
    description: 'For listeners',
    recommended: true,
    feature_list: ['No ads', 'Downloads'],
    permissions: [PERK],
    prices: [
      { amount: 999, currency: 'USD', interval: 'month' },
      { amount: 9990, currency: 'USD', interval: 'year' },
    ],
  },
  { name: 'Secret', hidden: true, prices: [{ amount: 100, currency: 'USD', interval: 'month' }] },
];

interface ProductAnswer {
  products: billing.Product[];
  payments_configured: boolean;
}

/** PUT and DELETE as the browser sends them: a POST with the method override header. */
const put = (http: HttpSession, path: string, json: unknown) =>
  http.post(path, json, { headers: { 'X-HTTP-Method-Override': 'PUT' } });
const remove = (http: HttpSession, path: string) =>
  http.post(path, undefined, { headers: { 'X-HTTP-Method-Override': 'DELETE' } });

const permissionNames = (user: Record<string, unknown> | null) =>
  ((user?.permissions as { name: string }[] | undefined) ?? []).map((p) => p.name);
const subscriptionsOf = (user: Record<string, unknown> | null) =>
  (user?.subscriptions as { valid: boolean; status: string; cancel_at_period_end: boolean }[] | undefined) ??
  [];

describe.each(testDatabases())('billing with Stripe on $name', (database) => {
  let server: RunningServer;
  let stripe: StripeFake;
  let counter = 0;

  beforeAll(async () => {
    stripe = await startStripeFake();
    server = await startTestServer(database, {
      modules: [
        accounts(),
        billingModule({
          plans: PLANS,
          provider: stripeProvider({
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            host: stripe.host,
            port: stripe.port,
            protocol: 'http',
          }),
        }),
      ],
    });
    await server.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, true);
    stripe.webhookUrl = `${server.url}/api/v1/billing/webhooks/stripe`;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const plans = async (http: HttpSession) =>
    (await http.get('/api/v1/billing/products')).data as ProductAnswer;

  /** A new user who has paid for Pro monthly through the hosted checkout. */
  async function subscriber() {
    const { http, user } = await signedInUser(server, {
      email: `listener${++counter}@example.com`,
      password: PASSWORD,
    });
    const { products } = await plans(http);
    const pro = products.find((p) => p.name === 'Pro')!;
    const monthly = pro.prices.find((p) => p.interval === 'month')!;
    const started = await http.post('/api/v1/billing/checkout', { productId: pro.id, priceId: monthly.id });
    expect(started.status).toBe(200);
    const { url } = started.data as { url: string };
    expect(url.startsWith(`${stripe.url}/pay/`)).toBe(true);
    const checkout = await stripe.completeCheckout(url.split('/').pop()!);
    return { http, user, pro, monthly, ...checkout };
  }

  /** A new Pro subscriber, an admin session beside them, and the subscription's row. */
  async function subscriberAndAdmin() {
    const paid = await subscriber();
    const { http: admin } = await signedInUser(server, {
      email: `boss${++counter}@example.com`,
      password: PASSWORD,
      roles: ['admin'],
    });
    const row = await server.app.kit
      .knex('billing_subscriptions')
      .where({ provider_id: paid.subscriptionId })
      .first();
    return { ...paid, admin, row };
  }

  const rows = (table: string) => server.app.kit.knex(table).orderBy('id');
  const audit = async (action: string) =>
    (await server.app.kit.knex('audit_logs').where({ action }).orderBy('id')).map(
      (row: { target_id: number | null; user_id: number | null; changes: unknown }) => ({
        ...row,
        changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Record<
          string,
          { before: unknown; after: unknown }
        >,
      }),
    );
  const auditCount = async () =>
    Number(((await server.app.kit.knex('audit_logs').count({ n: '*' }).first()) as { n: string }).n);

  it('lists the plans in order with their prices, without hidden plans', async () => {
    const answer = await plans(server.session());
    expect(answer.payments_configured).toBe(true);
    expect(answer.products.map((p) => p.name)).toEqual(['Free', 'Pro']);
    const pro = answer.products[1]!;
    expect(pro).toMatchObject({
      recommended: true,
      free: false,
      permissions: [PERK],
      feature_list: ['No ads', 'Downloads'],
    });
    expect(pro.prices.map((p) => [p.amount, p.currency, p.interval, p.interval_count])).toEqual([
      [999, 'usd', 'month', 1],
      [9990, 'usd', 'year', 1],
    ]);
  });

  it('makes the subscription valid when the checkout completes, and adds the plan permissions', async () => {
    const { http, events } = await subscriber();
    expect(events.map((e) => e.status)).toEqual([200, 200, 200]);
    const user = await currentUser(http);
    expect(subscriptionsOf(user)).toMatchObject([{ valid: true, status: 'active' }]);
    expect(permissionNames(user)).toContain(PERK);
    const me = (await http.get('/api/v1/billing/me')).data as {
      subscription: billing.Subscription;
      invoices: billing.Invoice[];
    };
    expect(me.subscription).toMatchObject({ valid: true, product: { name: 'Pro' }, price: { amount: 999 } });
    expect(me.invoices).toMatchObject([{ status: 'paid', amount: 999, currency: 'usd' }]);
    // The Stripe customer and price were created through the API once, by the real SDK.
    expect(stripe.calls).toEqual(
      expect.arrayContaining(['POST /v1/customers', 'POST /v1/prices', 'POST /v1/checkout/sessions']),
    );
  });

  it('refuses a second checkout while subscribed', async () => {
    const { http, pro, monthly } = await subscriber();
    const again = await http.post('/api/v1/billing/checkout', { productId: pro.id, priceId: monthly.id });
    expect(again.status).toBe(409);
  });

  it('leaves one payable checkout when two race for the same user', async () => {
    const { http, user } = await signedInUser(server, {
      email: `racer${++counter}@example.com`,
      password: PASSWORD,
    });
    const pro = (await plans(http)).products.find((p) => p.name === 'Pro')!;
    const [monthly, yearly] = [pro.prices[0]!, pro.prices[1]!];
    // Both requests are in flight together (two tabs, a double click).
    const answers = await Promise.all([
      http.post('/api/v1/billing/checkout', { productId: pro.id, priceId: monthly.id }),
      http.post('/api/v1/billing/checkout', { productId: pro.id, priceId: yearly.id }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const ids = answers.map((a) => (a.data as { url: string }).url.split('/').pop()!);
    const open = ids.filter((id) => stripe.sessions.get(id)?.status === 'open');
    expect(open).toHaveLength(1);
    const closed = ids.find((id) => id !== open[0])!;
    expect(stripe.sessions.get(closed)?.status).toBe('expired');
    // The closed one cannot be paid; the open one can, and makes the one subscription.
    await expect(stripe.completeCheckout(closed)).rejects.toThrow(/expired/);
    await stripe.completeCheckout(open[0]!);
    const valid = await server.app.kit
      .knex('billing_subscriptions')
      .where({ user_id: user.id as number, status: 'active' });
    expect(valid).toHaveLength(1);
    expect(subscriptionsOf(await currentUser(http)).filter((s) => s.valid)).toHaveLength(1);
  });

  it('refuses a new checkout once the previous one was paid but its webhook has not arrived', async () => {
    const { http } = await signedInUser(server, {
      email: `quick${++counter}@example.com`,
      password: PASSWORD,
    });
    const pro = (await plans(http)).products.find((p) => p.name === 'Pro')!;
    const first = await http.post('/api/v1/billing/checkout', {
      productId: pro.id,
      priceId: pro.prices[0]!.id,
    });
    const session = stripe.sessions.get((first.data as { url: string }).url.split('/').pop()!)!;
    // Paid at Stripe, with no event delivered yet.
    session.status = 'complete';
    const second = await http.post('/api/v1/billing/checkout', {
      productId: pro.id,
      priceId: pro.prices[1]!.id,
    });
    expect(second.status).toBe(409);
  });

  it('changes nothing when a webhook is replayed', async () => {
    const { events } = await subscriber();
    const before = {
      subscriptions: await rows('billing_subscriptions'),
      invoices: await rows('billing_invoices'),
      events: await rows('billing_webhook_events'),
    };
    for (const event of events) expect((await stripe.resend(event)).status).toBe(200);
    expect(await rows('billing_subscriptions')).toEqual(before.subscriptions);
    expect(await rows('billing_invoices')).toEqual(before.invoices);
    expect(await rows('billing_webhook_events')).toEqual(before.events);
  });

  it('keeps the newest state when an older event arrives late', async () => {
    const { http, subscriptionId } = await subscriber();
    const snapshot = structuredClone(stripe.subscriptions.get(subscriptionId)!);
    await http.post('/api/v1/billing/subscription/cancel');
    expect((await stripe.endPeriod(subscriptionId)).status).toBe(200);
    const ended = await rows('billing_subscriptions');
    // An "active" update from before the cancel, delivered after the subscription ended.
    expect((await stripe.send('customer.subscription.updated', snapshot)).status).toBe(200);
    const after = await rows('billing_subscriptions');
    const mine = (list: { provider_id: string }[]) => list.find((row) => row.provider_id === subscriptionId);
    expect(mine(after)).toMatchObject({ status: 'canceled' });
    expect({ ...mine(after), synced_at: 0, updated_at: 0 }).toEqual({
      ...mine(ended),
      synced_at: 0,
      updated_at: 0,
    });
    expect(subscriptionsOf(await currentUser(http))[0]).toMatchObject({ valid: false });
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const { subscriptionId } = await subscriber();
    const before = {
      subscriptions: await rows('billing_subscriptions'),
      events: await rows('billing_webhook_events'),
    };
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    const forged = await stripe.send(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      {
        signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    );
    expect(forged.status).toBe(400);
    const unsigned = await fetch(stripe.webhookUrl!, { method: 'POST', body: forged.payload });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'The webhook signature is not valid.' });
    expect(await rows('billing_subscriptions')).toEqual(before.subscriptions);
    expect(await rows('billing_webhook_events')).toEqual(before.events);
  });

  it('keeps access after a cancel until the period ends, and can resume before', async () => {
    const { http, subscriptionId } = await subscriber();
    const cancelled = await http.post('/api/v1/billing/subscription/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ subscription: { cancel_at_period_end: true, valid: true } });
    expect(permissionNames(await currentUser(http))).toContain(PERK);
    const resumed = await http.post('/api/v1/billing/subscription/resume');
    expect(resumed.data).toMatchObject({
      subscription: { cancel_at_period_end: false, valid: true, ends_at: null },
    });
    await http.post('/api/v1/billing/subscription/cancel');
    await stripe.endPeriod(subscriptionId);
    const user = await currentUser(http);
    expect(subscriptionsOf(user)[0]).toMatchObject({ valid: false, status: 'canceled' });
    expect(permissionNames(user)).not.toContain(PERK);
  });

  it('ends access at once when the final payment fails', async () => {
    const { http, subscriptionId } = await subscriber();
    expect((await stripe.failFinalPayment(subscriptionId)).status).toBe(200);
    const user = await currentUser(http);
    expect(subscriptionsOf(user)[0]).toMatchObject({ valid: false });
    expect(permissionNames(user)).not.toContain(PERK);
  });

  it('ends access at once on a refund and cancels at the provider', async () => {
    const { http, subscriptionId } = await subscriber();
    expect((await stripe.refund(subscriptionId)).status).toBe(200);
    expect(permissionNames(await currentUser(http))).not.toContain(PERK);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });

  it("opens the provider's customer portal for a customer, returning to /billing, and refuses anyone else", async () => {
    const { http, user } = await subscriber();
    const customer = await server.app.kit
      .knex('billing_customers')
      .where({ user_id: user.id, provider: 'stripe' })
      .first('customer_id');
    const before = stripe.calls.length;
    const opened = await http.post('/api/v1/billing/portal');
    expect(opened.status).toBe(200);
    const url = new URL((opened.data as { url: string }).url);
    expect(url.origin).toBe(stripe.url);
    expect(url.searchParams.get('return')).toBe(`${server.url}/billing`);
    // The session was made for this user's customer at the provider, and nobody else's.
    expect(stripe.calls.slice(before)).toEqual(['POST /v1/billing_portal/sessions']);
    expect(stripe.portals.at(-1)).toMatchObject({ customer: customer.customer_id });

    // A user who never paid has no customer to open a portal for; a guest is not signed in.
    const { http: stranger } = await signedInUser(server, {
      email: `stranger${++counter}@example.com`,
      password: PASSWORD,
    });
    expect((await stranger.post('/api/v1/billing/portal')).status).toBe(409);
    const guest = server.session();
    await guest.get('/api/v1/health');
    expect((await guest.post('/api/v1/billing/portal')).status).toBe(401);
    expect(stripe.calls.length).toBe(before + 1);
  });

  it('previews and applies a plan change', async () => {
    const { http, pro, subscriptionId } = await subscriber();
    const yearly = pro.prices.find((p) => p.interval === 'year')!;
    const preview = await http.post('/api/v1/billing/change-plan/preview', {
      productId: pro.id,
      priceId: yearly.id,
    });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ amount_due: 9990 - 999, currency: 'usd' });
    const changed = await http.post('/api/v1/billing/change-plan', { productId: pro.id, priceId: yearly.id });
    expect(changed.data).toMatchObject({ subscription: { price_id: yearly.id, valid: true } });
    const stored = stripe.subscriptions.get(subscriptionId)!;
    expect((stored.items as { data: { price: { unit_amount: number } }[] }).data[0]!.price.unit_amount).toBe(
      9990,
    );
  });

  it('answers 404 for a price of another plan, and 422 for a bad id', async () => {
    const { http } = await signedInUser(server, { email: `odd${++counter}@example.com`, password: PASSWORD });
    const { products } = await plans(http);
    const free = products[0]!;
    const proPrice = products[1]!.prices[0]!;
    expect(
      (await http.post('/api/v1/billing/checkout', { productId: free.id, priceId: proPrice.id })).status,
    ).toBe(404);
    const bad = await http.post('/api/v1/billing/checkout', { productId: 'x', priceId: -1 });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.data as { errors: object }).errors).sort()).toEqual(['priceId', 'productId']);
  });

  it('lets an admin create, sync, reorder, edit and delete plans, and nobody else', async () => {
    const { http: listener } = await signedInUser(server, {
      email: `nosy${++counter}@example.com`,
      password: PASSWORD,
    });
    expect((await listener.get('/api/v1/billing/admin/products')).status).toBe(403);
    const { http: admin } = await signedInUser(server, {
      email: `boss${++counter}@example.com`,
      password: PASSWORD,
      roles: ['admin'],
    });
    const created = await admin.post('/api/v1/billing/admin/products', {
      name: 'Family',
      feature_list: ['Six accounts'],
      permissions: ['plan.family'],
      prices: [{ amount: 1999, currency: 'EUR', interval: 'month' }],
    });
    expect(created.status).toBe(200);
    const family = (created.data as { product: billing.Product }).product;
    expect(family).toMatchObject({
      name: 'Family',
      permissions: ['plan.family'],
      prices: [{ amount: 1999, currency: 'eur' }],
    });
    // Saved plans are created at Stripe at once.
    const synced = await server.app.kit.knex('billing_prices').where({ id: family.prices[0]!.id }).first();
    expect(stripe.prices.get(synced.provider_id)).toMatchObject({ unit_amount: 1999, currency: 'eur' });

    const all = ((await admin.get('/api/v1/billing/admin/products')).data as { products: billing.Product[] })
      .products;
    expect(all.map((p) => p.name)).toContain('Secret');
    const order = [family.id, ...all.filter((p) => p.id !== family.id).map((p) => p.id)];
    const reordered = await admin.post('/api/v1/billing/admin/products/reorder', { ids: order });
    expect((reordered.data as { products: billing.Product[] }).products.map((p) => p.id)).toEqual(order);
    expect(
      (await admin.post('/api/v1/billing/admin/products/reorder', { ids: [family.id, family.id] })).status,
    ).toBe(422);

    const changed = await put(admin, `/api/v1/billing/admin/products/${family.id}`, {
      name: 'Family',
      prices: [{ id: family.prices[0]!.id, amount: 2999, currency: 'EUR', interval: 'month' }],
    });
    expect(changed.status).toBe(422);
    const renamed = await put(admin, `/api/v1/billing/admin/products/${family.id}`, {
      name: 'Household',
      prices: [
        { id: family.prices[0]!.id, amount: 1999, currency: 'EUR', interval: 'month' },
        { amount: 19990, currency: 'EUR', interval: 'year' },
      ],
    });
    expect((renamed.data as { product: billing.Product }).product).toMatchObject({
      name: 'Household',
      permissions: [],
    });
    expect((renamed.data as { product: billing.Product }).product.prices).toHaveLength(2);
    expect((await remove(admin, `/api/v1/billing/admin/products/${family.id}`)).status).toBe(200);
    const pro = all.find((p) => p.name === 'Pro')!;
    expect((await remove(admin, `/api/v1/billing/admin/products/${pro.id}`)).status).toBe(409);
  });

  it('records each plan write in the audit log, in its transaction; a failed write records nothing', async () => {
    const { http: admin, user } = await signedInUser(server, {
      email: `auditor${++counter}@example.com`,
      password: PASSWORD,
      roles: ['admin'],
    });
    const created = await admin.post('/api/v1/billing/admin/products', {
      name: 'Student',
      feature_list: ['Half price'],
      prices: [{ amount: 499, currency: 'USD', interval: 'month' }],
    });
    const student = (created.data as { product: billing.Product }).product;
    const [create] = (await audit('product.create')).filter((row) => row.target_id === student.id);
    expect(create).toMatchObject({ user_id: user.id, target_type: 'product' });
    expect(create!.changes.name).toEqual({ before: null, after: 'Student' });
    expect(create!.changes.prices!.after).toMatchObject([
      { amount: 499, currency: 'usd', interval: 'month' },
    ]);

    const renamed = await put(admin, `/api/v1/billing/admin/products/${student.id}`, {
      name: 'Students',
      feature_list: ['Half price'],
      prices: [{ id: student.prices[0]!.id, amount: 499, currency: 'USD', interval: 'month' }],
    });
    expect(renamed.status).toBe(200);
    const [update] = (await audit('product.update')).filter((row) => row.target_id === student.id);
    // Only what changed: the name.
    expect(update!.changes).toEqual({ name: { before: 'Student', after: 'Students' } });

    // The rename is written first inside the transaction; the changed price then fails it.
    const count = await auditCount();
    const failed = await put(admin, `/api/v1/billing/admin/products/${student.id}`, {
      name: 'Never saved',
      prices: [{ id: student.prices[0]!.id, amount: 1, currency: 'USD', interval: 'month' }],
    });
    expect(failed.status).toBe(422);
    expect((await server.app.kit.knex('billing_products').where({ id: student.id }).first()).name).toBe(
      'Students',
    );
    const invalid = await admin.post('/api/v1/billing/admin/products', { name: '', prices: [] });
    expect(invalid.status).toBe(422);
    const pro = (
      (await admin.get('/api/v1/billing/admin/products')).data as { products: billing.Product[] }
    ).products.find((p) => p.name === 'Pro')!;
    expect((await remove(admin, `/api/v1/billing/admin/products/${pro.id}`)).status).toBe(409);
    expect(await auditCount()).toBe(count);

    expect((await remove(admin, `/api/v1/billing/admin/products/${student.id}`)).status).toBe(200);
    const [removed] = (await audit('product.delete')).filter((row) => row.target_id === student.id);
    expect(removed!.changes.name).toEqual({ before: 'Students', after: null });
  });

  it('reorders the plans: every plan once, in one transaction with its audit row, and the pricing page follows', async () => {
    const { http: admin, user } = await signedInUser(server, {
      email: `sorter${++counter}@example.com`,
      password: PASSWORD,
      roles: ['admin'],
    });
    const ids = async () =>
      (
        (await admin.get('/api/v1/billing/admin/products')).data as { products: billing.Product[] }
      ).products.map((p) => p.id);
    const before = await ids();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const reversed = [...before].reverse();
    const reorder = (list: unknown) => admin.post('/api/v1/billing/admin/products/reorder', { ids: list });

    const saved = await reorder(reversed);
    expect(saved.status).toBe(200);
    expect((saved.data as { products: billing.Product[] }).products.map((p) => p.id)).toEqual(reversed);
    expect(await ids()).toEqual(reversed);
    // The pricing page lists the plans in the new order (hidden ones left out).
    const listed = (await plans(server.session())).products.map((p) => p.id);
    expect(listed).toEqual(reversed.filter((id) => listed.includes(id)));
    expect(listed.length).toBeGreaterThan(1);
    const [row] = (await audit('product.reorder')).slice(-1);
    expect(row).toMatchObject({ user_id: user.id, target_type: 'product' });
    expect(row!.changes).toEqual({ order: { before, after: reversed } });

    // Anything but every plan once is refused and changes nothing: a plan left out, a repeat, an unknown id.
    const count = await auditCount();
    for (const bad of [
      reversed.slice(1),
      [...reversed.slice(1), reversed[1]],
      [...reversed.slice(1), 999_999],
      [...reversed, 999_999],
    ]) {
      const refused = await reorder(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys((refused.data as { errors: object }).errors)).toEqual(['ids']);
    }
    for (const bad of [[], 'abc', [0], [-1]]) expect((await reorder(bad)).status).toBe(422);
    expect(await ids()).toEqual(reversed);
    expect(await auditCount()).toBe(count);

    const { http: listener } = await signedInUser(server, {
      email: `nosy-sorter${++counter}@example.com`,
      password: PASSWORD,
    });
    expect((await listener.post('/api/v1/billing/admin/products/reorder', { ids: before })).status).toBe(403);
    expect(await ids()).toEqual(reversed);
    expect((await reorder(before)).status).toBe(200);
  });

  it('lets an admin end a subscription at once', async () => {
    const { http, subscriptionId, admin, row } = await subscriberAndAdmin();
    const ended = await admin.post(`/api/v1/billing/admin/subscriptions/${row.id}/cancel`);
    expect(ended.data).toMatchObject({ subscription: { valid: false } });
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(permissionNames(await currentUser(http))).not.toContain(PERK);
    const [cancelled] = (await audit('subscription.cancel')).filter((entry) => entry.target_id === row.id);
    expect(cancelled!.changes.status).toEqual({ before: row.status, after: 'canceled' });
    const count = await auditCount();
    expect((await admin.post(`/api/v1/billing/admin/subscriptions/${row.id}/cancel`)).status).toBe(409);
    expect(await auditCount()).toBe(count);
    const listed = async (query: string) =>
      (
        (await admin.get(`/api/v1/billing/admin/subscriptions?${query}`)).data as {
          pagination: { data: { id: number }[] };
        }
      ).pagination.data.map((s) => s.id);
    expect(await listed('status=canceled')).toContain(row.id);
    expect(await listed('status=active')).not.toContain(row.id);
    expect(await listed(`product_id=${row.product_id}`)).toContain(row.id);
    expect(await listed(`product_id=${row.product_id + 1000}`)).toEqual([]);
    const owner = await server.app.kit.knex('users').where({ id: row.user_id }).first('email');
    expect(await listed(`query=${encodeURIComponent(owner.email)}`)).toEqual([row.id]);
    expect(await listed('query=nobody-by-this-name')).toEqual([]);
    const [first] = (
      (await admin.get(`/api/v1/billing/admin/subscriptions?query=${encodeURIComponent(owner.email)}`))
        .data as {
        pagination: { data: { user: { email: string } }[] };
      }
    ).pagination.data;
    expect(first!.user.email).toBe(owner.email);
    expect((await admin.get('/api/v1/billing/admin/subscriptions?orderBy=user_id')).status).toBe(422);
    expect((await admin.get('/api/v1/billing/admin/subscriptions?perPage=1000')).status).toBe(422);
  });

  it('lets an admin refund the last payment through the provider, which ends the subscription at once', async () => {
    const { http, subscriptionId, admin, row } = await subscriberAndAdmin();
    const path = `/api/v1/billing/admin/subscriptions/${row.id}/refund`;
    // Only a billing manager may, and only for a subscription that exists.
    expect((await http.post(path)).status).toBe(403);
    expect((await admin.post('/api/v1/billing/admin/subscriptions/999999/refund')).status).toBe(404);

    const refunded = await admin.post(path);
    expect(refunded.status, JSON.stringify(refunded.data)).toBe(200);
    expect(refunded.data).toMatchObject({
      subscription: { valid: false },
      refund: { amount: 999, currency: 'usd' },
    });
    // The money went back through the provider, for the invoice this subscription paid, and it was cancelled there.
    const intent = stripe.refunds.at(-1)!.payment_intent;
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(permissionNames(await currentUser(http))).not.toContain(PERK);
    const [entry] = (await audit('subscription.refund')).filter((audited) => audited.target_id === row.id);
    expect(entry!.changes.refunded).toEqual({ before: null, after: { amount: 999, currency: 'usd' } });
    expect(entry!.changes.status).toEqual({ before: row.status, after: 'canceled' });
    // Once ended, there is nothing left to refund here, and nothing is written.
    const count = await auditCount();
    expect((await admin.post(path)).status).toBe(409);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(await auditCount()).toBe(count);
  });

  it('changes nothing when the provider refuses the refund', async () => {
    const { http, subscriptionId, admin, row } = await subscriberAndAdmin();
    // The payment was refunded already, in Stripe's dashboard say (its webhook held back, so the site still
    // believes the plan is paid): Stripe refuses a second refund.
    const webhookUrl = stripe.webhookUrl;
    stripe.webhookUrl = null;
    try {
      const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: 'http' });
      const invoice = String(stripe.subscriptions.get(subscriptionId)!.latest_invoice);
      const [payment] = (await sdk.invoicePayments.list({ invoice, status: 'paid' })).data;
      await sdk.refunds.create({ payment_intent: String(payment!.payment.payment_intent) });
    } finally {
      stripe.webhookUrl = webhookUrl;
    }
    const count = await auditCount();
    const refused = await admin.post(`/api/v1/billing/admin/subscriptions/${row.id}/refund`);
    expect(refused.status).toBe(502);
    expect((refused.data as { message: string }).message).toMatch(
      /^The payment provider refused the refund: /,
    );
    expect(await auditCount()).toBe(count);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('active');
    expect(permissionNames(await currentUser(http))).toContain(PERK);
  });

  it('hides everything while billing is off', async () => {
    await server.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, false);
    try {
      const http = server.session();
      expect((await http.get('/api/v1/billing/products')).status).toBe(404);
      const event = await stripe.send('customer.subscription.updated', {
        id: 'sub_x',
        object: 'subscription',
      });
      expect(event.status).toBe(404);
    } finally {
      await server.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, true);
    }
  });
});

describe('billing without payment keys', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, {
      modules: [accounts(), billingModule({ plans: PLANS, provider: null })],
    });
    await server.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, true);
  });
  afterAll(() => server?.close());

  it('still lists the plans, and a paid checkout explains that payments are not configured', async () => {
    const { http } = await signedInUser(server, { email: 'nokeys@example.com', password: PASSWORD });
    const answer = (await http.get('/api/v1/billing/products')).data as ProductAnswer;
    expect(answer.payments_configured).toBe(false);
    const pro = answer.products.find((p) => p.name === 'Pro')!;
    const checkout = await http.post('/api/v1/billing/checkout', {
      productId: pro.id,
      priceId: pro.prices[0]!.id,
    });
    expect(checkout.status).toBe(409);
    expect(checkout.data).toEqual({ message: billing.PAYMENTS_NOT_CONFIGURED });
    const user = await currentUser(http);
    expect(subscriptionsOf(user)).toEqual([]);
    expect(permissionNames(user)).not.toContain(PERK);
  });
});

describe.each(testDatabases())(
  'billing with the Stripe keys saved in the admin settings on $name',
  (database) => {
    let server: RunningServer;
    let stripe: StripeFake;
    beforeAll(async () => {
      stripe = await startStripeFake();
      // No keys in the environment: only where the SDK calls (the loopback fake instead of Stripe).
      vi.stubEnv('STRIPE_SECRET_KEY', '');
      vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
      vi.stubEnv('STRIPE_API_BASE', stripe.url);
      server = await startTestServer(database, {
        modules: [accounts(), adminSettingsModule(), billingModule({ plans: PLANS })],
      });
      vi.unstubAllEnvs();
      await server.app.kit.settings.set(billing.BILLING_ENABLE_SETTING, true);
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
    });

    it('sells through Stripe once an admin saves the keys, without answering them back', async () => {
      const { http } = await signedInUser(server, { email: 'buyer@example.com', password: PASSWORD });
      expect(((await http.get('/api/v1/billing/products')).data as ProductAnswer).payments_configured).toBe(
        false,
      );

      const { http: admin } = await signedInUser(server, {
        email: 'owner@example.com',
        password: PASSWORD,
        roles: ['admin'],
      });
      const saved = await put(admin, '/api/v1/admin/settings', {
        settings: {
          [billing.STRIPE_SECRET_KEY_SETTING]: stripe.secretKey,
          [billing.STRIPE_WEBHOOK_SECRET_SETTING]: stripe.webhookSecret,
        },
      });
      expect(saved.status).toBe(200);
      // The billing settings are admin writes like any other: logged as set, never with their values.
      const logged = await server.app.kit.knex('audit_logs').where({ action: 'settings.update' });
      expect(logged).toHaveLength(1);
      const changes = JSON.stringify(logged[0].changes);
      expect(changes).toContain(billing.STRIPE_SECRET_KEY_SETTING);
      expect(changes).not.toContain(stripe.secretKey);
      expect(changes).not.toContain(stripe.webhookSecret);
      const refused = await put(admin, '/api/v1/admin/settings', {
        settings: { [billing.BILLING_ENABLE_SETTING]: false, [billing.STRIPE_SECRET_KEY_SETTING]: 42 },
      });
      expect(refused.status).toBe(422);
      expect(await server.app.kit.settings.get(billing.BILLING_ENABLE_SETTING)).toBe(true);
      expect(await server.app.kit.knex('audit_logs').where({ action: 'settings.update' })).toHaveLength(1);
      const read = JSON.stringify((await admin.get('/api/v1/admin/settings')).data);
      expect(read).not.toContain(stripe.secretKey);
      expect(read).not.toContain(stripe.webhookSecret);

      const answer = (await http.get('/api/v1/billing/products')).data as ProductAnswer;
      expect(answer.payments_configured).toBe(true);
      const pro = answer.products.find((p) => p.name === 'Pro')!;
      const started = await http.post('/api/v1/billing/checkout', {
        productId: pro.id,
        priceId: pro.prices[0]!.id,
      });
      expect(started.status).toBe(200);
      expect((started.data as { url: string }).url.startsWith(`${stripe.url}/pay/`)).toBe(true);
      // Webhooks verify with the saved signing secret.
      stripe.webhookUrl = `${server.url}/api/v1/billing/webhooks/stripe`;
      const { events } = await stripe.completeCheckout(
        (started.data as { url: string }).url.split('/').pop()!,
      );
      expect(events.map((e) => e.status)).toEqual([200, 200, 200]);
      expect(subscriptionsOf(await currentUser(http))).toMatchObject([{ valid: true }]);
    });
  },
);

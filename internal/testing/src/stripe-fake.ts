/**
 * A loopback stand-in for the part of Stripe's HTTP API the billing module uses (customers, products, prices,
 * Checkout Sessions, subscriptions, invoice previews, the billing portal), plus a hosted checkout page a browser
 * can complete. The real `stripe` SDK is pointed at it with its `host`, `port` and `protocol` options; webhooks
 * are signed with the SDK's own `generateTestHeaderString`, so the site verifies them exactly as it would
 * Stripe's.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface DeliveredEvent {
  type: string;
  payload: string;
  signature: string;
  status: number;
}

export interface StripeFake {
  /** `http://127.0.0.1:PORT`: the API base (`STRIPE_API_BASE`) and the origin of the hosted pages. */
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; set it once the site is listening. */
  webhookUrl: string | null;
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Billing portal sessions made, in order (each with the customer and return URL asked for). */
  portals: Json[];
  /** Refunds made through the API, in order. */
  refunds: Json[];
  /** Every API call the SDK made: `METHOD /v1/path`. */
  calls: string[];
  /** Every event sent, in order, with the site's answer. */
  delivered: DeliveredEvent[];
  /** Pays a checkout session as the hosted page would: a subscription, a paid invoice and their events. */
  completeCheckout(sessionId: string): Promise<{ subscriptionId: string; events: DeliveredEvent[] }>;
  /** The paid period is over: a subscription set to cancel at period end ends (`customer.subscription.deleted`). */
  endPeriod(subscriptionId: string): Promise<DeliveredEvent>;
  /** The last retry of a renewal fails: an unpaid invoice with no next attempt (`invoice.payment_failed`). */
  failFinalPayment(subscriptionId: string): Promise<DeliveredEvent>;
  /** The customer's last payment is refunded (`charge.refunded`). */
  refund(subscriptionId: string): Promise<DeliveredEvent>;
  /** Sends an event about `object` now, signed unless `signature` is given. */
  send(type: string, object: Json, options?: { signature?: string }): Promise<DeliveredEvent>;
  /** Sends an earlier delivery again, byte for byte (a replay). */
  resend(event: DeliveredEvent): Promise<DeliveredEvent>;
  close(): Promise<void>;
}

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; list indexes become object keys. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const seconds = (date = new Date()) => Math.floor(date.getTime() / 1000);
const PERIOD_SECONDS: Record<string, number> = {
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the fake on a free loopback port. */
export async function startStripeFake(): Promise<StripeFake> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const portals: Json[] = [];
  const refunds: Json[] = [];
  /** PaymentIntents of paid invoices, by id, and which invoice each paid. */
  const intents = new Map<string, Json>();
  const invoiceIntents = new Map<string, string>();
  const calls: string[] = [];
  const delivered: DeliveredEvent[] = [];
  let url = '';

  const item = (subscription: Json) => ((subscription.items as Json).data as Json[])[0]!;

  const fake: StripeFake = {
    url: '',
    host: '127.0.0.1',
    port: 0,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    customers,
    prices,
    sessions,
    subscriptions,
    invoices,
    portals,
    refunds,
    calls,
    delivered,
    async send(type, object, options = {}) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: seconds(),
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: { object },
      });
      const signature =
        options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return post({ type, payload, signature, status: 0 });
    },
    resend(event) {
      return post({ ...event, status: 0 });
    },
    async completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      // Stripe refuses to pay a session that expired or was paid already.
      if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
      const price = prices.get(String(((session.line_items as Json)['0'] as Json).price))!;
      const subscriptionId = id('sub');
      const periodEnd = seconds() + PERIOD_SECONDS[String((price.recurring as Json).interval)]!;
      const subscription: Json = {
        id: subscriptionId,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        ended_at: null,
        trial_end: null,
        metadata: ((session.subscription_data as Json | undefined)?.metadata as Json | undefined) ?? {},
        items: { object: 'list', data: [{ id: id('si'), price, current_period_end: periodEnd }] },
      };
      subscriptions.set(subscriptionId, subscription);
      const invoice = createInvoice(subscription, Number(price.unit_amount), 'paid');
      Object.assign(session, { status: 'complete', subscription: subscriptionId });
      const events = [
        await fake.send('customer.subscription.created', subscription),
        await fake.send('invoice.paid', invoice),
        await fake.send('checkout.session.completed', session),
      ];
      return { subscriptionId, events };
    },
    async endPeriod(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, { status: 'canceled', ended_at: seconds() });
      return fake.send('customer.subscription.deleted', subscription);
    },
    async failFinalPayment(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      // Stripe keeps the subscription past_due while it retries; the last failed retry leaves no next attempt.
      subscription.status = 'past_due';
      const price = item(subscription).price as Json;
      const invoice = createInvoice(subscription, Number(price.unit_amount), 'open');
      Object.assign(invoice, { attempted: true, next_payment_attempt: null });
      return fake.send('invoice.payment_failed', invoice);
    },
    async refund(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      return fake.send('charge.refunded', {
        id: id('ch'),
        object: 'charge',
        customer: subscription.customer,
        refunded: true,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function createInvoice(subscription: Json, amount: number, status: 'paid' | 'open'): Json {
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      amount_due: amount,
      currency: String((item(subscription).price as Json).currency),
      hosted_invoice_url: `${url}/invoice`,
      attempted: true,
      next_payment_attempt: null,
      status_transitions: { paid_at: status === 'paid' ? seconds() : null },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    invoices.set(String(invoice.id), invoice);
    subscription.latest_invoice = invoice.id;
    if (status === 'paid') {
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: invoice.currency,
        refunded: false,
      };
      intents.set(intent.id, intent);
      invoiceIntents.set(String(invoice.id), intent.id);
    }
    return invoice;
  }

  async function post(event: DeliveredEvent): Promise<DeliveredEvent> {
    if (!fake.webhookUrl) throw new Error('Set webhookUrl before sending events');
    const response = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
      body: event.payload,
    });
    await response.text();
    const result = { ...event, status: response.status };
    delivered.push(result);
    return result;
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse) =>
    json(res, 404, { error: { type: 'invalid_request_error', message: 'No such object' } });

  async function api(req: IncomingMessage, res: ServerResponse, path: string, search: string) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return json(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    // The SDK sends a GET's parameters in the query string, and every other method's in a form body.
    const form = parseForm(req.method === 'GET' ? search : await readBody(req));
    calls.push(`${req.method} ${path}`);
    const [, , resource, key] = path.split('/');
    if (req.method === 'POST' && resource === 'customers' && !key) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.email,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (req.method === 'POST' && resource === 'products') {
      const product = key ? products.get(key) : { id: id('prod'), object: 'product' };
      if (!product) return missing(res);
      Object.assign(product, { name: form.name, description: form.description ?? null });
      products.set(String(product.id), product);
      return json(res, 200, product);
    }
    if (req.method === 'POST' && resource === 'prices') {
      const price = {
        id: id('price'),
        object: 'price',
        product: form.product,
        unit_amount: Number(form.unit_amount),
        currency: form.currency,
        recurring: {
          interval: (form.recurring as Json).interval,
          interval_count: Number((form.recurring as Json).interval_count ?? 1),
        },
      };
      prices.set(price.id, price);
      return json(res, 200, price);
    }
    const [, , , , sessionKey, sessionAction] = path.split('/');
    if (
      req.method === 'POST' &&
      resource === 'checkout' &&
      key === 'sessions' &&
      sessionAction === 'expire'
    ) {
      const session = sessions.get(String(sessionKey));
      if (!session) return missing(res);
      if (session.status !== 'open')
        return json(res, 400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        });
      session.status = 'expired';
      return json(res, 200, session);
    }
    if (
      req.method === 'GET' &&
      resource === 'checkout' &&
      key === 'sessions' &&
      sessionKey &&
      !sessionAction
    ) {
      const session = sessions.get(sessionKey);
      return session ? json(res, 200, session) : missing(res);
    }
    if (req.method === 'POST' && resource === 'checkout' && key === 'sessions' && !sessionKey) {
      const line = (form.line_items as Json)['0'] as Json;
      if (!prices.has(String(line.price))) return missing(res);
      const sessionId = id('cs');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        ...form,
        url: `${url}/pay/${sessionId}`,
        status: 'open',
      };
      sessions.set(sessionId, session);
      return json(res, 200, session);
    }
    if (resource === 'subscriptions' && key) {
      const subscription = subscriptions.get(key);
      if (!subscription) return missing(res);
      if (req.method === 'DELETE') Object.assign(subscription, { status: 'canceled', ended_at: seconds() });
      if (req.method === 'POST') {
        if (form.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        const next = ((form.items as Json | undefined)?.['0'] as Json | undefined)?.price;
        if (next) {
          const price = prices.get(String(next));
          if (!price) return missing(res);
          item(subscription).price = price;
        }
      }
      return json(res, 200, subscription);
    }
    if (req.method === 'POST' && resource === 'invoices' && key === 'create_preview') {
      const subscription = subscriptions.get(String(form.subscription));
      const next = prices.get(
        String((((form.subscription_details as Json).items as Json)['0'] as Json).price),
      );
      if (!subscription || !next) return missing(res);
      const current = Number((item(subscription).price as Json).unit_amount);
      // A simplified proration: the difference for the rest of the period, never below zero.
      return json(res, 200, {
        object: 'invoice',
        amount_due: Math.max(0, Number(next.unit_amount) - current),
        currency: next.currency,
      });
    }
    if (req.method === 'GET' && resource === 'invoices' && key) {
      const invoice = invoices.get(key);
      return invoice ? json(res, 200, invoice) : missing(res);
    }
    if (req.method === 'GET' && resource === 'invoice_payments' && !key) {
      const invoice = invoices.get(String(form.invoice));
      const intent = invoice && invoiceIntents.get(String(invoice.id));
      const paid = intent && (!form.status || form.status === 'paid');
      return json(res, 200, {
        object: 'list',
        has_more: false,
        data: paid
          ? [
              {
                id: id('inpay'),
                object: 'invoice_payment',
                invoice: invoice.id,
                status: 'paid',
                amount_paid: invoice.amount_due,
                currency: invoice.currency,
                payment: { type: 'payment_intent', payment_intent: intent },
              },
            ]
          : [],
      });
    }
    if (req.method === 'POST' && resource === 'refunds' && !key) {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return missing(res);
      if (intent.refunded)
        return json(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${String(intent.id)} has already been refunded.`,
          },
        });
      intent.refunded = true;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.push(refund);
      json(res, 200, refund);
      // As Stripe does, the refund is then announced by a webhook, on its own schedule.
      const paidInvoice = [...invoiceIntents].find(([, paid]) => paid === intent.id)?.[0];
      const invoice = paidInvoice ? invoices.get(paidInvoice) : undefined;
      if (fake.webhookUrl && invoice)
        void fake
          .send('charge.refunded', {
            id: id('ch'),
            object: 'charge',
            customer: invoice.customer,
            refunded: true,
          })
          .catch(() => {});
      return;
    }
    if (req.method === 'POST' && resource === 'billing_portal' && key === 'sessions') {
      if (!customers.has(String(form.customer))) return missing(res);
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `${url}/portal?return=${encodeURIComponent(String(form.return_url))}`,
      };
      portals.push(portal);
      return json(res, 200, portal);
    }
    return missing(res);
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string) {
    const sessionId = path.split('/')[2] ?? '';
    const session = sessions.get(sessionId);
    if (!session) {
      res.writeHead(404);
      return res.end('Not found');
    }
    if (req.method === 'POST') {
      await readBody(req);
      if (session.status !== 'open') {
        res.writeHead(409, { 'Content-Type': 'text/plain' });
        return res.end(`This checkout session is ${String(session.status)}.`);
      }
      // Real Stripe delivers the events on its own schedule: the return page must wait for them.
      void fake.completeCheckout(sessionId).catch(() => {});
      res.writeHead(303, {
        Location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId),
      });
      return res.end();
    }
    const price = prices.get(String(((session.line_items as Json)['0'] as Json).price))!;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Fake Stripe checkout</title></head><body><main>
<h1>Fake Stripe checkout</h1><p>${escapeHtml(String(price.unit_amount))} ${escapeHtml(String(price.currency))}</p>
<form method="post"><button type="submit">Pay</button></form>
<a href="${escapeHtml(String(session.cancel_url))}">Back</a></main></body></html>`);
  }

  const server: Server = createServer((req, res) => {
    const { pathname: path, search } = new URL(req.url ?? '/', 'http://fake');
    const handle = path.startsWith('/v1/')
      ? api(req, res, path, search.slice(1))
      : path.startsWith('/pay/')
        ? hosted(req, res, path)
        : null;
    if (!handle) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(
        '<!doctype html><html lang="en"><head><title>Fake Stripe</title></head><body><main>Fake Stripe page</main></body></html>',
      );
    }
    handle.catch((error: unknown) => json(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${fake.port}`;
  fake.url = url;
  return fake;
}

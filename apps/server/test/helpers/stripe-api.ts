import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  client_reference_id: string;
  expires_at: number;
}

/**
 * Stripe's API as the SDK sees it over HTTP, on 127.0.0.1: enough of Checkout Sessions to
 * create, read and expire them, refunds, and Stripe's idempotency keys (a repeated key answers
 * with the first response). Every request is recorded so tests can inspect what was sent.
 */
export async function startStripeApi() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: Array<{ id: string; payment_intent: string }> = [];
  const byIdempotencyKey = new Map<string, { body: string; status: number; payload: unknown }>();
  const requests: Array<{
    method: string;
    path: string;
    form: URLSearchParams;
    idempotencyKey: string | undefined;
  }> = [];
  let counter = 0;

  function answer(method: string, path: string, form: URLSearchParams) {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_${counter}`;
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        client_reference_id: form.get('client_reference_id') ?? '',
        expires_at: Number(form.get('expires_at') ?? 0),
      };
      sessions.set(id, session);
      return { status: 200, payload: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      counter += 1;
      const refund = { id: `re_test_${counter}`, payment_intent: form.get('payment_intent') ?? '' };
      refunds.push(refund);
      return { status: 200, payload: { object: 'refund', status: 'succeeded', ...refund } };
    }
    const match = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1] as string) : undefined;
    if (session && method === 'GET' && !match?.[2]) return { status: 200, payload: session };
    if (session && method === 'POST' && match?.[2]) {
      if (session.status !== 'open') {
        return {
          status: 400,
          payload: { error: { type: 'invalid_request_error', message: 'Session is not open' } },
        };
      }
      session.status = 'expired';
      session.url = null;
      return { status: 200, payload: session };
    }
    return {
      status: 404,
      payload: { error: { type: 'invalid_request_error', message: 'No such resource' } },
    };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const form = new URLSearchParams(body);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, form, idempotencyKey });
      const remembered = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      // As Stripe does: a key reused with other parameters is refused, not answered again.
      const result =
        remembered && remembered.body !== body
          ? {
              status: 400,
              payload: {
                error: {
                  type: 'idempotency_error',
                  message: 'Keys for idempotent requests can only be used with the same parameters',
                },
              },
            }
          : (remembered ?? answer(method, path, form));
      if (idempotencyKey && method === 'POST' && !remembered) {
        byIdempotencyKey.set(idempotencyKey, { body, ...result });
      }
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessions,
    refunds,
    markPaid(id: string, paymentIntent: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = paymentIntent;
    },
    /** The session closes at Stripe, as it does when its expiry passes. */
    expire(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'expired';
      session.url = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeApi = Awaited<ReturnType<typeof startStripeApi>>;

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  client_reference_id: string;
}

/**
 * Stripe's API as the SDK sees it over HTTP, on 127.0.0.1: enough of Checkout Sessions to
 * create and read them, and a record of every request so tests can inspect what was sent.
 */
export async function startStripeApi() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  let counter = 0;

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      const form = new URLSearchParams(body);
      requests.push({ method: request.method ?? 'GET', path, form });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        counter += 1;
        const id = `cs_test_${counter}`;
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${id}`,
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: form.get('client_reference_id') ?? '',
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
      const session = match ? sessions.get(match[1] as string) : undefined;
      if (request.method === 'GET' && session) return send(200, session);
      return send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessions,
    markPaid(id: string, paymentIntent: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.payment_intent = paymentIntent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

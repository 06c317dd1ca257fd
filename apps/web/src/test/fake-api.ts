import type { ErrorCode } from '@keyhaven/shared';
import { vi } from 'vitest';

/** One request the page sent: its method, its path with query, and its JSON body (if any). */
export type SentRequest = { method: string; path: string; body: unknown };

type Answer = Response | ((request: SentRequest) => Response | Promise<Response>);

/** A JSON answer, as the server sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The server's refusal: `{ error, code, fields }`. */
export const refusal = (
  status: number,
  error: string,
  code: ErrorCode,
  fields?: Record<string, string>,
) => json({ error, code, ...(fields ? { fields } : {}) }, status);

let unanswered: SentRequest[] = [];

/** Requests no test answered since the last call; the setup fails the test on any. */
export function takeUnansweredRequests(): SentRequest[] {
  const taken = unanswered;
  unanswered = [];
  return taken;
}

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  return body ?? undefined;
}

/**
 * Stands in for the server at the network boundary: `fetch` answers the routes given, keyed
 * `'POST /auth/register'`, and records every request. A request to any other route rejects, as
 * a request to a server that is not there would, and fails the test.
 */
/** The routes of the latest `fakeApi`, which both `fetch` and `XMLHttpRequest` answer from. */
let answerRequest: ((input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) | null =
  null;

export function fakeApi(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  answerRequest = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: pathOf(input),
      body: bodyOf(init.body),
    };
    sent.push(request);
    const answer = routes[`${request.method} ${request.path}`];
    if (!answer) {
      unanswered.push(request);
      throw new TypeError(`No answer for ${request.method} ${request.path}`);
    }
    return typeof answer === 'function' ? answer(request) : answer.clone();
  };
  vi.stubGlobal('fetch', answerRequest);
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    /** Every request sent to `route` (`'PATCH /make-offer/1'`), oldest first. */
    requestsTo: (route: string) =>
      sent.filter((request) => `${request.method} ${request.path}` === route),
    /** Every request sent, oldest first. */
    sent,
  };
}

const sizeOf = (body: unknown) =>
  body instanceof FormData
    ? [...body.values()].reduce((size, value) => size + (value instanceof Blob ? value.size : 0), 0)
    : 0;

const progress = (type: string, loaded = 0, total = 0) =>
  new ProgressEvent(type, { lengthComputable: total > 0, loaded, total });

/**
 * `XMLHttpRequest` (uploads that report their progress) through the same routes as `fetch`:
 * half the body is reported sent until the route answers, so a test that holds the answer sees
 * an upload on its way; `abort` drops the answer.
 */
class FakeXMLHttpRequest extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  #finished = false;

  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }

  abort() {
    if (this.#finished) return;
    this.#finished = true;
    this.dispatchEvent(progress('abort'));
  }

  send(body: XMLHttpRequestBodyInit | null = null) {
    const total = sizeOf(body);
    void (async () => {
      await Promise.resolve();
      if (this.#finished) return;
      this.upload.dispatchEvent(progress('progress', total / 2, total));
      let response: Response;
      try {
        if (!answerRequest) throw new TypeError('No fake API to answer the upload');
        response = await answerRequest(this.#url, {
          method: this.#method,
          headers: this.#headers,
          body,
        });
      } catch {
        if (this.#finished) return;
        this.#finished = true;
        this.dispatchEvent(progress('error'));
        return;
      }
      const text = await response.text();
      if (this.#finished) return;
      this.#finished = true;
      this.upload.dispatchEvent(progress('progress', total, total));
      this.status = response.status;
      this.responseText = text;
      this.dispatchEvent(progress('load'));
    })();
  }
}

import type { FastifyRequest } from 'fastify';

/** What stands in the log for a value that must not be kept there. */
const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a secret or a person's address whatever it looks like: reset
 * and confirmation links, unsubscribe links, sign-in codes and their state, passwords, e-mails.
 */
const SECRET_PARAMETER = /token|code|state|password|secret|signature|e-?mail/i;
/**
 * Parameters that are a password: an old page's form sent by GET put one in its address. Not even
 * their name is kept, so no line of the log ever reads `password=`.
 */
const PASSWORD_PARAMETER = /pass(?:word|wd)?|secret/i;
/** An e-mail address anywhere in a part of a URL. */
const ADDRESS = /[^\s@]@[^\s@]/;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    // Not valid percent-encoding: looked at as it came.
    return part;
  }
}

const holdsAddress = (part: string) => ADDRESS.test(decoded(part));

/**
 * A requested URL as the request log may keep it: secret query values, password parameters whole,
 * and every part of the path or query that holds an e-mail address are replaced, the rest is kept
 * exactly as it came.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (holdsAddress(segment) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return safePath;
  const safeQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return holdsAddress(pair) ? REDACTED : pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (PASSWORD_PARAMETER.test(decoded(name))) return REDACTED;
      return SECRET_PARAMETER.test(decoded(name)) || holdsAddress(value)
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * How a request is written in the log: Fastify's own fields, with its URL redacted. The reply's
 * line names only its status, and nothing else in the log repeats the URL.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

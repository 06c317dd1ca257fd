import { request } from '@/lib/api-client';

export type ListQuery = Record<string, string | number | undefined>;

type ListRequest = {
  query?: ListQuery;
  signal?: AbortSignal;
  /** For signed-in calls: a 401/403 then signs the visitor out, as `api()` does. */
  signedIn?: boolean;
};

const listLength = (body: unknown) => (Array.isArray(body) ? body.length : 0);

/**
 * GETs a list the server pages with an `X-Total-Count` header. The body is returned unchecked so
 * each caller validates it as strictly as its page affords (the home page, on the first
 * download, takes the server's word for it). Failures are the API client's own.
 */
export async function requestList(
  path: string,
  { query = {}, signal, signedIn = false }: ListRequest,
): Promise<{ body: unknown; total: number }> {
  const set = Object.entries(query).filter(([, value]) => value !== '');
  const { payload, headers } = await request(path, {
    query: Object.fromEntries(set),
    signal,
    signOutOnUnauthorized: signedIn,
  });
  const header = headers.get('x-total-count');
  const counted = header === null ? Number.NaN : Number(header);
  const total = Number.isInteger(counted) && counted >= 0 ? counted : listLength(payload);
  return { body: payload, total };
}

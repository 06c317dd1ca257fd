import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { ApiError, api, configureApiClient } from './api-client';
import { ZMessageResponse } from './contract-twins';

describe('api refusals', () => {
  const onUnauthorized = vi.fn();
  configureApiClient({ onUnauthorized });
  afterEach(() => onUnauthorized.mockClear());

  const makeOffer = () =>
    api('/make-offer/1', { method: 'PATCH', body: {}, schema: ZMessageResponse });

  it('keeps a person with an unconfirmed address signed in, with the reason to read', async () => {
    const server = fakeApi({
      'PATCH /make-offer/1': refusal(
        403,
        ACCOUNT_RECOVERY_MESSAGES.verifyBeforeOffer,
        'EMAIL_NOT_VERIFIED',
      ),
    });
    const failure = await makeOffer().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_RECOVERY_MESSAGES.verifyBeforeOffer,
    });
    expect(server.requestsTo('POST /auth/logout')).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on any other 403, as before', async () => {
    const server = fakeApi({
      'PATCH /make-offer/1': refusal(403, 'You are not allowed to do this', 'FORBIDDEN'),
      'POST /auth/logout': json({ message: 'Signed out' }),
    });
    await expect(makeOffer()).rejects.toBeInstanceOf(ApiError);
    expect(server.requestsTo('POST /auth/logout')).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('signs out once for calls sent before the sign-out, and again for a call sent after it', async () => {
    let answerCount: (answer: Response) => void = () => {};
    const server = fakeApi({
      'PATCH /make-offer/1': refusal(401, 'Sign in first', 'UNAUTHENTICATED'),
      // A count asked for while the session was still open, answered once it has ended.
      'GET /api/conversations/unread-count': () =>
        new Promise<Response>((resolve) => {
          answerCount = resolve;
        }),
      'POST /auth/logout': json({ message: 'Signed out' }),
    });
    const count = api('/api/conversations/unread-count', { schema: ZMessageResponse }).catch(
      (error: unknown) => error,
    );
    await expect(makeOffer()).rejects.toBeInstanceOf(ApiError);
    answerCount(refusal(401, 'Sign in first', 'UNAUTHENTICATED'));
    expect(await count).toMatchObject({ status: 401 });
    expect(server.requestsTo('POST /auth/logout')).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledOnce();

    // Signed in again, a refusal ends that session too.
    await expect(makeOffer()).rejects.toBeInstanceOf(ApiError);
    expect(server.requestsTo('POST /auth/logout')).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});

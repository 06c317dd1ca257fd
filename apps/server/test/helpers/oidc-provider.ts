import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who "signs in" at the provider on the next authorization. */
  signInAs(identity: OidcIdentity): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1. Its login and consent
 * screens are answered at once for the identity the test chose.
 */
export async function startOidcProvider(redirectUri: string): Promise<LocalOidcProvider> {
  const clientId = 'keyhaven-test-client';
  const clientSecret = 'keyhaven-test-secret-keyhaven-test-secret';
  const identities = new Map<string, OidcIdentity>();
  let current: OidcIdentity | undefined;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: async (_ctx, sub) => {
      const identity = identities.get(sub);
      return identity ? { accountId: sub, claims: async () => ({ ...identity }) } : undefined;
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['keyhaven-test-cookie-key'] },
  });

  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    if (!current) throw new Error('no identity chosen for the sign-in');
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const grant = new provider.Grant({
      accountId: current.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    const target = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: current.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.redirect(target);
  });

  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(identity) {
      identities.set(identity.sub, identity);
      current = identity;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

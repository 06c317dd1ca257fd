import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * Every request the API document describes, sent empty and with every field of the wrong kind,
 * by each role (so the role check lets it reach validation): whatever is refused is refused in
 * sentences a person would write, never in the validator's own words.
 */

const ctx = useTestApp();

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const VALIDATOR_WORDING = /^Invalid|expected \w+, received|Too (small|big)|Required$/;

/** A value of the wrong kind for a field of this schema. */
function wrongKind(schema: JsonSchema | undefined, components: Record<string, JsonSchema>) {
  const resolved = schema?.$ref ? components[schema.$ref.split('/').pop() as string] : schema;
  const type = [resolved?.type ?? resolved?.anyOf?.[0]?.type ?? 'string'].flat()[0];
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return true;
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'not a list';
    default:
      return 'not an object';
  }
}

/** Path parameters filled with something of the right shape, so the request reaches its route. */
function fillPath(template: string) {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (/email/i.test(name)) return 'someone%40example.test';
    if (name === 'decision') return 'true';
    if (name === 'newRole') return 'agent';
    if (name === 'sessionId') return 'demo_cs_probe';
    return '00000000-0000-4000-8000-000000000000';
  });
}

describe('validation messages', () => {
  it('read as sentences for empty and wrong-typed requests on every documented route', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const components = document.components?.schemas ?? {};
    const callers: TestAccount[] = [
      await createAccount(ctx.app, 'user'),
      await createAccount(ctx.app, 'agent'),
      await createAccount(ctx.app, 'admin'),
    ];
    const wording: string[] = [];
    let refusals = 0;

    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(verb)) continue;
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const resolvedBody = bodySchema?.$ref
          ? components[bodySchema.$ref.split('/').pop() as string]
          : bodySchema;
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
        const wrongQuery = new URLSearchParams(
          query.map((p): [string, string] => [p.name, String(wrongKind(p.schema, components))]),
        );
        const wrongBody = Object.fromEntries(
          Object.entries(resolvedBody?.properties ?? {}).map(([name, schema]) => [
            name,
            wrongKind(schema, components),
          ]),
        );
        const url = fillPath(template);
        const attempts = [
          { url, payload: resolvedBody ? {} : undefined },
          {
            url: `${url}${query.length > 0 ? `?${wrongQuery}` : ''}`,
            payload: resolvedBody ? wrongBody : undefined,
          },
          ...(resolvedBody ? [{ url, payload: [] as unknown }] : []),
        ];
        for (const attempt of attempts) {
          for (const caller of callers) {
            const response = await ctx.app.inject({
              method: verb as 'GET',
              url: attempt.url,
              headers: caller.bearer,
              ...(attempt.payload === undefined ? {} : { payload: attempt.payload as object }),
            });
            if (response.statusCode !== 400) continue;
            refusals += 1;
            const body = response.json() as { error: string; fields?: Record<string, string> };
            for (const message of [body.error, ...Object.values(body.fields ?? {})]) {
              if (VALIDATOR_WORDING.test(message)) {
                wording.push(`${verb} ${template}: ${message}`);
              }
            }
          }
        }
      }
    }
    // Many routes were really made to refuse, or this proves nothing.
    expect(refusals).toBeGreaterThan(25);
    expect([...new Set(wording)]).toEqual([]);
  }, 120_000);
});

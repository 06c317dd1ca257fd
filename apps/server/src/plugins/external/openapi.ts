import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route schemas; the UI lives at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { brandName: string; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${options.brandName} API`,
          description: `The ${options.brandName} real-estate marketplace API. Errors are \`{error, code}\` (+ \`fields\` for 400).`,
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'keyhaven.session_token' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The UI would ask validator.swagger.io to check our document, from every reader's browser:
      // no badge, and no image from that host either.
      transformStaticCSP: (header) => header.replace(/ validator\.swagger\.io/g, ''),
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    });
  },
  { name: 'openapi' },
);

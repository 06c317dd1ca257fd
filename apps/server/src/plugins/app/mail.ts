import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSessionSecret } from '../../lib/session-secret.js';
import { createMail, type Mail } from '../../modules/mail/mail.service.js';
import { createMailTransport } from '../../modules/mail/mail-transport.js';
import { imagePipelineFor } from '../../modules/uploads/image-pipeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

/** `app.mail`: e-mails queued as jobs (see modules/mail), sent by SMTP or kept in the outbox. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'mail',
      createMail({
        db: app.db,
        jobs: app.jobs,
        transport: createMailTransport(app.config.mail, app.log.child({ module: 'mail' })),
        config: app.config,
        secret: resolveSessionSecret(app.config),
        images: imagePipelineFor(app.config),
      }),
    );
  },
  { name: 'mail', dependencies: ['jobs'] },
);

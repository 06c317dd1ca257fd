import '../lib/node-version.js';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { createAuth } from '../modules/auth/auth.js';

const usage =
  'Usage: npm run create-admin -- --email admin@example.com --password Secret123 [--name "Full Name"]';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  const password = values.password;
  if (!email || !password) throw new Error(usage);
  if (password.length < 6 || !/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/.test(password)) {
    throw new Error(
      'The password needs at least 6 characters with uppercase, lowercase and numbers.',
    );
  }

  const config = loadConfig();
  const { handle, release } = await openConfiguredDatabase(config);
  try {
    const [existing] = await handle.db.select().from(users).where(eq(users.email, email));
    if (existing) {
      await handle.db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
      console.log(
        `${email} already had an account; it is now an admin (its password is unchanged).`,
      );
      return;
    }
    const auth = createAuth(config, handle.db, pino({ level: 'warn' }));
    const { user } = await auth.api.signUpEmail({
      body: { email, password, name: values.name ?? 'Administrator' },
    });
    await handle.db
      .update(users)
      .set({ role: 'admin', emailVerified: true })
      .where(eq(users.id, user.id));
    console.log(`Created the admin account ${email}.`);
  } finally {
    await handle.close();
    release();
  }
}

main().catch((error: unknown) => {
  // Configuration, lock and usage errors are written for people: their message is the whole story.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import '../lib/node-version.js';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { createAuth } from '../modules/auth/auth.js';

const usage =
  'Usage: node apps/server/dist/cli/create-admin.js --email admin@example.com [--name "Full Name"] < password-file\n' +
  '   or: npm run create-admin -- --email admin@example.com --password Secret123 [--name "Full Name"]';

/**
 * The password from the first line of standard input, so that on a real server it never shows
 * in the shell's history or the process list (`--password` stays for a developer's machine).
 */
async function passwordFromInput(): Promise<string | undefined> {
  if (process.stdin.isTTY) process.stderr.write('Password for the new admin: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return undefined;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new Error(usage);
  const password = values.password ?? (await passwordFromInput());
  if (!password) throw new Error(usage);
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

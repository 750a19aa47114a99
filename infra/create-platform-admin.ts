import { ensurePlatformAdmin } from '../functions/auth/onboarding.js';

/**
 * `npm run admin:create` after a deploy: creates (or resets the password of) the SUPER_ADMIN in the
 * deployed table, with the caller's own AWS credentials. The password is read from the environment,
 * never from the command line (shell history) and never from the template.
 *
 *   TABLE_NAME=<TableName output> PLATFORM_ADMIN_EMAIL=you@example.com PLATFORM_ADMIN_PASSWORD=... npm run admin:create
 */
async function main(): Promise<void> {
  const email = process.env.PLATFORM_ADMIN_EMAIL;
  const password = process.env.PLATFORM_ADMIN_PASSWORD;
  if (!process.env.TABLE_NAME || !email || !password) {
    throw new Error('Set TABLE_NAME (the stack output), PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD');
  }
  if (password.length < 12) throw new Error('Choose a platform admin password of at least 12 characters');
  const { created } = await ensurePlatformAdmin({ email, password });
  process.stdout.write(
    `${created ? 'Created' : 'Updated'} the platform administrator ${email} in ${process.env.TABLE_NAME}\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

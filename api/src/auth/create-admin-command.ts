import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import { loadConfig, type Env } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { makePrivateDatabaseFile, makePrivateFolder } from '../db/private-files.js';
import { createFirstAdmin, PASSWORD_SETUP_TTL_MS } from './first-admin.js';

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -- --email you@example.com [--organization "Your Company"]';

/**
 * `npm run create-admin -- --email x [--organization y]`: makes x an admin on the configured database
 * and prints how they sign in (a one-time set-password link with the embedded provider). Returns the
 * exit code.
 */
export async function runCreateAdmin(
  argv: string[],
  env: Env,
  print: (line: string) => void,
): Promise<number> {
  let values: { email?: string | undefined; organization?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, organization: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    print(`${(error as Error).message}\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }
  if (!values.email) {
    print(CREATE_ADMIN_USAGE);
    return 2;
  }
  const config = loadConfig(env);
  makePrivateFolder(config.dataDir);
  if (config.databaseUrl === undefined) makePrivateDatabaseFile(config.databasePath);
  const db = connectDatabase(config.databaseUrl ?? config.databasePath, { poolMax: 1 });
  try {
    await migrateToLatest(db);
    const embedded = config.identity.kind === 'embedded';
    const admin = await createFirstAdmin(
      db,
      {
        email: values.email,
        organizationName: values.organization,
        embedded,
        publicUrl: config.publicUrl,
      },
      systemClock.now(),
    );
    if (admin.setPasswordUrl) {
      print(
        `${values.email} is an admin. Open this link within ${PASSWORD_SETUP_TTL_MS / 3_600_000} hours to set the password (it works once):`,
      );
      print(admin.setPasswordUrl);
    } else {
      print(
        `${values.email} is an admin: their first sign-in at ${config.identity.issuerUrl} with that email (verified there) becomes this account.`,
      );
    }
    return 0;
  } catch (error) {
    print((error as Error).message);
    return 1;
  } finally {
    await db.destroy();
  }
}

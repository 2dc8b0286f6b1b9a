import { DEMO_PASSWORD, seedUsers } from '../db/seed-data.js';
import { findIdentityAccountByEmail } from '../repositories/identity-accounts.js';
import { verifyPassword } from './passwords.js';
/**
 * With the real services (SANDBOX_URL=off) the embedded sign-in must not take the demo password: a
 * database that an earlier demo run seeded still holds it, so the api refuses to start on it.
 */
export async function refuseDemoPasswords(db) {
    for (const user of seedUsers) {
        const account = await findIdentityAccountByEmail(db, user.email);
        if (account && (await verifyPassword(DEMO_PASSWORD, account.password_hash))) {
            throw new Error(`The account ${user.email} still has the public demo password and SANDBOX_URL=off points the api at the real services. ` +
                'Start from a new database (DATABASE_PATH or DATABASE_URL), or give it a new password with `npm run create-admin -- --email ' +
                `${user.email}\`.`);
        }
    }
}
//# sourceMappingURL=demo-password-guard.js.map
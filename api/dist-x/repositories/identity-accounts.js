import { normalizeEmail } from './users.js';
export async function findIdentityAccountByEmail(db, email) {
    return db.selectFrom('identity_accounts').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}
export async function findIdentityAccountBySubject(db, subject) {
    return db.selectFrom('identity_accounts').selectAll().where('subject', '=', subject).executeTakeFirst();
}
/** An embedded account with no password yet (it gets one through a set-password link). */
export async function createIdentityAccountWithoutPassword(db, account) {
    const row = { ...account, email: normalizeEmail(account.email), password_hash: '', picture: '' };
    await db.insertInto('identity_accounts').values(row).execute();
    return row;
}
export async function setIdentityAccountPassword(db, subject, passwordHash) {
    await db.updateTable('identity_accounts').set({ password_hash: passwordHash }).where('subject', '=', subject).execute();
}
//# sourceMappingURL=identity-accounts.js.map
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { makePrivateDatabaseFile, makePrivateFolder } from '../db/private-files.js';
import { seedDatabase } from '../db/seed.js';
import { deleteExpiredSessions } from '../repositories/sessions.js';
import { globalPlugin } from './global-plugin.js';
export const databasePlugin = globalPlugin(async (app, { databasePath, databaseUrl, dataDir, seedDemoAccounts, clock }) => {
    makePrivateFolder(dataDir);
    if (databaseUrl === undefined)
        makePrivateDatabaseFile(databasePath);
    const db = connectDatabase(databaseUrl ?? databasePath);
    try {
        await migrateToLatest(db);
        if (seedDemoAccounts)
            await seedDatabase(db, clock.now());
        await deleteExpiredSessions(db, clock.now());
    }
    catch (error) {
        await db.destroy();
        throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
        await db.destroy();
    });
});
//# sourceMappingURL=database.js.map
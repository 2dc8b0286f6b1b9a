import fs from 'node:fs';
import path from 'node:path';
/** A folder only the api's own user can enter (created when missing). */
export function makePrivateFolder(folder) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.chmodSync(folder, 0o700);
}
/** Files SQLite keeps beside the database; it creates them with the database file's mode. */
const companions = ['-wal', '-shm', '-journal'];
/**
 * The SQLite file readable and writable by its owner only, before SQLite opens it: SQLite gives its
 * WAL and shared-memory files the same mode. A new database's folder is made private too.
 */
export function makePrivateDatabaseFile(databasePath) {
    if (databasePath === ':memory:')
        return;
    const folder = path.dirname(databasePath);
    if (!fs.existsSync(folder))
        makePrivateFolder(folder);
    fs.closeSync(fs.openSync(databasePath, 'a', 0o600));
    for (const file of [databasePath, ...companions.map((suffix) => `${databasePath}${suffix}`)]) {
        if (fs.existsSync(file))
            fs.chmodSync(file, 0o600);
    }
}
//# sourceMappingURL=private-files.js.map
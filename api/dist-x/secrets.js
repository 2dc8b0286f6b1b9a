import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
const randomSecret = () => randomBytes(32).toString('base64url');
function generateSigningKey() {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    const key = { kty: 'RSA', kid: randomUUID(), alg: 'RS256', use: 'sig' };
    for (const [name, value] of Object.entries(jwk))
        if (typeof value === 'string')
            key[name] = value;
    return key;
}
const isString = (value) => typeof value === 'string' && value.length > 0;
function isSigningJwk(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const key = value;
    return key.kty === 'RSA' && isString(key.kid) && isString(key.d) && isString(key.n);
}
function readStored(file) {
    let text;
    try {
        text = fs.readFileSync(file, 'utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return {};
        throw error;
    }
    const parsed = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null)
        throw new Error(`${file} does not hold a JSON object`);
    const stored = parsed;
    const result = {};
    if (isString(stored.sessionSecret))
        result.sessionSecret = stored.sessionSecret;
    if (isString(stored.idpClientSecret))
        result.idpClientSecret = stored.idpClientSecret;
    if (isString(stored.encryptionKey))
        result.encryptionKey = stored.encryptionKey;
    if (Array.isArray(stored.idpCookieKeys) && stored.idpCookieKeys.length > 0 && stored.idpCookieKeys.every(isString)) {
        result.idpCookieKeys = stored.idpCookieKeys;
    }
    const jwks = stored.idpJwks;
    if (jwks && Array.isArray(jwks.keys) && jwks.keys.length > 0 && jwks.keys.every(isSigningJwk)) {
        result.idpJwks = { keys: jwks.keys };
    }
    return result;
}
/**
 * The secrets ${dataDir}/secrets.json holds, without generating or writing anything: for `npm run
 * worker`, which must use the api's encryption key, never make one of its own.
 */
export function readStoredSecrets(dataDir) {
    return readStored(path.join(dataDir, 'secrets.json'));
}
/**
 * Reads ${dataDir}/secrets.json, generates whatever is missing and writes the file back
 * (readable by its owner only).
 */
export function loadSecrets(dataDir) {
    const file = path.join(dataDir, 'secrets.json');
    const stored = readStored(file);
    const secrets = {
        sessionSecret: stored.sessionSecret ?? randomSecret(),
        idpClientSecret: stored.idpClientSecret ?? randomSecret(),
        idpCookieKeys: stored.idpCookieKeys ?? [randomSecret()],
        idpJwks: stored.idpJwks ?? { keys: [generateSigningKey()] },
        encryptionKey: stored.encryptionKey ?? randomSecret(),
    };
    const complete = stored.sessionSecret !== undefined && stored.idpClientSecret !== undefined && stored.idpCookieKeys !== undefined && stored.idpJwks !== undefined && stored.encryptionKey !== undefined;
    if (!complete) {
        fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
        fs.renameSync(temporary, file);
    }
    fs.chmodSync(file, 0o600);
    return secrets;
}
//# sourceMappingURL=secrets.js.map
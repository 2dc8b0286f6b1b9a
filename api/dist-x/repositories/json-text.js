/**
 * Reads a JSON text column with a schema. Rows are written by the api and by the webhook receiver;
 * a value that does not parse (or does not fit) reads as the fallback rather than failing a listing.
 */
export function readJson(text, schema, fallback) {
    if (text === null || text === undefined || text === '')
        return fallback;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return fallback;
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : fallback;
}
export const writeJson = (value) => JSON.stringify(value);
//# sourceMappingURL=json-text.js.map
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
/** The headers of one attempt: `webhook-id`, `webhook-timestamp` (epoch seconds), `webhook-signature` (`v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`). */
export function signedHeaders({ secret, messageId, timestamp, body }) {
    return {
        'content-type': 'application/json',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
    };
}
/** A new endpoint signing secret: `whsec_` and 32 random bytes in base64. */
export const generateEndpointSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
//# sourceMappingURL=signing.js.map
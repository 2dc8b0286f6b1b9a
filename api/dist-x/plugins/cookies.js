import cookie from '@fastify/cookie';
import { globalPlugin } from './global-plugin.js';
/** Cookie parsing for the whole app; signed cookies use the session secret. */
export const cookiesPlugin = globalPlugin(async (app, { secret }) => {
    await app.register(cookie, { secret, hook: 'onRequest' });
});
//# sourceMappingURL=cookies.js.map
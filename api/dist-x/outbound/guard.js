import { isOutboundError } from './errors.js';
import { hostRules } from './host-rules.js';
import { createOutboundPolicy } from './policy.js';
import { systemResolve } from './resolve.js';
import { guardedAgent, guardedRequest } from './transport.js';
export function createOutboundGuard({ settings, configuredUrls, resolve = systemResolve }) {
    const policy = createOutboundPolicy(settings, hostRules(configuredUrls), resolve);
    let agent;
    const pooled = () => (agent ??= guardedAgent(policy));
    return {
        settings,
        async vet(target, url) {
            const parsed = policy.checkUrl(target, url);
            try {
                await policy.pickAddress(parsed.hostname, parsed.port, parsed.protocol);
            }
            catch (error) {
                if (!(isOutboundError(error) && error.kind === 'unresolved'))
                    throw error;
            }
        },
        request: (target, call) => guardedRequest(policy, pooled(), settings.maxAnswerBytes, target, call),
        async close() {
            const open = agent;
            agent = undefined;
            await open?.close();
        },
    };
}
//# sourceMappingURL=guard.js.map
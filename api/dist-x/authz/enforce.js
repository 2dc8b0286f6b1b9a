import { forbidden, notFound } from '../http/http-error.js';
import { decide, hasRole, othersOf } from './decide.js';
import { flagDenied, policies } from './policy.js';
/** 403 unless the actor's role and permission flag let them call the operation at all. */
export function authorizeCall(actor, operation) {
    const policy = policies[operation];
    if (!hasRole(actor, policy.who))
        throw forbidden(policy.whoDenied ?? 'You may not do this');
    if (policy.flag && !actor[policy.flag])
        throw forbidden(flagDenied[policy.flag]);
}
export function resourceAccess(actor, operation) {
    const policy = policies[operation];
    return {
        require(record, notFoundMessage, deniedMessage) {
            if (!record)
                throw notFound(notFoundMessage);
            const decision = decide(actor, othersOf(policy, operation), record);
            if (decision === 'not-found')
                throw notFound(notFoundMessage);
            if (decision === 'forbidden')
                throw forbidden(deniedMessage ?? policy.othersDenied ?? 'You may not do this');
            return record;
        },
    };
}
//# sourceMappingURL=enforce.js.map
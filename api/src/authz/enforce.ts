import type { OperationName } from 'shared/contract';
import { forbidden, notFound } from '../http/http-error.js';
import { decide, hasRole, othersOf, type Actor, type Owned } from './decide.js';
import { flagDenied, policies } from './policy.js';

/** 403 unless the actor's role and permission flag let them call the operation at all. */
export function authorizeCall(actor: Actor, operation: OperationName): void {
  const policy = policies[operation];
  if (!hasRole(actor, policy.who)) throw forbidden(policy.whoDenied ?? 'You may not do this');
  if (policy.flag && !actor[policy.flag]) throw forbidden(flagDenied[policy.flag]);
}

/** The operation's rule for resources with an owner, bound to the actor (handed to each handler). */
export interface ResourceAccess {
  /**
   * The record when the actor may act on it; 404 (`notFoundMessage`) when there is none or it belongs
   * to another organization; 403 when the actor's role is not enough (`deniedMessage`, else the policy's).
   */
  require<T extends Owned>(
    record: T | undefined,
    notFoundMessage: string,
    deniedMessage?: string,
  ): T;
}

export function resourceAccess(actor: Actor, operation: OperationName): ResourceAccess {
  const policy = policies[operation];
  return {
    require(record, notFoundMessage, deniedMessage) {
      if (!record) throw notFound(notFoundMessage);
      const decision = decide(actor, othersOf(policy, operation), record);
      if (decision === 'not-found') throw notFound(notFoundMessage);
      if (decision === 'forbidden')
        throw forbidden(deniedMessage ?? policy.othersDenied ?? 'You may not do this');
      return record;
    },
  };
}

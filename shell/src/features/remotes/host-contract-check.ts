import { HOST_CONTRACT_VERSION, hostContractMeets } from 'shared/host';

/** A remote built against a newer host contract than this shell gives: it must not be rendered. */
export class HostContractTooOld extends Error {
  constructor(
    readonly remote: string,
    readonly needed: string,
  ) {
    super(`${remote} needs host contract ${needed}; this dashboard gives ${HOST_CONTRACT_VERSION}`);
    this.name = 'HostContractTooOld';
  }
}

/**
 * The loaded `<remote>/App` module when this shell's host contract meets the range the remote states
 * (a build from before ranges states none and is taken as it is); HostContractTooOld otherwise.
 */
export function checkHostContract<M extends { hostContractRange?: unknown }>(
  remote: string,
  module: M,
): M {
  const needed = module.hostContractRange;
  if (needed === undefined) return module;
  if (typeof needed !== 'string' || !hostContractMeets(HOST_CONTRACT_VERSION, needed))
    throw new HostContractTooOld(remote, String(needed));
  return module;
}

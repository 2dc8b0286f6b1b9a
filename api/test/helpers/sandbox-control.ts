import type { RunningSandbox } from './sandbox.js';

export type SandboxProvider =
  'smartlead' | 'instantly' | 'emailbison' | 'heyreach' | 'hubspot' | 'salesforce' | 'catcher';

/** Injects a fault into the sandbox (its control API): the next `count` matching calls get it. */
export async function injectFault(
  sandbox: RunningSandbox,
  provider: SandboxProvider,
  type: '429' | '500' | '410' | 'hang',
  options: { route?: string; count?: number; hangMs?: number; retryAfterSeconds?: number } = {},
): Promise<void> {
  const response = await sandbox.app.inject({
    method: 'POST',
    url: '/_sandbox/faults',
    payload: { provider, type, ...options },
  });
  if (response.statusCode !== 201) throw new Error(`Could not inject a fault: ${response.body}`);
}

/** Back to the seeded state (data, request logs, faults) for one provider or all. */
export async function resetSandbox(
  sandbox: RunningSandbox,
  provider?: SandboxProvider,
): Promise<void> {
  await sandbox.app.inject({
    method: 'POST',
    url: '/_sandbox/reset',
    payload: provider ? { provider } : {},
  });
}

/** The provider's state as the inspection API shows it. */
export async function sandboxState<T>(
  sandbox: RunningSandbox,
  provider: SandboxProvider,
): Promise<T> {
  return (
    await sandbox.app.inject({ method: 'GET', url: `/_sandbox/state/${provider}` })
  ).json<T>();
}

export interface SandboxRequest {
  method: string;
  url: string;
  body: unknown;
  status?: number;
  /** When it arrived (ISO, milliseconds). */
  at: string;
  /** "rate-limited" (or a fault) when the sandbox answered instead of the route. */
  outcome?: string;
}

/** The requests a provider received, newest first. */
export async function sandboxRequests(
  sandbox: RunningSandbox,
  provider: SandboxProvider,
): Promise<SandboxRequest[]> {
  return (
    await sandbox.app.inject({ method: 'GET', url: `/_sandbox/requests?provider=${provider}` })
  ).json<{ requests: SandboxRequest[] }>().requests;
}

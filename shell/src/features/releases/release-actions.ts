import type { ReleaseArea, RemoteName } from 'shared/contract';
import { remoteAreaTitles } from '../../lib/remote-areas';

/** A change of what an area runs, as the Releases page asks for it. */
export type ReleaseAction =
  | { kind: 'activate'; area: RemoteName; version: string }
  | { kind: 'rollback'; area: RemoteName; live: string }
  | { kind: 'promote'; area: RemoteName; version: string }
  | { kind: 'drop'; area: RemoteName; version: string };

/** A version served to a share of users, as the Start canary dialog asks for it. */
export interface CanaryStart {
  kind: 'canary';
  area: RemoteName;
  version: string;
  percent: number;
}

/** Any change the Releases page makes: a confirmed action or a canary's start. */
export type ReleaseChange = ReleaseAction | CanaryStart;

/** The confirmation's question, and what the change does to the pages opened afterwards. */
export function confirmationOf(action: ReleaseAction): { question: string; warning: string } {
  const title = remoteAreaTitles[action.area];
  const afterwards = 'Pages already open keep their version until they reload.';
  switch (action.kind) {
    case 'activate':
      return {
        question: `Do you want to make ${title} ${action.version} live?`,
        warning: `Every page opened from now on loads ${action.version}. ${afterwards}`,
      };
    case 'rollback':
      return {
        question: `Do you want to roll ${title} back from ${action.live}?`,
        warning: `The version live before ${action.live} becomes live again. ${afterwards}`,
      };
    case 'promote':
      return {
        question: `Do you want to make the canary ${title} ${action.version} live for everyone?`,
        warning: afterwards,
      };
    case 'drop':
      return {
        question: `Do you want to drop the canary ${title} ${action.version}?`,
        warning: `Its users get the live version again. ${afterwards}`,
      };
  }
}

/** The success toast's text, from the registry's answer. */
export function successOf(action: ReleaseChange, answer: ReleaseArea): string {
  const title = remoteAreaTitles[action.area];
  switch (action.kind) {
    case 'activate':
      return `${title} ${action.version} is live`;
    case 'rollback':
      return `${title} is rolled back to ${answer.live ?? 'its configured build'}`;
    case 'promote':
      return `${title} ${action.version} is live for everyone`;
    case 'drop':
      return `The canary ${title} ${action.version} is dropped`;
    case 'canary':
      return `The canary ${title} ${action.version} runs for ${action.percent} % of users`;
  }
}

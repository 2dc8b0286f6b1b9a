import type { CrmBacklogAccount, RemoteName } from 'shared/contract';
import {
  backlogAttentionLabel,
  backlogNeedsAttention,
  diskAttentionLabel,
  diskNeedsAttention,
} from 'shared/rules';
import { remoteAreaTitles } from '../../lib/remote-areas';

/** What the status widget found: whether the api answers, and which areas' remotes cannot be reached. */
export interface SystemHealth {
  api: boolean;
  unreachable: readonly RemoteName[];
  /** The data folder's free space as the api reported it (none when the api does not say). */
  diskFreePercent?: number;
}

/**
 * The widget's line and colour: every part up, the api down, or the areas that cannot load (issue 56);
 * amber too when the data folder's disk has under 10 % free (issue 53) or a CRM account's backlog
 * takes longer than 5 minutes to drain (issue 55).
 */
export function systemStatus(
  health: SystemHealth,
  backlog: readonly CrmBacklogAccount[] = [],
): {
  label: string;
  palette: 'green' | 'red' | 'orange';
} {
  if (!health.api) return { label: 'Service disruption', palette: 'red' };
  if (health.unreachable.length > 0)
    return {
      label: `${health.unreachable.map((name) => remoteAreaTitles[name]).join(', ')} unavailable`,
      palette: 'orange',
    };
  const disk = health.diskFreePercent;
  if (disk !== undefined && diskNeedsAttention(disk))
    return { label: diskAttentionLabel(disk), palette: 'orange' };
  if (backlogNeedsAttention(backlog))
    return { label: backlogAttentionLabel(backlog), palette: 'orange' };
  return { label: 'All systems operational', palette: 'green' };
}

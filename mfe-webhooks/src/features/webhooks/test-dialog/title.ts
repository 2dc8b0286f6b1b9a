import type { Platform } from 'shared/contract';
import { platformLabel } from 'shared/rules';

/** spec §2: the Send Test Webhook dialog's title names the webhook's platform, or "Universal" when it has none. */
export const testDialogTitle = (platform: Platform | null | undefined): string =>
  `Send Test Webhook - ${platform ? platformLabel(platform) : 'Universal'}`;

import type { WriterSettings } from '../../src/crm-writers/index.js';
import { webhookSettings } from './pipeline.js';

/** pipeline.ts's webhook settings as the writers take them, custom contact properties on. */
export const writerSettings = (change: Partial<WriterSettings> = {}): WriterSettings =>
  webhookSettings({ createContactCustomProperties: true, ...change });

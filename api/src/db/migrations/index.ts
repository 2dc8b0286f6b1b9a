import type { Migration } from 'kysely';
import * as m001 from './001_initial.js';
import * as m002 from './002_identity_provider_models.js';
import * as m003 from './003_crm_profiles_and_api_keys.js';
import * as m005 from './005_webhooks_block_lists_logs.js';
import * as m006 from './006_sign_in_links_and_password_setup.js';
import * as m007 from './007_job_queue.js';
import * as m008 from './008_webhook_events.js';
import * as m009 from './009_webhook_endpoint_secrets.js';
import * as m010 from './010_category_filter_actions.js';
import * as m011 from './011_lean_queue_and_event_indexes.js';
import * as m012 from './012_rate_limit_windows.js';
import * as m013 from './013_rate_limit_pacing.js';
import * as m014 from './014_crm_record_memos.js';
import * as m015 from './015_api_allocations.js';
import * as m016 from './016_events_read_from_raw_body.js';
import * as m017 from './017_jobs_holding_key.js';
import * as m018 from './018_block_list_entries.js';
import * as m019 from './019_log_cursor_indexes.js';
import * as m020 from './020_webhook_platform_registrations.js';
import * as m021 from './021_jobs_waiting_behind_key.js';
import * as m022 from './022_set_aside_events_index.js';
import * as m023 from './023_event_bodies_lz4.js';
import * as m024 from './024_jobs_active_lease_index.js';
import * as m025 from './025_deployment_secrets.js';
import * as m026 from './026_embed_keys.js';
import * as m027 from './027_intake_limits.js';
import * as m028 from './028_job_lanes.js';
import * as m029 from './029_release_registry.js';
import * as m030 from './030_release_fallbacks.js';
import * as m031 from './031_release_host_contract.js';
import * as m032 from './032_webhook_secret_keys.js';

/** Every migration, in order. Listed in code (not read from disk) so they run the same from src and dist. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_identity_provider_models': m002,
  '003_crm_profiles_and_api_keys': m003,
  '005_webhooks_block_lists_logs': m005,
  '006_sign_in_links_and_password_setup': m006,
  '007_job_queue': m007,
  '008_webhook_events': m008,
  '009_webhook_endpoint_secrets': m009,
  '010_category_filter_actions': m010,
  '011_lean_queue_and_event_indexes': m011,
  '012_rate_limit_windows': m012,
  '013_rate_limit_pacing': m013,
  '014_crm_record_memos': m014,
  '015_api_allocations': m015,
  '016_events_read_from_raw_body': m016,
  '017_jobs_holding_key': m017,
  '018_block_list_entries': m018,
  '019_log_cursor_indexes': m019,
  '020_webhook_platform_registrations': m020,
  '021_jobs_waiting_behind_key': m021,
  '022_set_aside_events_index': m022,
  '023_event_bodies_lz4': m023,
  '024_jobs_active_lease_index': m024,
  '025_deployment_secrets': m025,
  '026_embed_keys': m026,
  '027_intake_limits': m027,
  '028_job_lanes': m028,
  '029_release_registry': m029,
  '030_release_fallbacks': m030,
  '031_release_host_contract': m031,
  '032_webhook_secret_keys': m032,
};

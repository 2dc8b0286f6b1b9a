import { SelectField, TextField } from 'shared/ui';
import { useEventTypeOptions } from '../../lib/log-list/use-event-type-options';
import { webhookEventStateOptions, type WebhookLogFilters } from 'shared/rules/logs';

export interface WebhookLogFilterInputsProps {
  filters: WebhookLogFilters;
  onChange: (key: keyof WebhookLogFilters, value: string) => void;
  /** spec §6: managers and admins also filter by user, webhook ID, URL and hub ID. */
  managerOrAdmin: boolean;
}

export function WebhookLogFilterInputs({
  filters,
  onChange,
  managerOrAdmin,
}: WebhookLogFilterInputsProps) {
  const eventTypes = useEventTypeOptions('listWebhookLogTypes');
  return (
    <>
      <TextField
        label="Email"
        type="search"
        value={filters.email}
        onChange={(value) => onChange('email', value)}
      />
      <SelectField
        label="Event type"
        value={filters.eventType}
        options={eventTypes}
        onChange={(value) => onChange('eventType', value)}
      />
      <SelectField
        label="State"
        placeholder="All states"
        value={filters.state}
        options={webhookEventStateOptions}
        onChange={(value) => onChange('state', value)}
      />
      {managerOrAdmin && (
        <>
          <TextField
            label="User"
            type="search"
            value={filters.userEmail}
            onChange={(value) => onChange('userEmail', value)}
          />
          <TextField
            label="Webhook ID"
            inputMode="numeric"
            value={filters.webhookId}
            onChange={(value) => onChange('webhookId', value)}
          />
          <TextField
            label="Webhook URL"
            type="search"
            value={filters.webhookUrl}
            onChange={(value) => onChange('webhookUrl', value)}
          />
          <TextField
            label="Hub ID"
            type="search"
            value={filters.hubId}
            onChange={(value) => onChange('hubId', value)}
          />
        </>
      )}
    </>
  );
}

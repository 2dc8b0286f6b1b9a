import { Heading, Stack, Text } from '@chakra-ui/react';
import type { WebhookLogAttempt, WebhookLogDetail } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, TruncatedText, type DataColumn } from 'shared/ui';
import { noAttemptsText, processStepLine, processStepsOf } from 'shared/rules/logs';

type AttemptRow = WebhookLogAttempt & { id: string; step: string };

/** Each processing run and delivery attempt, in time order: when, what, the answer and the error. */
export function EventAttempts({ log }: { log: WebhookLogDetail }) {
  const urlOf = new Map(log.deliveries.map((delivery) => [delivery.id, delivery.url]));
  const rows: AttemptRow[] = log.attempts.map((attempt, index) => ({
    ...attempt,
    id: `${index}`,
    step:
      attempt.kind === 'process'
        ? 'Processing'
        : `Delivery to ${urlOf.get(attempt.deliveryId ?? -1) ?? 'an endpoint'}`,
  }));
  const columns: DataColumn<AttemptRow>[] = [
    {
      header: 'Time',
      cell: (row) => formatDateTime(row.startedAt),
      cellProps: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Step',
      cell: (row) => (
        <TruncatedText maxW="13rem">{`${row.step} (attempt ${row.attempt})`}</TruncatedText>
      ),
    },
    {
      header: 'Outcome',
      cell: (row) => (row.statusCode === null ? row.outcome : `${row.outcome} (${row.statusCode})`),
      cellProps: { whiteSpace: 'nowrap' },
    },
    {
      header: 'Duration',
      cell: (row) => `${row.durationMs} ms`,
      cellProps: { whiteSpace: 'nowrap' },
    },
    { header: 'Answer', cell: (row) => <AttemptAnswer attempt={row} /> },
    {
      header: 'Error',
      cell: (row) =>
        row.error ? (
          <TruncatedText maxW="12rem" color="fg.error">
            {row.error}
          </TruncatedText>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Steps and attempts
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{noAttemptsText(log.state)}</Text>
      ) : (
        <DataTable label="Steps and attempts" columns={columns} rows={rows} />
      )}
    </Stack>
  );
}

/** A processing run's steps, one line each (what was written where, what was skipped and why); any other answer's start. */
function AttemptAnswer({ attempt }: { attempt: WebhookLogAttempt }) {
  const steps = processStepsOf(attempt);
  if (steps !== null) {
    return (
      <Stack gap="0.5" as="ul" listStyleType="none" aria-label="Steps">
        {steps.map((step, index) => (
          <TruncatedText
            as="li"
            key={index}
            maxW="14rem"
            textStyle="xs"
            color={step.ok ? undefined : 'fg.error'}
          >
            {processStepLine(step)}
          </TruncatedText>
        ))}
      </Stack>
    );
  }
  return attempt.answer ? <TruncatedText maxW="12rem">{attempt.answer}</TruncatedText> : '—';
}

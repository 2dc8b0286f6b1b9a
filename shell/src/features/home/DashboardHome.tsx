import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  HStack,
  Link,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_BASENAME } from 'shared/host';
import { integrationLabel } from 'shared/rules';
import { ScreenHeading } from 'shared/ui';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShellHost } from '../../lib/shell-host';
import { nextStep, nextStepSentence, setupSteps, type SetupCounts } from './next-steps';
import { useSetupSummary, type SetupSummary } from './use-setup-summary';

const to = (path: string) => `${DASHBOARD_BASENAME}/${path}`;

function CountCard({
  title,
  path,
  list,
  children,
}: {
  title: string;
  path: string;
  list: { data?: readonly unknown[]; pending: boolean; failed: boolean };
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm" aria-label={title}>
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm">
          {title}
        </Text>
        {list.pending ? (
          <Skeleton h="8" w="12" />
        ) : list.failed ? (
          <Text color="fg.error">Could not be loaded</Text>
        ) : (
          <Text fontSize="3xl" fontWeight="semibold" data-testid="count">
            {list.data?.length ?? 0}
          </Text>
        )}
        {children}
        <Link asChild fontSize="sm" mt="auto">
          <RouterLink to={to(path)}>Open {title}</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}

function ConnectedAccounts({ summary }: { summary: SetupSummary }) {
  const accounts = summary.crmAccounts.data ?? [];
  if (accounts.length === 0) return null;
  return (
    <List.Root fontSize="xs" color="fg.muted" ps="4">
      {accounts.map((account) => (
        <List.Item key={account.id} overflowWrap="anywhere">
          {integrationLabel(account)}
        </List.Item>
      ))}
    </List.Root>
  );
}

function NextSteps({ counts }: { counts: SetupCounts }) {
  const steps = setupSteps(counts);
  const next = nextStep(steps);
  return (
    <Card.Root size="sm" aria-label="What to do next">
      <Card.Header>
        <Card.Title as="h2">What to do next</Card.Title>
        <Card.Description>
          {next
            ? nextStepSentence(next)
            : 'Everything is set up: campaign events and block lists are syncing.'}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <List.Root as="ol" gap="3" listStyle="none">
          {steps.map((step, index) => (
            <List.Item key={step.key}>
              <HStack justify="space-between" gap="4" wrap="wrap">
                <Stack gap="0">
                  <Text fontWeight="medium">
                    {index + 1}. {step.title}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {step.why}
                  </Text>
                </Stack>
                {step.done ? (
                  <Badge colorPalette="green" variant="subtle">
                    Done
                  </Badge>
                ) : (
                  <Button
                    asChild
                    size="sm"
                    variant={step === next ? 'solid' : 'outline'}
                    colorPalette="primary"
                  >
                    <RouterLink to={to(step.path)}>{step.title}</RouterLink>
                  </Button>
                )}
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Where a person lands after signing in: what is connected, and the next thing to set up. */
export function DashboardHome() {
  useDocumentTitle('Dashboard');
  const { user } = useShellHost();
  const summary = useSetupSummary(user);
  const lists = [summary.crmAccounts, summary.apiKeys, summary.webhooks, summary.blockLists];
  const counts: SetupCounts = {
    crmAccounts: summary.crmAccounts.data?.length ?? 0,
    apiKeys: summary.apiKeys.data?.length ?? 0,
    webhooks: summary.webhooks.data?.length ?? 0,
    blockLists: summary.blockLists.data?.length ?? 0,
  };
  return (
    <Stack gap="6">
      <ScreenHeading title="Dashboard">
        <Text color="fg.muted">
          Welcome, {user.details.nickname || user.details.email}. Here is what is connected and what
          to do next.
        </Text>
      </ScreenHeading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <CountCard title="CRM accounts" path="hubspot" list={summary.crmAccounts}>
          <ConnectedAccounts summary={summary} />
        </CountCard>
        <CountCard title="API keys" path="api-keys" list={summary.apiKeys} />
        <CountCard title="Webhooks" path="webhooks" list={summary.webhooks} />
        <CountCard title="Block lists" path="smartlead-block-lists" list={summary.blockLists} />
      </SimpleGrid>
      {lists.every((list) => !list.pending) && <NextSteps counts={counts} />}
    </Stack>
  );
}

import { Box, Collapsible, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { CurrentUser, RuntimeConfig } from 'shared/contract';
import { DASHBOARD_BASENAME } from 'shared/host';
import { navigationFor, type NavLinkItem } from './nav-items';
import { RunningVersions } from './RunningVersions';
import { StatusWidget } from './StatusWidget';
import { HEADER_HEIGHT } from './Header';

const chevronDown = (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="m6 9 6 6 6-6" />
  </svg>
);

function NavItem({ item }: { item: NavLinkItem }) {
  return (
    <ChakraLink
      asChild
      display="block"
      px="3"
      py="2"
      rounded="md"
      color="fg"
      _hover={{ textDecoration: 'none' }}
      // the hover grey for the other items only: the active one keeps its colours under the pointer
      // (white on the hover grey was 1.1:1)
      css={{
        '&:not(.active):hover': { bg: 'gray.100' },
        '&.active': { bg: 'gray.800', color: 'white' },
      }}
    >
      <NavLink to={`${DASHBOARD_BASENAME}/${item.path}`} data-route-name={item.name}>
        {item.label}
      </NavLink>
    </ChakraLink>
  );
}

export function SideNav({ user, config }: { user: CurrentUser; config: RuntimeConfig }) {
  return (
    <Stack
      as="nav"
      aria-label="Main"
      gap="1"
      w="64"
      flexShrink="0"
      p="3"
      borderRightWidth="1px"
      bg="white"
      position="sticky"
      top={HEADER_HEIGHT}
      h={`calc(100vh - ${HEADER_HEIGHT})`}
      overflowY="auto"
    >
      {navigationFor(user).map((entry) =>
        entry.kind === 'link' ? (
          <NavItem key={entry.name} item={entry} />
        ) : (
          <Collapsible.Root key={entry.label} defaultOpen>
            <Collapsible.Trigger asChild>
              <HStack
                as="button"
                w="full"
                justify="space-between"
                px="3"
                py="2"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                color="fg.muted"
                cursor="pointer"
              >
                {entry.label}
                <Collapsible.Indicator
                  transition="transform 0.2s"
                  _open={{ transform: 'rotate(180deg)' }}
                >
                  {chevronDown}
                </Collapsible.Indicator>
              </HStack>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="1" pl="2">
                {entry.items.map((item) => (
                  <NavItem key={item.name} item={item} />
                ))}
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        ),
      )}
      <Stack gap="1" mt="4" pt="4" borderTopWidth="1px">
        <ChakraLink href={config.knowledgeBaseUrl} target="_blank" rel="noreferrer" px="3" py="1">
          Knowledge base
        </ChakraLink>
        <ChakraLink href={`mailto:${config.supportEmail}`} px="3" py="1">
          Email support
        </ChakraLink>
        <ChakraLink href="/oauth/logout" px="3" py="1">
          Log out
        </ChakraLink>
      </Stack>
      <Box mt="auto" pt="6">
        <StatusWidget statusPageUrl={config.statusPageUrl} remotes={config.remotes} />
      </Box>
      <RunningVersions />
      <Text fontSize="xs" color="fg.muted" px="3">
        © 2024 CRM Sync
      </Text>
    </Stack>
  );
}

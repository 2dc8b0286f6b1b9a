import { Box, Button, Center, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { Header } from './Header';
import { ShellHostProvider } from '../../lib/shell-host';
import { SideNav } from './SideNav';
import { UpgradeBanner } from './UpgradeBanner';
import { useCurrentUser } from './use-current-user';

/** The dashboard shell: loads the current user, then header, banner, side navigation and the routed area. */
export function DashboardLayout() {
  const me = useCurrentUser();
  const config = useRuntimeConfig();

  if (me.isPending || config.isPending) {
    return (
      <Center minH="100vh" aria-busy="true">
        <Spinner size="xl" />
      </Center>
    );
  }
  if (me.isError || config.isError) {
    const failed = me.isError ? 'your account' : 'the dashboard configuration';
    return (
      <Center minH="100vh">
        <Stack align="center" gap="3" role="alert">
          <Text fontSize="lg">Could not load {failed}.</Text>
          <Button onClick={() => (me.isError ? me.refetch() : config.refetch())}>Try again</Button>
        </Stack>
      </Center>
    );
  }

  const user = me.data;
  return (
    <ShellHostProvider user={user}>
      <Flex direction="column" minH="100vh">
        <Header user={user} />
        {!user.isPaidTier && <UpgradeBanner supportEmail={config.data.supportEmail} />}
        <Flex flex="1" align="flex-start">
          <SideNav user={user} config={config.data} />
          <Box as="main" flex="1" p={{ base: '4', md: '8' }} minW="0">
            <Outlet />
          </Box>
        </Flex>
      </Flex>
    </ShellHostProvider>
  );
}

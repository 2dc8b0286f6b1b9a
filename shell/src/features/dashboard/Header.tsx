import { Avatar, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { CurrentUser } from 'shared/contract';
import logo from '../../assets/logo.svg';

/** The header stays at the top while the page scrolls; the side navigation sits right under it. */
export const HEADER_HEIGHT = '4rem';

/** Product logo, and the signed-in user's picture, nickname (Name) and email (Email). */
export function Header({ user }: { user: CurrentUser }) {
  const { nickname, email, picture } = user.details;
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h={HEADER_HEIGHT}
      flexShrink="0"
      align="center"
      justify="space-between"
      px="6"
      bg="white"
      borderBottomWidth="1px"
    >
      <HStack gap="3">
        <Image src={logo} alt="CRM Sync logo" boxSize="8" />
        <Text fontWeight="bold" fontSize="lg">
          CRM Sync
        </Text>
      </HStack>
      <HStack gap="3" aria-label="Signed-in user">
        <Stack gap="0" fontSize="sm" textAlign="end">
          <Text>
            <Text as="span" color="fg.muted">
              Name:{' '}
            </Text>
            <span data-testid="user-nickname">{nickname}</span>
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Email:{' '}
            </Text>
            <span data-testid="user-email">{email}</span>
          </Text>
        </Stack>
        <Avatar.Root size="sm">
          <Avatar.Fallback name={nickname || email} />
          {picture ? <Avatar.Image src={picture} alt={`Picture of ${nickname || email}`} /> : null}
        </Avatar.Root>
      </HStack>
    </Flex>
  );
}

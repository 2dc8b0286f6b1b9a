import { Center, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import logo from '../../assets/logo.svg';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A full page with a title, a line of text and a link back to the main page. */
export function MessagePage({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <Center minH="100vh" p="6">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Image src={logo} alt="CRM Sync logo" boxSize="12" />
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Link asChild fontWeight="semibold">
          <RouterLink to="/">Back to the main page</RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted" pt="8">
          © 2024 CRM Sync
        </Text>
      </Stack>
    </Center>
  );
}

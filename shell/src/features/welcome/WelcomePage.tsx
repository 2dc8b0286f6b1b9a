import { Box, Button, Center, Heading, Image, Link, List, Stack, Text } from '@chakra-ui/react';
import { useRuntimeConfig } from '../../lib/runtime-config';
import logo from '../../assets/logo.svg';
import { useDocumentTitle } from '../../lib/use-document-title';
import { landingText } from './landing-text';

export function WelcomePage() {
  useDocumentTitle();
  const config = useRuntimeConfig();
  const supportEmail = config.data?.supportEmail;
  return (
    <Center minH="100vh" p="6">
      <Stack
        gap="8"
        maxW="lg"
        w="full"
        bg="white"
        p="10"
        rounded="xl"
        borderWidth="1px"
        shadow="sm"
      >
        <Stack align="center" gap="3" textAlign="center">
          <Image src={logo} alt="CRM Sync logo" boxSize="16" />
          <Heading as="h1" size="3xl">
            CRM Sync
          </Heading>
          <Text color="fg.muted">{landingText.tagline}</Text>
        </Stack>
        <Box>
          <Text fontWeight="semibold" mb="2">
            {landingText.featuresTitle}
          </Text>
          <List.Root gap="2" ps="5">
            {landingText.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List.Root>
        </Box>
        <Button asChild size="lg" w="full">
          <a href="/auth/login">{landingText.login}</a>
        </Button>
        <Text textAlign="center" fontSize="sm">
          {landingText.help}{' '}
          <Link href={supportEmail ? `mailto:${supportEmail}` : undefined} fontWeight="semibold">
            {landingText.support}
          </Link>
        </Text>
        <Text textAlign="center" fontSize="xs" color="fg.muted">
          {landingText.copyright}
        </Text>
      </Stack>
    </Center>
  );
}

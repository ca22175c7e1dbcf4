import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMe } from './session';

/**
 * The member home: greets the user by given name. Its tiles, search and news arrive
 * with the member-site release; until then it says so instead of pretending.
 */
export function HomePage() {
  const me = useMe().data;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{me?.givenName ? `Welcome ${me.givenName}` : 'Welcome'}</Title>
        <Text fz="lg">Let's get started.</Text>
        <Alert icon={<IconInfoCircle aria-hidden />} title="More is on its way" color="navy" variant="light">
          Safety forms, asset registers, documents and licences are not part of this version of the hub yet. You can already
          secure your account with two-factor authentication from the account menu.
        </Alert>
      </Stack>
    </Container>
  );
}

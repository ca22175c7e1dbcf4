import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconInfoCircle, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMe } from './session';

/**
 * The member home: greets the user by given name and leads to the safety forms. The
 * eight tiles, global search and news of the spec come with the member-site release.
 */
export function HomePage() {
  const me = useMe().data;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{me?.givenName ? `Welcome ${me.givenName}` : 'Welcome'}</Title>
        <Text fz="lg">Let's get started.</Text>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to="/mesafety" size="md" leftSection={<IconFileText size={20} aria-hidden />}>
            Safety forms
          </Button>
          <Button
            component={Link}
            to="/user-submissions/all"
            size="md"
            variant="light"
            leftSection={<IconListCheck size={20} aria-hidden />}
          >
            View submissions
          </Button>
        </Group>
        <Alert icon={<IconInfoCircle aria-hidden />} title="More is on its way" color="navy" variant="light">
          Asset registers, documents, licences and the home page tiles are not part of this version of the hub yet. You can already fill in
          and submit safety forms, and secure your account with two-factor authentication from the account menu.
        </Alert>
      </Stack>
    </Container>
  );
}

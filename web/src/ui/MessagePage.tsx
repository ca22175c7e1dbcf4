import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A full-page message with the way back, as the 403 and 404 pages show it. */
export function MessagePage({ code, message, children }: { code: string; message: string; children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1} fz={64} c="navy.9" aria-hidden>
          {code}
        </Title>
        <Text fz="xl" fw={600} role="heading" aria-level={2}>
          {message}
        </Text>
        <Group justify="center">
          <Button onClick={() => navigate(-1)}>Return to Previous Page</Button>
          {children}
        </Group>
      </Stack>
    </Center>
  );
}

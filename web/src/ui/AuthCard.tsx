import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The frame of the public account pages: sign-in, registration, password reset. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <IconShieldCheck size={40} color="var(--mantine-color-safety-6)" aria-hidden />
            <Text fw={700} c="navy.9">
              Safety Hub
            </Text>
          </Stack>
          <Title order={1} fz="h2" ta="center">
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" ta="center">
              {intro}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

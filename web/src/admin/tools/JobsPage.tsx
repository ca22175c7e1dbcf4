import { Alert, Badge, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../client/api';
import { formatLocal } from '../../ui/dates';

interface Mail {
  id: string;
  to: string;
  subject: string;
  created: string;
  sentAt: string | null;
  error: string | null;
}

interface Job {
  name: string;
  schedule: string;
  description: string;
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : String(err));

/** The page behind the sidebar's Hangfire link: the mail outbox and the scheduled jobs the server knows. */
export default function JobsPage() {
  const outbox = useQuery({ queryKey: ['mail-outbox'], queryFn: () => api<Mail[]>('GET', '/api/mail/outbox') });
  const jobs = useQuery({ queryKey: ['jobs'], queryFn: () => api<{ scheduled: Job[] }>('GET', '/api/jobs') });

  return (
    <Stack gap="md">
      <Title order={1}>Jobs</Title>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Scheduled jobs
        </Title>
        {jobs.isPending && <Loader size="sm" aria-label="Loading scheduled jobs" />}
        {jobs.isError && <Alert color="red">An unexpected error occurred: {errorText(jobs.error)}</Alert>}
        {jobs.data && jobs.data.scheduled.length === 0 && (
          <Text>
            There are no scheduled jobs: the server does not run any background jobs yet. Mail is sent when it is written, when the server
            has an SMTP server configured.
          </Text>
        )}
        {jobs.data && jobs.data.scheduled.length > 0 && (
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.scheduled.map((j) => (
                <Table.Tr key={j.name}>
                  <Table.Td>{j.name}</Table.Td>
                  <Table.Td>{j.schedule}</Table.Td>
                  <Table.Td>{j.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3">
            Mail outbox
          </Title>
          <Text size="sm" c="dimmed">
            The newest 50 messages; without SMTP they stay here, not sent
          </Text>
        </Group>
        {outbox.isPending && (
          <Group>
            <Loader size="sm" />
            <Text>Loading Mail...</Text>
          </Group>
        )}
        {outbox.isError && <Alert color="red">An unexpected error occurred: {errorText(outbox.error)}</Alert>}
        {outbox.data && (
          <ScrollArea type="auto">
            <Table striped withTableBorder miw={720}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>{formatLocal(m.created)}</Table.Td>
                    <Table.Td>
                      {m.error ? (
                        <Badge color="red" title={m.error}>
                          Error: {m.error}
                        </Badge>
                      ) : m.sentAt ? (
                        <Badge color="green">Sent {formatLocal(m.sentAt)}</Badge>
                      ) : (
                        <Badge color="gray">Not sent</Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {outbox.data.length === 0 && (
              <Text ta="center" py="lg" c="dimmed">
                No results found
              </Text>
            )}
          </ScrollArea>
        )}
      </Paper>
    </Stack>
  );
}

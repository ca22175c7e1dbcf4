import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Title, Tooltip, Container } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../client/api';
import { formatLocal24 } from '../ui/dates';
import { StorageUsage } from './StorageUsage';

interface Token {
  id: string;
  name: string;
  createdAt: string;
}

/** /integrations: API tokens for the field-service application; a new key is shown once. */
export function IntegrationsPage() {
  const client = useQueryClient();
  const tokens = useQuery({
    queryKey: ['api-tokens'],
    queryFn: () => api<Token[]>('GET', '/api/account/has-keys', undefined, { redirectOn401: true }),
  });
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);

  const generate = useMutation({
    mutationFn: () =>
      api<Token & { key: string }>('POST', '/api/account/generate-key', {
        name: `Field service token ${new Date().toLocaleDateString('en-AU')}`,
      }),
    onSuccess: (t) => {
      setCreated(t.key);
      notifications.show({ color: 'green', message: 'API Token generated successfully' });
      void client.invalidateQueries({ queryKey: ['api-tokens'] });
    },
    onError: () => notifications.show({ color: 'red', message: 'Failed to generate an API Token' }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api('POST', '/api/account/revoke-key', { id }),
    onSuccess: () => {
      setRevoking(null);
      notifications.show({ color: 'green', message: 'API Token revoked successfully' });
      void client.invalidateQueries({ queryKey: ['api-tokens'] });
    },
    onError: () => notifications.show({ color: 'red', message: 'Failed to revoke a API Token' }),
  });

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>Integrations</Title>
        <Group justify="space-between">
          <Title order={2}>API Tokens</Title>
          <Button onClick={() => generate.mutate()} loading={generate.isPending}>
            Create API token
          </Button>
        </Group>
        <Text c="dimmed">
          API tokens let your field-service application read and write your organisation's records. Treat them like passwords.
        </Text>
        {tokens.isError && <Alert color="red">Failed to check for existing API tokens</Alert>}
        {tokens.data && tokens.data.length === 0 && <Text>No API tokens yet.</Text>}
        {tokens.data && tokens.data.length > 0 && (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Token</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Text size="sm">{t.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatLocal24(t.createdAt)}</Table.Td>
                  <Table.Td>
                    <Tooltip label="Revoke">
                      <ActionIcon variant="subtle" color="red" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`} size="lg">
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <StorageUsage />
      </Stack>

      <Modal opened={!!created} onClose={() => setCreated(null)} title="Your new API token" centered size="lg">
        <Stack>
          <Alert color="safety" variant="light">
            Copy this token now: it cannot be seen again once you close this window.
          </Alert>
          <Group wrap="nowrap" align="center">
            <Code block style={{ wordBreak: 'break-all', flex: 1 }} data-testid="new-token">
              {created}
            </Code>
            <CopyButton value={created ?? ''}>
              {({ copy }) => (
                <Button
                  leftSection={<IconCopy size={16} />}
                  onClick={() => {
                    copy();
                    notifications.show({ color: 'green', message: 'API Token copied to clipboard' });
                  }}
                >
                  Copy
                </Button>
              )}
            </CopyButton>
          </Group>
          <Button variant="light" onClick={() => setCreated(null)}>
            Done
          </Button>
        </Stack>
      </Modal>

      <Modal opened={!!revoking} onClose={() => setRevoking(null)} title="Please confirm" centered>
        <Stack>
          <Text>Revoke {revoking?.name}? Applications using it stop working at once. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking.id)}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

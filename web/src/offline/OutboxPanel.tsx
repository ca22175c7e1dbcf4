import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useOffline } from '../client/connectivity';
import { formatLocal } from '../ui/dates';
import type { OutboxItem } from './db';
import { isPending, removeItem } from './outbox';

function stateText(item: OutboxItem): string {
  if (item.state === 'refused') return `Not accepted: ${item.message ?? 'the hub did not accept this form'}`;
  if (item.state === 'sending') return 'Sending…';
  return item.attempts > 0 && item.message ? `Waiting to send (last try: ${item.message})` : 'Waiting to send';
}

/** The list of the outbox: form, draft or submission, when queued, and what became of it. */
export function OutboxPanel({ items, onClose }: { items: OutboxItem[]; onClose: () => void }) {
  const navigate = useNavigate();
  const offline = useOffline();
  const pending = items.filter(isPending).length;
  return (
    <Modal opened onClose={onClose} title="Forms on this device" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {items.length === 0 ? (
        <Text>Every form has been sent.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {offline
              ? 'They are sent, in this order, when you are back online.'
              : pending
                ? 'They are being sent, in this order.'
                : 'A form that was not accepted keeps its answers on this device: open it, fix it and send it again.'}
          </Text>
          {items.map((item) => (
            <Paper key={item.seq} withBorder p="sm" radius="md" data-testid="outbox-item">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.formName}
                </Text>
                <Badge variant="light" color={item.kind === 'submit' ? 'navy' : 'gray'}>
                  {item.kind === 'submit' ? 'Submission' : 'Draft'}
                </Badge>
              </Group>
              <Text size="sm" c="gray.7">
                Queued {formatLocal(item.queued)}
              </Text>
              <Text size="sm" c={item.state === 'refused' ? 'red.9' : undefined} role={item.state === 'refused' ? 'alert' : undefined}>
                {stateText(item)}
              </Text>
              {item.state === 'refused' && (
                <Group gap="xs" mt="xs">
                  <Button
                    size="sm"
                    mih={44}
                    onClick={() => {
                      onClose();
                      void navigate(`/safety-form/${item.formId}`);
                    }}
                  >
                    Open to fix
                  </Button>
                  <Button size="sm" mih={44} variant="default" onClick={() => void removeItem(item.seq!)}>
                    Dismiss
                  </Button>
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

import { Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title, useMatches } from '@mantine/core';
import { LicenceType } from '@hub/model';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../app/session';
import { DueDate } from '../../ui/DueDate';
import { displayedLicenceStatus, licenceActionsFor, STATUS_COLOUR, STATUS_LABEL } from './licence-rules';
import { licencePaths, useLicenceActions, useUserLicences, type LicenceRow } from './licences-api';

const typeLabel = (t: string | null) => (t ? ((LicenceType.values as Record<string, string>)[t] ?? t) : '—');

/**
 * A licence's renewal date, marked Overdue / Due today / Due in N days (ui/DueDate) once it is approved
 * (Active or Expired): a pending licence is waiting for approval, not for renewal (docs/reminders.md).
 */
export function RenewalDate({ licence }: { licence: { status?: unknown; renewalDate?: unknown } }) {
  const day = typeof licence.renewalDate === 'string' ? licence.renewalDate : null;
  return day ? <DueDate day={day} due={licence.status === 'ACTIVE' || licence.status === 'EXPIRED'} /> : <>—</>;
}

export function LicenceStatusBadge({ licence }: { licence: Pick<LicenceRow, 'status' | 'renewalDate'> }) {
  const status = displayedLicenceStatus(licence);
  return (
    <Badge
      color={STATUS_COLOUR[status]}
      variant="outline"
      size="lg"
      style={{ flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}
    >
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/**
 * The licences of one user on their view page: name, type, number, renewal date and the displayed
 * status; View and Edit (when `canEdit`), and for approvers Approve and Remove on pending ones.
 * A table on wide screens, one card per licence on phones.
 */
export function LicenceList({ userId, canEdit, titled = true }: { userId: string; canEdit: boolean; titled?: boolean }) {
  const me = useMe().data;
  const licences = useUserLicences(userId);
  const { approve, remove } = useLicenceActions();
  const [removing, setRemoving] = useState<LicenceRow | null>(null);
  const cards = useMatches({ base: true, sm: false });
  const paths = licencePaths(userId);
  const size = cards ? 'md' : 'xs';
  const tap = cards ? { minHeight: 44 } : undefined;

  const actions = (l: LicenceRow) => {
    const offered = licenceActionsFor(me, l.status, userId);
    return (
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to={paths.view(l.id)} size={size} variant="default" style={tap} aria-label={`View ${l.licenceName}`}>
          View
        </Button>
        {canEdit && (
          <Button component={Link} to={paths.edit(l.id)} size={size} variant="default" style={tap} aria-label={`Edit ${l.licenceName}`}>
            Edit
          </Button>
        )}
        {offered.includes('approve') && (
          <Button
            size={size}
            style={tap}
            aria-label={`Approve ${l.licenceName}`}
            loading={approve.isPending && approve.variables === l.id}
            onClick={() => approve.mutate(l.id)}
          >
            Approve
          </Button>
        )}
        {offered.includes('remove') && (
          <Button size={size} style={tap} color="red" variant="light" aria-label={`Remove ${l.licenceName}`} onClick={() => setRemoving(l)}>
            Remove
          </Button>
        )}
      </Group>
    );
  };

  const rows = licences.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Licences and competencies">
      {titled && (
        <Title order={2} fz="h3">
          Licences and competencies
        </Title>
      )}
      {licences.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading Licences...</Text>
        </Group>
      )}
      {licences.isError && (
        <Text c="red.9" role="alert">
          Error Loading Licences
        </Text>
      )}
      {licences.isSuccess && !rows.length && <Text c="dimmed">No licences yet.</Text>}
      {rows.length > 0 &&
        (cards ? (
          <Stack gap="xs">
            {rows.map((l) => (
              <Paper key={l.id} withBorder p="sm" component="article" aria-label={l.licenceName}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{l.licenceName}</Text>
                  <LicenceStatusBadge licence={l} />
                </Group>
                <Text size="sm">
                  {typeLabel(l.licenceType)}
                  {l.licenceNumber ? ` · ${l.licenceNumber}` : ''}
                </Text>
                <Text size="sm" mb="xs">
                  Renewal date: <RenewalDate licence={l} />
                </Text>
                {actions(l)}
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Licence Name</Table.Th>
                  <Table.Th>Licence Type</Table.Th>
                  <Table.Th>Licence Number</Table.Th>
                  <Table.Th>Renewal Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.licenceName}</Table.Td>
                    <Table.Td>{typeLabel(l.licenceType)}</Table.Td>
                    <Table.Td>{l.licenceNumber || '—'}</Table.Td>
                    <Table.Td>
                      <RenewalDate licence={l} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <LicenceStatusBadge licence={l} />
                    </Table.Td>
                    <Table.Td>{actions(l)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <Modal opened={!!removing} onClose={() => setRemoving(null)} title="Remove licence" centered>
        <Text mb="md">Remove {removing?.licenceName}? This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

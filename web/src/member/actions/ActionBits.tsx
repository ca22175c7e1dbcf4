import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDay } from '../../ui/dates';

/** Priority as a word on its colour (never colour alone); near-black text on the light colour for contrast. */
const PRIORITY: Record<string, { label: string; color: string }> = {
  HIGH: { label: 'High', color: 'red' },
  MODERATE: { label: 'Moderate', color: 'orange' },
  LOW: { label: 'Low', color: 'gray' },
};

export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  const p = PRIORITY[priority ?? ''];
  if (!p) return null;
  return (
    <Badge variant="light" color={p.color} c="dark.9" size="lg" tt="none" style={{ minWidth: 'max-content' }}>
      {p.label}
    </Badge>
  );
}

/** Whether an open action's due date is before today. */
export const isOverdue = (status: string | null | undefined, dueDate: string | null | undefined, today: string) =>
  status === 'OPEN' && !!dueDate && dueDate.slice(0, 10) < today;

/** The due date; an overdue one in red with the word 'Overdue'. */
export function DueDate({
  status,
  dueDate,
  today,
}: {
  status: string | null | undefined;
  dueDate: string | null | undefined;
  today: string;
}) {
  if (!dueDate) return null;
  if (!isOverdue(status, dueDate, today)) return <>{formatDay(dueDate)}</>;
  return (
    <Group gap={4} wrap="nowrap" component="span" c="red.9" fw={700}>
      <IconAlertTriangle size={16} aria-hidden />
      <Text span inherit>
        {formatDay(dueDate)} · Overdue
      </Text>
    </Group>
  );
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return status === 'CLOSED' ? (
    <Badge variant="light" color="green" c="green.9" size="lg" tt="none" style={{ minWidth: 'max-content' }}>
      Closed
    </Badge>
  ) : (
    <Badge variant="outline" color="blue" c="blue.9" size="lg" tt="none" style={{ minWidth: 'max-content' }}>
      Open
    </Badge>
  );
}

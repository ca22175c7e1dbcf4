import { Badge } from '@mantine/core';
import { DueDate } from '../../ui/DueDate';

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

/** An action's due date, marked (ui/DueDate: Overdue, Due today, Due in N days) while the action is open. */
export function ActionDueDate({
  status,
  dueDate,
  today,
}: {
  status: string | null | undefined;
  dueDate: string | null | undefined;
  today: string;
}) {
  return <DueDate day={dueDate} due={status === 'OPEN'} today={today} />;
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

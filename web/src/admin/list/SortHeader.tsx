import { Group, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A sortable column header: the label, and an arrow while this column sorts the list. */
export function SortHeader({ label, direction, onClick }: { label: ReactNode; direction: 'asc' | 'desc' | null; onClick(): void }) {
  return (
    <UnstyledButton onClick={onClick} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        {direction === 'desc' && <IconArrowDown size={14} aria-label="descending" />}
        {direction === 'asc' && <IconArrowUp size={14} aria-label="ascending" />}
      </Group>
    </UnstyledButton>
  );
}

import { Text } from '@mantine/core';
import { IconAlarm, IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { formatDay } from './dates';
import { dueState, todayLocal, type DueKind } from './due';

/**
 * Each state in words, a colour and an icon (never colour alone). The colours keep at least 4.5:1
 * on white and on a striped row's grey: red.9 about 5.4:1, the oranges about 6.6:1 and 7:1
 * (Mantine's orange.9 is about 4:1, too faint for text).
 */
const TONE: Record<DueKind, { color: string; weight: number; Icon: typeof IconClock }> = {
  overdue: { color: 'red.9', weight: 700, Icon: IconAlertTriangle },
  today: { color: '#a33b00', weight: 700, Icon: IconAlarm },
  soon: { color: '#8a4600', weight: 600, Icon: IconClock },
};

/**
 * A due day as DD/MM/YYYY, marked when it needs attention (dueState of ./due): '18/11/2026 Overdue'
 * in red with a warning icon, '27/11/2026 Due today', '17/12/2026 Due in 20 days' in orange with a clock,
 * otherwise the plain date. `due` false shows the plain date (a closed action, an out of service
 * asset, a pending licence: nothing falls due). The date and its marker each stay on one line: in a
 * narrow column the marker goes under the date. Nothing without a date.
 */
export function DueDate({ day, due = true, today = todayLocal() }: { day: string | null | undefined; due?: boolean; today?: string }) {
  const date = formatDay(day);
  if (!date) return null;
  const state = due ? dueState(day, today) : null;
  if (!state) return <>{date}</>;
  const { color, weight, Icon } = TONE[state.kind];
  return (
    <Text
      span
      inherit
      c={color}
      fw={weight}
      data-due={state.kind}
      style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 6, verticalAlign: 'bottom' }}
    >
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>{' '}
      <span style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 3 }}>
        <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
        {state.label}
      </span>
    </Text>
  );
}

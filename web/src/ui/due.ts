import { toDayString } from '@hub/model/forms';
import { DEFAULT_REMINDER_OFFSETS, daysBetween } from '@hub/model/reminders';

/**
 * How far ahead a due date is flagged 'Due in N days': Reminder One's window (REMINDER_ONE_DAYS,
 * 30 days, docs/reminders.md), the first reminder the job sends about a record. So the screens
 * flag a record from the day its first reminder can go out, and the mail's 'due on ...' always
 * finds the record marked. (The server's REMINDER_ONE_DAYS may be set otherwise; the web shows
 * the default.)
 */
export const DUE_SOON_DAYS = DEFAULT_REMINDER_OFFSETS.reminderOneDays;

export type DueKind = 'overdue' | 'today' | 'soon';

/** A due day's state: its kind, the whole days from today to it (negative: past) and the words the screens show. */
export interface DueState {
  kind: DueKind;
  days: number;
  label: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Today as a calendar day ('YYYY-MM-DD') in the viewer's time zone. */
export const todayLocal = (now = new Date()) => toDayString(now);

/**
 * A due day ('YYYY-MM-DD', or the day of a longer wire value) against today, both calendar days in
 * the viewer's calendar: 'Overdue' before today, 'Due today', 'Due tomorrow' / 'Due in N days'
 * within `soonDays`, otherwise (or without a date) null: nothing to flag.
 */
export function dueState(due: string | null | undefined, today: string, soonDays = DUE_SOON_DAYS): DueState | null {
  const m = due ? DAY.exec(due) : null;
  if (!m || !DAY.test(today)) return null;
  const days = daysBetween(today.slice(0, 10), `${m[1]}-${m[2]}-${m[3]}`);
  if (Number.isNaN(days)) return null;
  if (days < 0) return { kind: 'overdue', days, label: 'Overdue' };
  if (days === 0) return { kind: 'today', days, label: 'Due today' };
  if (days > soonDays) return null;
  return { kind: 'soon', days, label: days === 1 ? 'Due tomorrow' : `Due in ${days} days` };
}

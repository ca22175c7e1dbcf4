import { dayIn, reminderMail, shownDay, reminderText, reminderUrl, type ReminderMailLine } from '@hub/model/reminders';
import type { ReminderSettings } from '../config';
import { dueReminders, recordReminders, reminderOrganisations, type DueReminder, type ReminderLogRow } from '../crud/reminders';
import { writeOutbox, type Mail } from '../mail/mailer';
import { sqlStamp } from './runner';
import type { JobContext, JobDefinition, JobOutcome } from './types';

/**
 * Organisations per batch: each batch is one read and one short transaction. On PGlite every
 * request waits behind them (one connection), so its batches are smaller: a few hundred ms each
 * at 100 assets and 50 licences per organisation (bench/reminders.ts).
 */
export const REMINDER_ORG_BATCH = { postgres: 100, pglite: 20 } as const;

export const reminderJobMessages = {
  /** `day` is 'YYYY-MM-DD', shown DD/MM/YYYY with the zone whose calendar day it is (REMINDER_TIME_ZONE). */
  none: (day: string, timeZone: string) => `No reminders were due on ${shownDay(day)} (${timeZone})`,
  sent: (reminders: number, people: number, day: string, timeZone: string) =>
    `Sent ${reminders} reminder${reminders === 1 ? '' : 's'} to ${people} ${people === 1 ? 'person' : 'people'} for ${shownDay(day)} (${timeZone})`,
};

/**
 * The reminder job (docs/reminders.md): for the calendar day of the run's `now` in the
 * configured zone, every reminder due (model/src/reminders.ts) is written to the reminder log
 * under its unique key and mailed, one message per person, only if this run inserted it.
 * Batches of organisations: each batch reads what is due (one statement), then records the
 * logs and writes their mail in one short transaction; the mail goes out through SMTP after it
 * commits. Reruns, restarts and a second server find the logs there and send nothing.
 */
export async function runReminders(
  ctx: JobContext,
  settings: ReminderSettings,
  batchSize: number = REMINDER_ORG_BATCH[ctx.db.engine],
): Promise<JobOutcome> {
  const today = dayIn(ctx.now, settings.timeZone);
  const sentAt = sqlStamp(ctx.now);
  const organisations = await reminderOrganisations(ctx.db);
  const counts = {
    organisations: organisations.length,
    due: 0,
    sent: 0,
    mails: 0,
    REMINDER_ONE: 0,
    REMINDER_TWO: 0,
    DUE_DATE: 0,
    /** The longest single statement or transaction, in ms: how long a request may wait behind the job on PGlite. */
    longestStepMs: 0,
  };
  const timed = async <T>(step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await step();
    } finally {
      counts.longestStepMs = Math.max(counts.longestStepMs, Math.round(performance.now() - started));
    }
  };
  const people = new Set<string>();
  for (let i = 0; i < organisations.length; i += batchSize) {
    if (ctx.signal.aborted) throw new Error('Stopped between batches');
    const due = await timed(() => dueReminders(ctx.db, organisations.slice(i, i + batchSize), today, settings));
    counts.due += due.length;
    if (!due.length) continue;
    const rows: ReminderLogRow[] = due.map((reminder) => ({
      reminder,
      description: reminderText({ ...reminder, name: reminder.name }, today),
      owner: reminder.trigger.startsWith('LICENCE') ? (reminder.holderName ?? '') : (reminder.organisationName ?? ''),
    }));
    const { mailIds, inserted } = await timed(() =>
      ctx.db.transaction(async (tx) => {
        const insertedAt = await recordReminders(tx, rows, sentAt);
        const mails = mailsOf(
          insertedAt.map((n) => rows[n]),
          ctx.publicUrl,
        );
        return { mailIds: await writeOutbox(tx, mails), inserted: insertedAt.map((n) => rows[n].reminder) };
      }),
    );
    for (const r of inserted) {
      counts[r.type]++;
      people.add(r.accountId);
    }
    counts.sent += inserted.length;
    counts.mails += mailIds.length;
    if (mailIds.length) await ctx.mailer.deliver?.(mailIds);
  }
  ctx.log(`reminders for ${today}`, counts);
  return {
    summary: counts.sent
      ? reminderJobMessages.sent(counts.sent, people.size, today, settings.timeZone)
      : reminderJobMessages.none(today, settings.timeZone),
    counts,
  };
}

/** One mail per recipient, listing their new reminders. */
function mailsOf(rows: readonly ReminderLogRow[], publicUrl: string): Mail[] {
  const byAccount = new Map<string, { first: DueReminder; lines: ReminderMailLine[] }>();
  for (const { reminder, description } of rows) {
    const entry = byAccount.get(reminder.accountId) ?? { first: reminder, lines: [] };
    entry.lines.push({ type: reminder.type, text: description, url: reminderUrl(reminder.trigger, reminder.entityId, reminder.holderId) });
    byAccount.set(reminder.accountId, entry);
  }
  return [...byAccount.values()].map(({ first, lines }) => ({ to: first.email, ...reminderMail(first.firstname, lines, publicUrl) }));
}

/** The job as the runner takes it (jobs/all.ts). */
export function remindersJob(settings: ReminderSettings): JobDefinition {
  return {
    name: 'reminders',
    title: 'Reminders',
    description:
      `Licences, asset inspections, services and registrations, document annual reviews and open corrective actions falling due, and licences and documents ` +
      `waiting for approval: Reminder One ${settings.reminderOneDays} days before, Reminder Two ${settings.reminderTwoDays} days before and ` +
      `Due Date on the day, to the record's people and the organisation's managers, by email and in Recent Activity.`,
    cron: settings.cron,
    runAtStartup: true,
    maxAttempts: 3,
    backoffMs: 5 * 60_000,
    run: (ctx) => runReminders(ctx, settings),
  };
}

/**
 * The reminder rules (member-site.md section 1, architecture.md 'Reminders', docs/reminders.md):
 * which due date each trigger kind has, which reminder type falls due on a given day, who
 * receives it, and what it says. Pure: the server's reminder job (server/src/jobs/reminders.ts)
 * computes the same rules in SQL, and its tests hold the two together.
 */
import { ReminderType, TriggerType } from './enums';
import { MANAGER_ROLES, roleFacts, type RoleName } from './roles';

export type ReminderTypeKey = keyof typeof ReminderType.values;
export type TriggerTypeKey = keyof typeof TriggerType.values;

export const REMINDER_TYPES = Object.keys(ReminderType.values) as ReminderTypeKey[];
export const TRIGGER_TYPES = Object.keys(TriggerType.values) as TriggerTypeKey[];

/** How many days before a due date each reminder goes out, and how late a missed Due Date one still may. */
export interface ReminderOffsets {
  /** Reminder One: this many days before the due date (architecture.md: 30). */
  reminderOneDays: number;
  /** Reminder Two: this many days before the due date (architecture.md: 7). */
  reminderTwoDays: number;
  /** Due Date goes out on the day, or, missed (no server ran), up to this many days after it. */
  lateDays: number;
}

export const DEFAULT_REMINDER_OFFSETS: ReminderOffsets = { reminderOneDays: 30, reminderTwoDays: 7, lateDays: 7 };

/** A document's annual review falls due this many months after it was last made active. */
export const ANNUAL_REVIEW_MONTHS = 12;

/**
 * The reminder type due `daysUntilDue` days before the due date (negative: after it), or null.
 * Each type owns a window, and only the newest window's reminder is sent:
 *   Reminder One: from reminderOneDays before the due date until Reminder Two's day;
 *   Reminder Two: from reminderTwoDays before until the day before the due date;
 *   Due Date: on the due date and up to lateDays after it.
 * So the day before an offset nothing new is due, on it exactly one type is; a reminder missed
 * while no server ran still goes out within its window, and one whose window passed is
 * skipped rather than sent stale (a record due in 3 days gets Reminder Two, not One as well).
 */
export function reminderTypeFor(daysUntilDue: number, offsets: ReminderOffsets): ReminderTypeKey | null {
  if (daysUntilDue > offsets.reminderOneDays) return null;
  if (daysUntilDue > offsets.reminderTwoDays) return 'REMINDER_ONE';
  if (daysUntilDue > 0) return 'REMINDER_TWO';
  if (daysUntilDue >= -offsets.lateDays) return 'DUE_DATE';
  return null;
}

/** The day on which a reminder type's window opens, for a due date ('YYYY-MM-DD'). */
export function reminderDay(type: ReminderTypeKey, dueDay: string, offsets: ReminderOffsets): string {
  const before = type === 'REMINDER_ONE' ? offsets.reminderOneDays : type === 'REMINDER_TWO' ? offsets.reminderTwoDays : 0;
  return addDays(dueDay, -before);
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A calendar day ('YYYY-MM-DD') moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A calendar day moved by whole months, the day of month kept where the month has it (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** The calendar day of a moment in a time zone ('YYYY-MM-DD'): the day a reminder run stands for. */
export function dayIn(moment: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(moment);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** What a reminder is about, for its texts and its link. */
export interface ReminderSubject {
  trigger: TriggerTypeKey;
  entityId: string;
  /** The record's name: licence name, asset name/description, document name. */
  name: string;
  /** The due date ('YYYY-MM-DD'). */
  dueDay: string;
  /** The licence's holder (licence triggers): name and account id. */
  holderName?: string | null;
  holderId?: string | null;
}

/** Who receives a trigger kind's reminders. */
export interface ReminderRecipients {
  /** The record's owner: a licence's holder. */
  owner: boolean;
  /** The record's assignees: an asset's assignees, a document's accounts. */
  assignees: boolean;
  /** Members of the record's organisation with these roles. */
  roles: readonly RoleName[];
}

/**
 * Each trigger kind: the record it watches, its due date, who receives it. Due reminders go to
 * the people the record is about and the organisation's managers; pending ones to the managers
 * who can approve the record (model/src/roles.ts: licences by manager roles, documents by
 * SafetyManagers), who are the only ones able to act on them.
 */
export const REMINDER_TRIGGERS: Record<
  TriggerTypeKey,
  {
    entity: 'LicenceEntity' | 'AssetEntity' | 'DocumentEntity' | 'CorrectiveActionEntity';
    dueDate: string;
    recipients: ReminderRecipients;
  }
> = {
  LICENCE_DUE: {
    entity: 'LicenceEntity',
    dueDate: 'the renewal date of an approved (active or expired) licence',
    recipients: { owner: true, assignees: false, roles: MANAGER_ROLES },
  },
  ASSET_INSPECTION: {
    entity: 'AssetEntity',
    dueDate: 'the next inspection of an in-service asset',
    recipients: { owner: false, assignees: true, roles: MANAGER_ROLES },
  },
  ASSET_SERVICE: {
    entity: 'AssetEntity',
    dueDate: 'the service due date of an in-service asset',
    recipients: { owner: false, assignees: true, roles: MANAGER_ROLES },
  },
  ASSET_REGISTRATION: {
    entity: 'AssetEntity',
    dueDate: 'the registration renewal date of an in-service asset',
    recipients: { owner: false, assignees: true, roles: MANAGER_ROLES },
  },
  DOCUMENT_ANNUAL_REVIEW: {
    entity: 'DocumentEntity',
    dueDate: `${ANNUAL_REVIEW_MONTHS} months after an active document with annual review was last made active`,
    recipients: { owner: false, assignees: true, roles: MANAGER_ROLES },
  },
  LICENCE_PENDING: {
    entity: 'LicenceEntity',
    dueDate: 'Reminder One days after a pending licence was last saved (so Reminder One goes out at once)',
    recipients: { owner: false, assignees: false, roles: roleFacts.licenceAutoApprove },
  },
  DOCUMENT_PENDING: {
    entity: 'DocumentEntity',
    dueDate: 'Reminder One days after a pending document was last saved (so Reminder One goes out at once)',
    recipients: { owner: false, assignees: false, roles: roleFacts.documentUpdate },
  },
  // Issue 15: an open corrective action's due date; its assignee and the managers, who are the
  // ones who read it (the raiser, unless one of them, cannot open it). Reminder One's window
  // (30 days) covers every default due date, so the assignee hears of a new action at once.
  CORRECTIVE_ACTION_DUE: {
    entity: 'CorrectiveActionEntity',
    dueDate: 'the due date of an open corrective action',
    recipients: { owner: false, assignees: true, roles: MANAGER_ROLES },
  },
};

/** A pending record's approval falls due Reminder One's days after it was last saved pending: approvers hear at once, again a week before, and on the day. */
export function pendingDueDay(savedDay: string, offsets: ReminderOffsets): string {
  return addDays(savedDay, offsets.reminderOneDays);
}

/** A document's annual review day: ANNUAL_REVIEW_MONTHS after it was last made active. */
export function annualReviewDueDay(activeSinceDay: string): string {
  return addMonths(activeSinceDay, ANNUAL_REVIEW_MONTHS);
}

/** A day as the spec shows it: DD/MM/YYYY. */
export const shownDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const quoted = (name: string) => `'${name.trim() || 'Untitled'}'`;

/** An action's description as a reminder names it: its first line, at most 80 characters. */
export function actionName(description: string): string {
  const line = description.trim().split(/\r?\n/)[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * The reminder's description (the recent-activity title and the mail's line). `today` is the
 * day of sending ('YYYY-MM-DD'): a Due Date reminder sent late (up to lateDays after the due
 * date) tells the date as past ('was due ... on'), never as still to come.
 */
export function reminderText(s: ReminderSubject, today?: string): string {
  const when = shownDay(s.dueDay);
  const holder = s.holderName?.trim() ? ` of ${s.holderName.trim()}` : '';
  const past = today !== undefined && s.dueDay < today;
  const due = past ? 'was due' : 'is due';
  switch (s.trigger) {
    case 'LICENCE_DUE':
      return `Licence ${quoted(s.name)}${holder} ${due} for renewal on ${when}`;
    case 'ASSET_INSPECTION':
      return `Asset ${quoted(s.name)} ${due} for inspection on ${when}`;
    case 'ASSET_SERVICE':
      return `Asset ${quoted(s.name)} ${due} for a service on ${when}`;
    case 'ASSET_REGISTRATION':
      return `The registration of asset ${quoted(s.name)} ${due} for renewal on ${when}`;
    case 'DOCUMENT_ANNUAL_REVIEW':
      return `Document ${quoted(s.name)} ${due} for its annual review on ${when}`;
    case 'LICENCE_PENDING':
      return past
        ? `Licence ${quoted(s.name)}${holder} is still waiting for approval: it was to be approved or removed by ${when}`
        : `Licence ${quoted(s.name)}${holder} is waiting for approval: please approve or remove it by ${when}`;
    case 'DOCUMENT_PENDING':
      return past
        ? `Document ${quoted(s.name)} is still waiting for approval: it was to be approved or removed by ${when}`
        : `Document ${quoted(s.name)} is waiting for approval: please approve or remove it by ${when}`;
    case 'CORRECTIVE_ACTION_DUE':
      return `Corrective action ${quoted(actionName(s.name))} ${due} on ${when}`;
  }
}

/** The member page of the record a reminder is about (web/src/app/router.tsx), or null when there is none to link to. */
export function reminderUrl(trigger: TriggerTypeKey, entityId: string, holderId?: string | null): string | null {
  switch (REMINDER_TRIGGERS[trigger].entity) {
    case 'AssetEntity':
      return `/assets/view/${entityId}`;
    case 'DocumentEntity':
      return `/my-documents/view/${entityId}`;
    case 'LicenceEntity':
      return holderId ? `/users/${holderId}/licences/view/${entityId}` : null;
    case 'CorrectiveActionEntity':
      return `/corrective-actions/view/${entityId}`;
  }
}

export interface ReminderMailLine {
  type: ReminderTypeKey;
  text: string;
  url: string | null;
}

/**
 * One mail per person per run, listing their new reminders (a manager of a large organisation
 * gets one message, not one per asset). `publicUrl` makes the links absolute.
 */
export function reminderMail(
  firstname: string | null,
  lines: readonly ReminderMailLine[],
  publicUrl: string,
): { subject: string; text: string } {
  const due = lines.filter((l) => l.type === 'DUE_DATE').length;
  const subject =
    lines.length === 1
      ? `Reminder: ${lines[0].text}`
      : `Reminder: ${lines.length} safety records need attention${due ? ` (${due} due now)` : ''}`;
  const order: ReminderTypeKey[] = ['DUE_DATE', 'REMINDER_TWO', 'REMINDER_ONE'];
  const sorted = [...lines].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  const body = sorted.map((l) => `- ${ReminderType.values[l.type]}: ${l.text}${l.url ? `\n  ${publicUrl}${l.url}` : ''}`);
  const text = [
    `Hello ${firstname?.trim() || 'there'},`,
    '',
    lines.length === 1 ? 'This is a reminder from the Safety Hub:' : 'These reminders are from the Safety Hub:',
    '',
    ...body,
    '',
    `Sign in to see them in Recent Activity: ${publicUrl}/activity`,
  ].join('\n');
  return { subject, text };
}

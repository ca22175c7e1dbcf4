import {
  ANNUAL_REVIEW_MONTHS,
  REMINDER_TRIGGERS,
  TRIGGER_TYPES,
  type ReminderOffsets,
  type ReminderTypeKey,
  type TriggerTypeKey,
} from '@hub/model/reminders';
import type { Db } from '../db/client';

/**
 * The reminder job's reads and writes of entity rows (server/src/jobs/reminders.ts), set-based:
 * one statement finds every reminder due on a day for a batch of organisations, with its
 * recipients, that no reminder log records yet; one statement records a batch of them under
 * the reminder log's unique key (record, trigger, type, due date, recipient) and answers only
 * the rows it inserted. The rules come from model/src/reminders.ts (REMINDER_TRIGGERS,
 * reminderTypeFor); the job's tests check the two agree.
 */

/** A reminder due for one recipient, not yet recorded. */
export interface DueReminder {
  trigger: TriggerTypeKey;
  type: ReminderTypeKey;
  entityId: string;
  name: string;
  /** 'YYYY-MM-DD' */
  dueDay: string;
  holderId: string | null;
  holderName: string | null;
  organisationName: string | null;
  accountId: string;
  email: string;
  firstname: string | null;
}

/** The organisations, in a stable order, for batching. */
export async function reminderOrganisations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM member_organisation ORDER BY id');
  return rows.map((r) => r.id);
}

const entityTriggers = (entity: string) => TRIGGER_TYPES.filter((t) => REMINDER_TRIGGERS[t].entity === entity);

const NAME = `coalesce(nullif(btrim(concat_ws(' ', {a}.firstname, {a}.surname)), ''), {a}.email)`;
const personName = (alias: string) => NAME.replaceAll('{a}', alias);

/** Where a trigger's records come from, and the rule that makes one a candidate (its state). */
interface Subject {
  trigger: TriggerTypeKey;
  from: string;
  id: string;
  name: string;
  /** Its due day (SQL of a date); `{oneDays}` and `{months}` are the offsets' parameters. */
  due: string;
  org: string;
  holder: string;
  rule: string;
}

const LICENCE = 'licence l JOIN mehub_account h ON h.id = l.mehub_account_id';
/** Every record that can fall due, by trigger: the rules of REMINDER_TRIGGERS (model/src/reminders.ts) in SQL. */
const SUBJECTS: Subject[] = [
  {
    trigger: 'LICENCE_DUE',
    from: LICENCE,
    id: 'l.id',
    name: 'l.licence_name',
    due: 'l.renewal_date',
    org: 'h.member_organisation_id',
    holder: 'l.mehub_account_id',
    rule: "l.status IN ('ACTIVE', 'EXPIRED')",
  },
  {
    trigger: 'LICENCE_PENDING',
    from: LICENCE,
    id: 'l.id',
    name: 'l.licence_name',
    due: 'l.modified::date + {oneDays}::int',
    org: 'h.member_organisation_id',
    holder: 'l.mehub_account_id',
    rule: "l.status = 'PENDING'",
  },
  {
    trigger: 'ASSET_INSPECTION',
    from: 'asset a',
    id: 'a.id',
    name: 'a.description',
    due: 'a.next_inspection',
    org: 'a.member_organisation_id',
    holder: 'NULL',
    rule: "a.status = 'IN_SERVICE'",
  },
  {
    trigger: 'ASSET_SERVICE',
    from: 'asset a',
    id: 'a.id',
    name: 'a.description',
    due: 'a.service_due_date',
    org: 'a.member_organisation_id',
    holder: 'NULL',
    rule: "a.status = 'IN_SERVICE'",
  },
  {
    trigger: 'ASSET_REGISTRATION',
    from: 'asset a',
    id: 'a.id',
    name: 'a.description',
    due: 'a.registration_renewal_date',
    org: 'a.member_organisation_id',
    holder: 'NULL',
    rule: "a.status = 'IN_SERVICE'",
  },
  {
    trigger: 'DOCUMENT_ANNUAL_REVIEW',
    from: 'document d',
    id: 'd.id',
    name: 'd.document_name',
    due: '(d.active_since + make_interval(months => {months}::int))::date',
    org: 'd.member_organisation_id',
    holder: 'NULL',
    rule: "d.status = 'ACTIVE' AND d.annual_review IS NOT FALSE",
  },
  {
    trigger: 'DOCUMENT_PENDING',
    from: 'document d',
    id: 'd.id',
    name: 'd.document_name',
    due: 'd.modified::date + {oneDays}::int',
    org: 'd.member_organisation_id',
    holder: 'NULL',
    rule: "d.status = 'PENDING'",
  },
  {
    trigger: 'CORRECTIVE_ACTION_DUE',
    from: 'corrective_action c',
    id: 'c.id',
    name: 'c.description',
    due: 'c.due_date',
    org: 'c.member_organisation_id',
    holder: 'NULL',
    rule: "c.status = 'OPEN'",
  },
];

/**
 * The records that can fall due, one row per record and trigger (trigger, id, name, due, org,
 * holder), narrowed by `scope` (given each subject's SQL for its organisation, due day and id).
 */
function subjectsSql(params: { oneDays: string; months: string }, scope: (r: { org: string; due: string; id: string }) => string): string {
  return SUBJECTS.map((s) => {
    const due = s.due.replaceAll('{oneDays}', params.oneDays).replaceAll('{months}', params.months);
    return `SELECT '${s.trigger}'::text AS trigger, ${s.id} AS id, ${s.name}::text AS name, (${due})::date AS due, ${s.org} AS org, ${s.holder}::uuid AS holder
         FROM ${s.from} WHERE ${s.rule} AND ${scope({ org: s.org, due, id: s.id })}`;
  }).join('\n       UNION ALL\n       ');
}

/**
 * Which of the reminders logged for `logged` (a record, its trigger and the due day the log
 * names) still stand: the record still falls due on that day under that trigger. A reminder whose
 * record was dealt with (the inspection done and the next one set, the licence renewed, the
 * action closed, the document approved) or removed does not. Answers `trigger|id|day` keys.
 */
export async function standingReminders(
  db: Db,
  /** The reader's organisation: only its records can stand (a log names any id its owner typed). */
  organisationId: string,
  logged: readonly { trigger: TriggerTypeKey; entityId: string; day: string }[],
  offsets: Pick<ReminderOffsets, 'reminderOneDays'>,
): Promise<Set<string>> {
  const ids = [...new Set(logged.map((l) => l.entityId.toLowerCase()))];
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ key: string }>(
    `SELECT s.trigger || '|' || s.id::text || '|' || to_char(s.due, 'YYYY-MM-DD') AS key
       FROM (${subjectsSql({ oneDays: '$2', months: '$3' }, (r) => `${r.id} = ANY($1::uuid[]) AND ${r.org} = $4::uuid`)}) s`,
    [ids, offsets.reminderOneDays, ANNUAL_REVIEW_MONTHS, organisationId],
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * Every reminder due on `today` for the records of `organisations`, one row per recipient,
 * leaving out those already in the reminder log. A record is a candidate while its due date
 * is within [today - lateDays, today + reminderOneDays]; its type follows from the days left.
 */
export async function dueReminders(
  db: Db,
  organisations: readonly string[],
  today: string,
  offsets: ReminderOffsets,
): Promise<DueReminder[]> {
  if (!organisations.length) return [];
  // Recipients per trigger, from the model: its roles, and whether the owner or the assignees hear too.
  const roleTriggers: string[] = [];
  const roleNames: string[] = [];
  for (const t of TRIGGER_TYPES)
    for (const role of REMINDER_TRIGGERS[t].recipients.roles) {
      roleTriggers.push(t);
      roleNames.push(role);
    }
  const ownerTriggers = TRIGGER_TYPES.filter((t) => REMINDER_TRIGGERS[t].recipients.owner);
  const assigneeTriggers = TRIGGER_TYPES.filter((t) => REMINDER_TRIGGERS[t].recipients.assignees);
  const window = `BETWEEN $2::date - $5::int AND $2::date + $3::int`;
  const { rows } = await db.query<DueReminder>(
    `WITH subject AS (
       ${subjectsSql({ oneDays: '$3', months: '$6' }, (r) => `${r.org} = ANY($1::uuid[]) AND ${r.due} ${window}`)}
     ),
     typed AS (
       SELECT s.*, CASE WHEN s.due - $2::date > $4::int THEN 'REMINDER_ONE' WHEN s.due - $2::date > 0 THEN 'REMINDER_TWO' ELSE 'DUE_DATE' END AS type
         FROM subject s
     ),
     recipient AS (
       SELECT t.trigger, t.id, t.type, t.due, t.org, t.holder, t.name, t.holder AS account
         FROM typed t WHERE t.trigger = ANY($9::text[]) AND t.holder IS NOT NULL
       UNION
       SELECT t.trigger, t.id, t.type, t.due, t.org, t.holder, t.name, la.mehub_accounts_id
         FROM typed t JOIN link_assets_mehub_accounts la ON la.assets_id = t.id
        WHERE t.trigger = ANY($10::text[]) AND t.trigger = ANY($11::text[])
       UNION
       SELECT t.trigger, t.id, t.type, t.due, t.org, t.holder, t.name, ld.mehub_accounts_id
         FROM typed t JOIN link_documents_mehub_accounts ld ON ld.documents_id = t.id
        WHERE t.trigger = ANY($10::text[]) AND t.trigger = ANY($12::text[])
       UNION
       SELECT t.trigger, t.id, t.type, t.due, t.org, t.holder, t.name, c.assignee_id
         FROM typed t JOIN corrective_action c ON c.id = t.id
        WHERE t.trigger = ANY($10::text[]) AND t.trigger = ANY($13::text[]) AND c.assignee_id IS NOT NULL
       UNION
       SELECT t.trigger, t.id, t.type, t.due, t.org, t.holder, t.name, m.id
         FROM typed t
         JOIN unnest($7::text[], $8::text[]) AS tr(trigger, role) ON tr.trigger = t.trigger
         JOIN mehub_account m ON m.member_organisation_id = t.org
         JOIN role r ON r.id = m.role_id AND r.name = tr.role
     )
     SELECT x.trigger, x.type, x.id::text AS "entityId", coalesce(x.name, '') AS name, to_char(x.due, 'YYYY-MM-DD') AS "dueDay",
            x.holder::text AS "holderId", ${personName('h')} AS "holderName", o.name AS "organisationName",
            acc.id::text AS "accountId", acc.email, acc.firstname
       FROM recipient x
       JOIN mehub_account acc ON acc.id = x.account AND acc.member_organisation_id = x.org
       LEFT JOIN auth_state st ON st.user_id = acc.id
       LEFT JOIN mehub_account h ON h.id = x.holder
       LEFT JOIN member_organisation o ON o.id = x.org
      WHERE st.active IS NOT FALSE
        AND NOT EXISTS (
          SELECT 1 FROM reminder_log rl
           WHERE rl.entity_id = x.id::text AND rl.trigger_type = x.trigger AND rl.reminder_type = x.type
             AND rl.trigger_date = x.due::timestamp AND rl.mehub_account_id = acc.id)
      ORDER BY acc.id, x.due, x.trigger, x.id`,
    [
      organisations,
      today,
      offsets.reminderOneDays,
      offsets.reminderTwoDays,
      offsets.lateDays,
      ANNUAL_REVIEW_MONTHS,
      roleTriggers,
      roleNames,
      ownerTriggers,
      assigneeTriggers,
      entityTriggers('AssetEntity'),
      entityTriggers('DocumentEntity'),
      entityTriggers('CorrectiveActionEntity'),
    ],
  );
  return rows;
}

export interface ReminderLogRow {
  reminder: DueReminder;
  description: string;
  owner: string;
}

/**
 * Records reminders in the reminder log, in one statement; the unique key skips any another
 * run (a rerun, another server) recorded first. Answers the index of each row it inserted:
 * only those are mailed.
 */
export async function recordReminders(tx: Db, rows: readonly ReminderLogRow[], sentAt: string): Promise<number[]> {
  if (!rows.length) return [];
  const { rows: inserted } = await tx.query<{ n: number }>(
    `WITH given AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::int[])
         AS g(reminder_type, trigger_type, due, entity_id, description, owner, account, n)
     ), inserted AS (
       INSERT INTO reminder_log (reminder_type, trigger_type, trigger_date, entity_id, description, last_trigger_date, owner, mehub_account_id)
       SELECT reminder_type, trigger_type, due::timestamp, entity_id, description, $9::timestamp, owner, account FROM given
       ON CONFLICT (entity_id, trigger_type, reminder_type, trigger_date, mehub_account_id) DO NOTHING
       RETURNING entity_id, trigger_type, reminder_type, trigger_date, mehub_account_id
     )
     SELECT g.n FROM inserted i JOIN given g
       ON g.entity_id = i.entity_id AND g.trigger_type = i.trigger_type AND g.reminder_type = i.reminder_type
      AND g.due::timestamp = i.trigger_date AND g.account = i.mehub_account_id
     ORDER BY g.n`,
    [
      rows.map((r) => r.reminder.type),
      rows.map((r) => r.reminder.trigger),
      rows.map((r) => r.reminder.dueDay),
      rows.map((r) => r.reminder.entityId),
      rows.map((r) => r.description),
      rows.map((r) => r.owner),
      rows.map((r) => r.reminder.accountId),
      rows.map((_, i) => i),
      sentAt,
    ],
  );
  return inserted.map((r) => r.n);
}

import { randomUUID } from 'node:crypto';
import { enumLabel, fieldOf, getEntity, TimelineAction, type EntityDef, type Field } from '@hub/model';
import type { Caller } from '../access/caller';
import { writeScopeSql } from '../access/scope';
import type { Db } from '../db/client';
import { columnOf, storedFields } from '../db/columns';
import { Params, ident } from '../db/params';
import { columnSql } from './system';
import { assertAllowed } from '../access/rules';
import { PERSONAL_ACCOUNT_FIELDS } from '../access/fields';
import type { Filter } from './conditions';
import { whereSql } from './list';
import { selectJson } from './select';
import { translateDbError } from '../db/db-errors';

/**
 * Timeline recording (docs/timelines.md): every create, update and delete of an entity whose
 * declaration has a `timeline` option writes events on the timelines of the accounts it
 * concerns, in the save's own transaction, so a rolled-back save records nothing. Rows are
 * read before and after the write in one statement each however many rows a save or bulk
 * operation touches, and all the events of one operation are one INSERT sharing one groupId.
 */

export type TimelineActionKey = keyof typeof TimelineAction.values;

/** Bounds of what an event says: each value, the row's name, the whole description. */
export const TIMELINE_LIMITS = { value: 120, name: 120, description: 2000 } as const;

export const recordMessages = {
  by: (who: string) => `By ${who}`,
  theHub: 'the hub',
  empty: '(empty)',
  changed: (label: string) => `${label} changed`,
  yes: 'Yes',
  no: 'No',
} as const;

/** A row as the timeline sees it: its name, the accounts it concerns and each recorded field as text. */
export interface TimelineSnapshot {
  id: string;
  name: string | null;
  /** The account the row belongs to (timeline.account). */
  account: string | null;
  /** The primary contact of the row's organisation (timeline.organisation), while still one of its members. */
  contact: string | null;
  /** The organisation the row is of: its own, or its account's; the events are read by it alone. */
  organisation: string | null;
  /** False while the row is private to its owner (timeline.privateUntil): no event tells of it. */
  told: boolean;
  values: Record<string, string | null>;
}

/** The fields whose changes are told: stored ones, never passwords nor write-only secrets. */
function recordedFields(entity: EntityDef): { name: string; field: Field; column: string }[] {
  return storedFields(entity).filter(({ field }) => field.kind !== 'password' && !field.writeOnly);
}

/**
 * Fields whose values an event never tells, only that they changed: an account's personal
 * details, which colleagues held to their own record do not read (access/fields.ts), while
 * every colleague reads the account's timeline.
 */
const valueHidden = (entity: EntityDef, name: string) => entity.name === 'MehubAccountEntity' && PERSONAL_ACCOUNT_FIELDS.has(name);

/** A reference to rows named by nothing but their id (a review request, a submission): its value would be a raw uuid. */
function opaque(field: Field): boolean {
  if (field.kind !== 'reference') return false;
  const target = getEntity(field.target);
  const display = fieldOf(target, target.display);
  return !display || display.kind === 'derived' || display.kind === 'reference';
}

let aliases = 0;
const fresh = () => `tl${++aliases % 1_000_000}`;

/** The value at the end of a path of references from row `alias`, with the field it ends at. */
function pathSql(entity: EntityDef, alias: string, path: string): { sql: string; field: Field | null } {
  const [head, ...rest] = path.split('.');
  if (head === 'id' && !rest.length) return { sql: `${alias}.id`, field: null };
  const field = fieldOf(entity, head);
  if (!field) throw new Error(`${entity.name} has no field '${head}' (timeline path '${path}')`);
  const col = `${alias}.${ident(columnOf(head, field))}`;
  if (!rest.length) return { sql: col, field };
  if (field.kind !== 'reference') throw new Error(`${entity.name}.${head} is not a reference (timeline path '${path}')`);
  const target = getEntity(field.target);
  const x = fresh();
  const inner = pathSql(target, x, rest.join('.'));
  return { sql: `(SELECT ${inner.sql} FROM ${ident(target.table)} ${x} WHERE ${x}.id = ${col})`, field: inner.field };
}

/** A field's value as the text an event shows (enums are labelled afterwards, json only compared). */
function textSql(field: Field | null, expr: string): string {
  if (!field) return `${expr}::text`;
  switch (field.kind) {
    case 'reference': {
      const target = getEntity(field.target);
      const display = fieldOf(target, target.display);
      if (!display || display.kind === 'derived' || display.kind === 'reference') return `${expr}::text`;
      const x = fresh();
      return `coalesce((SELECT ${x}.${ident(columnOf(target.display, display))}::text FROM ${ident(target.table)} ${x} WHERE ${x}.id = ${expr}), ${expr}::text)`;
    }
    case 'file':
      return `(SELECT f.file_name FROM file f WHERE f.id = ${expr})`;
    case 'date':
      return `to_char(${expr}, 'DD/MM/YYYY')`;
    case 'datetime':
      return `to_char(${expr}, 'DD/MM/YYYY HH24:MI:SS') || ' UTC'`;
    case 'boolean':
      return `CASE WHEN ${expr} THEN '${recordMessages.yes}' WHEN NOT ${expr} THEN '${recordMessages.no}' END`;
    case 'json':
      return `md5(${expr}::text)`;
    default:
      return `${expr}::text`;
  }
}

/**
 * The rows `ids` of an entity as the timeline sees them, in one statement. With `lockFor`, only
 * the rows that caller may write are read, and they are locked for the save that follows.
 */
export async function snapshotRows(
  tx: Db,
  entity: EntityDef,
  ids: readonly string[],
  lockFor?: { caller: Caller | null },
): Promise<Map<string, TimelineSnapshot>> {
  const out = new Map<string, TimelineSnapshot>();
  const timeline = entity.timeline;
  if (!timeline || !ids.length) return out;
  const params = new Params();
  const fields = recordedFields(entity);
  const name = pathSql(entity, 't', timeline.name ?? entity.display);
  const account =
    timeline.account === 'self' ? 't.id::text' : timeline.account ? `${pathSql(entity, 't', timeline.account).sql}::text` : 'NULL';
  const organisation = timeline.organisation
    ? `${pathSql(entity, 't', timeline.organisation).sql}::text`
    : timeline.account === 'self'
      ? `${pathSql(entity, 't', 'memberOrganisation').sql}::text`
      : timeline.account
        ? `${pathSql(entity, 't', `${timeline.account}.memberOrganisation`).sql}::text`
        : 'NULL';
  // The primary contact answers for the organisation's records only while still one of its members.
  const contact = timeline.organisation
    ? `CASE WHEN ${pathSql(entity, 't', `${timeline.organisation}.primaryContact.memberOrganisation`).sql}::text = ${organisation} ` +
      `THEN ${pathSql(entity, 't', `${timeline.organisation}.primaryContact`).sql}::text END`
    : 'NULL';
  const told = timeline.privateUntil ? `coalesce(${pathSql(entity, 't', timeline.privateUntil).sql}, false)` : 'true';
  const cols = [
    't.id::text AS id',
    `${textSql(name.field, name.sql)} AS name`,
    `${account} AS account`,
    `${contact} AS contact`,
    `${organisation} AS organisation`,
    `${told} AS told`,
    ...fields.map(({ field, column }, i) => `${textSql(field, `t.${ident(column)}`)} AS v${i}`),
  ];
  const where = [`t.id = ANY(${params.add([...new Set(ids)], 'uuid[]')})`];
  const scope = lockFor ? writeScopeSql(entity, 't', lockFor.caller, params) : null;
  if (scope) where.push(scope);
  const { rows } = await tx.query<Record<string, string | boolean | null>>(
    `SELECT ${cols.join(', ')} FROM ${ident(entity.table)} t WHERE ${where.join(' AND ')}${lockFor ? ' ORDER BY t.id FOR UPDATE OF t' : ''}`,
    params.values,
  );
  for (const row of rows) {
    const values: Record<string, string | null> = {};
    fields.forEach(({ name: field }, i) => (values[field] = row[`v${i}`] as string | null));
    const text = (key: string) => row[key] as string | null;
    out.set(text('id')!, {
      id: text('id')!,
      name: text('name'),
      account: text('account'),
      contact: text('contact'),
      organisation: text('organisation'),
      told: row.told === true || row.told === 't',
      values,
    });
  }
  return out;
}

/** One change of one row, to be told on the timelines. */
export interface TimelineChange {
  action: TimelineActionKey;
  id: string;
  before?: TimelineSnapshot;
  after?: TimelineSnapshot;
  /** The event's title set by a save hook ('Form Reviewed'), before the row's milestones and the default. */
  title?: string;
  /** Lines a save hook tells first, before the field changes (a review's outcome). */
  lines?: string[];
}

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A value on one line: an event's description is one line per fact after 'By <who>', so a value
 * with line breaks (a description typed over several lines, a review's comments) must not start
 * lines of its own that read as facts or as another 'By ...'. Breaks and other control
 * characters become ' ⏎ ' / a space.
 */
const oneLine = (text: string) =>
  text
    .replace(/\r\n|[\r\n\u2028\u2029]/g, ' ⏎ ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ');

function shown(field: Field, value: string | null): string {
  if (value === null || value === '') return recordMessages.empty;
  const text = field.kind === 'enum' ? enumLabel(field.enum, value) : value;
  return bounded(oneLine(text), TIMELINE_LIMITS.value);
}

const ACTION_WORDS: Record<TimelineActionKey, string> = {
  CREATED: TimelineAction.values.CREATED,
  UPDATED: TimelineAction.values.UPDATED,
  DELETED: TimelineAction.values.DELETED,
};

/** The event of one change, or null when an update changed nothing the timeline tells. */
function eventOf(
  entity: EntityDef,
  caller: Caller | null,
  change: TimelineChange,
): { title: string; description: string; row: TimelineSnapshot } | null {
  const timeline = entity.timeline!;
  const row = change.after ?? change.before;
  if (!row || !row.told) return null;
  const fields = recordedFields(entity);
  const lines: string[] = [];
  let changedAny = false;
  for (const { name, field } of fields) {
    const label = field.label ?? name;
    const before = change.before?.values[name] ?? null;
    const after = change.after?.values[name] ?? null;
    const hidden = field.kind === 'json' || valueHidden(entity, name) || opaque(field);
    if (change.action === 'CREATED') {
      if (after === null || after === '') continue;
      lines.push(hidden ? label : `${label}: ${shown(field, after)}`);
    } else if (change.action === 'UPDATED') {
      if ((before ?? '') === (after ?? '')) continue;
      changedAny = true;
      lines.push(hidden ? recordMessages.changed(label) : `${label}: ${shown(field, before)} -> ${shown(field, after)}`);
    }
  }
  const milestone =
    change.action !== 'DELETED'
      ? timeline.milestones?.find(
          (m) => change.after?.values[m.field] === recordMessages.yes && change.before?.values[m.field] !== recordMessages.yes,
        )
      : undefined;
  if (change.action === 'UPDATED' && !changedAny && !change.title) return null;
  const what = change.title ?? milestone?.title ?? `${timeline.title ?? entity.label} ${ACTION_WORDS[change.action]}`;
  const name = row.name ? bounded(oneLine(row.name), TIMELINE_LIMITS.name) : null;
  const who = !caller || caller.email === 'system' ? recordMessages.theHub : caller.email;
  const told = (change.lines ?? []).map((l) => bounded(oneLine(l), TIMELINE_LIMITS.value));
  const description = bounded([recordMessages.by(who), ...told, ...lines].join('\n'), TIMELINE_LIMITS.description);
  return { title: name ? `${what}: ${name}` : what, description, row };
}

/**
 * Whose timelines a change goes on: the account the row belongs to, and the acting member
 * when that is another account; an organisation's record changed by an administrator goes on
 * the organisation's primary contact. An account being deleted takes its timeline with it.
 */
function accountsOf(caller: Caller | null, row: TimelineSnapshot, deleted: ReadonlySet<string>): string[] {
  const actor = caller?.kind === 'account' ? caller.userId : null;
  const targets = new Set<string>();
  if (row.account) targets.add(row.account);
  if (actor) targets.add(actor);
  if (!targets.size && row.contact) targets.add(row.contact);
  return [...targets].filter((id) => !deleted.has(id));
}

/** Writes the events of an operation's changes: one INSERT, one groupId. Returns how many were written. */
export async function recordTimeline(
  tx: Db,
  caller: Caller | null,
  entity: EntityDef,
  changes: readonly TimelineChange[],
): Promise<number> {
  if (!entity.timeline || !changes.length) return 0;
  const deleted = new Set(entity.timeline.account === 'self' ? changes.filter((c) => c.action === 'DELETED').map((c) => c.id) : []);
  const groupId = randomUUID();
  const cols = {
    action: [] as string[],
    title: [] as string[],
    description: [] as string[],
    account: [] as string[],
    record: [] as string[],
    organisation: [] as (string | null)[],
  };
  for (const change of changes) {
    const event = eventOf(entity, caller, change);
    if (!event) continue;
    for (const account of accountsOf(caller, event.row, deleted)) {
      cols.action.push(change.action);
      cols.title.push(event.title);
      cols.description.push(event.description);
      cols.account.push(account);
      cols.record.push(change.id);
      cols.organisation.push(event.row.organisation);
    }
  }
  if (!cols.action.length) return 0;
  const E = 'MehubAccountTimelineEventsEntity';
  const target = [
    columnSql(E, 'action'),
    columnSql(E, 'actionTitle'),
    columnSql(E, 'description'),
    columnSql(E, 'groupId'),
    columnSql(E, 'entity'),
    columnSql(E, 'recordEntity'),
    columnSql(E, 'recordId'),
    columnSql(E, 'memberOrganisation'),
  ];
  await tx.query(
    `INSERT INTO ${ident(getEntity(E).table)} (${target.join(', ')})
     SELECT a, t, d, $4, e, $5, r, o FROM unnest($1::text[], $2::text[], $3::text[], $6::uuid[], $7::text[], $8::uuid[]) AS x(a, t, d, e, r, o)`,
    [cols.action, cols.title, cols.description, groupId, entity.name, cols.account, cols.record, cols.organisation],
  );
  return cols.action.length;
}

/** The fields of an event as the timeline screens and routes give them. */
export const TIMELINE_EVENT_SELECTION = {
  id: true,
  created: true,
  action: true,
  actionTitle: true,
  description: true,
  entityId: true,
  groupId: true,
  recordEntity: true,
  recordId: true,
} as const;

/** A moment as the timestamp columns hold it (UTC, no zone). */
const stampParam = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

export interface TimelineSlot {
  start: Date;
  end: Date;
  count: number;
  latest: unknown;
}

/**
 * The graph's slots: the window [start, end) cut into `slots` equal parts, each non-empty one
 * with its count and its latest event, of the events the caller may read that match `filter`.
 * One statement.
 */
export async function timelineSlots(
  db: Db,
  caller: Caller | null,
  filter: Filter,
  window: { start: Date; end: Date },
  slots: number,
): Promise<TimelineSlot[]> {
  const entity = getEntity('MehubAccountTimelineEventsEntity');
  assertAllowed(caller, entity, 'read');
  const params = new Params();
  const widthSec = (window.end.getTime() - window.start.getTime()) / 1000 / slots;
  const start = params.add(stampParam(window.start), 'timestamp');
  const end = params.add(stampParam(window.end), 'timestamp');
  const width = params.add(widthSec, 'float8');
  const where = whereSql(entity, 'e', filter, params, caller);
  const slot = `floor(extract(epoch from (e.created - ${start})) / ${width})::int`;
  const json = selectJson(entity, 't', TIMELINE_EVENT_SELECTION, params, caller);
  const sql =
    `SELECT x.s AS s, x.n AS n, ${json} AS r FROM (` +
    `SELECT e.id, ${slot} AS s, count(*) OVER (PARTITION BY ${slot}) AS n, ` +
    `row_number() OVER (PARTITION BY ${slot} ORDER BY e.created DESC, e.id DESC) AS k ` +
    `FROM ${ident(entity.table)} e ${where ? `${where} AND` : 'WHERE'} e.created >= ${start} AND e.created < ${end}` +
    `) x JOIN ${ident(entity.table)} t ON t.id = x.id WHERE x.k = 1 ORDER BY x.s`;
  const { rows } = await db
    .query<{ s: number; n: number | string; r: unknown }>(sql, params.values)
    .catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  const step = (window.end.getTime() - window.start.getTime()) / slots;
  return rows.map((row) => ({
    start: new Date(window.start.getTime() + row.s * step),
    end: new Date(window.start.getTime() + (row.s + 1) * step),
    count: Number(row.n),
    latest: row.r,
  }));
}

/**
 * The starts of the months or weeks (Monday) in time zone `timeZone` that hold events the
 * caller may read matching `filter`, latest first, as wire moments in UTC. One statement.
 */
export async function timelinePeriods(
  db: Db,
  caller: Caller | null,
  filter: Filter,
  frame: 'month' | 'week',
  timeZone: string,
  limit: number,
): Promise<string[]> {
  const entity = getEntity('MehubAccountTimelineEventsEntity');
  assertAllowed(caller, entity, 'read');
  const params = new Params();
  const zone = params.add(timeZone, 'text');
  const where = whereSql(entity, 't', filter, params, caller);
  const local = `date_trunc('${frame === 'month' ? 'month' : 'week'}', (t.created AT TIME ZONE 'UTC') AT TIME ZONE ${zone})`;
  const sql =
    `SELECT to_char((p.local AT TIME ZONE ${zone}) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS start ` +
    `FROM (SELECT DISTINCT ${local} AS local FROM ${ident(entity.table)} t ${where}) p ORDER BY p.local DESC LIMIT ${Math.trunc(limit)}`;
  const { rows } = await db
    .query<{ start: string }>(sql, params.values)
    .catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  return rows.map((r) => r.start);
}

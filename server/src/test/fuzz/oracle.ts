import { allEntities, getEntity, kinds, type EntityDef, type ReferenceField } from '@hub/model';
import { serverKindOf } from '../../kinds';
import type { Db } from '../../db/client';
import { columnOf } from '../../db/columns';

/**
 * What the fuzz run checks in the database: rows a caller may not write (the other
 * organisation's and shared ones) stay as they were, no row moves into or appears in
 * the other organisation, and no row of one organisation starts referencing a row (or
 * file) of the other. Owners are derived from the model's scopes here, independently
 * of the server's access module.
 */
export type Owner = string | null; // an organisation id, or null: shared / administrators'

export interface Snapshot {
  /** table -> id -> row as JSON text */
  rows: Map<string, Map<string, string>>;
  /** table -> id -> parsed row */
  parsed: Map<string, Map<string, Record<string, unknown>>>;
  files: Map<string, { owner_entity: string | null; owner_id: string | null }>;
}

const entities = allEntities();

export async function snapshot(db: Db): Promise<Snapshot> {
  const rows = new Map<string, Map<string, string>>();
  const parsed = new Map<string, Map<string, Record<string, unknown>>>();
  for (const e of entities) {
    const res = await db.query<{ id: string; j: string }>(`SELECT id::text AS id, row_to_json(t)::text AS j FROM "${e.table}" t`);
    const m = new Map<string, string>();
    const p = new Map<string, Record<string, unknown>>();
    for (const row of res.rows) {
      m.set(row.id, row.j);
      p.set(row.id, JSON.parse(row.j) as Record<string, unknown>);
    }
    rows.set(e.table, m);
    parsed.set(e.table, p);
  }
  const files = new Map<string, { owner_entity: string | null; owner_id: string | null }>();
  const f = await db.query<{ id: string; owner_entity: string | null; owner_id: string | null }>(
    'SELECT id::text, owner_entity, owner_id::text FROM file',
  );
  for (const row of f.rows) files.set(row.id, row);
  return { rows, parsed, files };
}

/** The organisation a row belongs to, following the entity's scope as the model declares it. */
export function ownerOf(s: Snapshot, entity: EntityDef, row: Record<string, unknown> | undefined, depth = 0): Owner {
  if (!row || depth > 10) return null;
  const scope = entity.scope;
  const refCol = (ref: string) => columnOf(ref, entity.fields[ref]);
  switch (scope.kind) {
    case 'org':
      return (row[refCol(scope.ref)] as string | null) ?? null;
    case 'self':
      return row.id as string;
    case 'via': {
      const target = getEntity((entity.fields[scope.ref] as ReferenceField).target);
      const id = row[refCol(scope.ref)] as string | null;
      return id ? ownerOf(s, target, s.parsed.get(target.table)?.get(id), depth + 1) : null;
    }
    case 'custom':
      if (scope.rule === 'forms') return null;
      if (scope.rule === 'submissions') {
        const account = s.parsed.get(getEntity('MehubAccountEntity').table)?.get(row.mehub_account_id as string);
        return (account?.member_organisation_id as string | null) ?? null;
      }
      return (row.member_organisation_id as string | null) ?? null;
    case 'shared':
      return null;
  }
}

/** Known ids by entity and owner (the demo's), in an order that does not depend on the random ids. */
export function ownersById(s: Snapshot, orgs: { spark: string; volt: string }) {
  const byEntity = new Map<string, { spark: string[]; volt: string[]; shared: string[] }>();
  const uuidish = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;
  const stable = (row: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(row).filter(([k, v]) => !(typeof v === 'string' && (uuidish.test(v) || /^\d{4}-\d\d-\d\d/.test(v))) && k !== 'id'),
    );
  for (const e of entities) {
    const sets = { spark: [] as [string, string][], volt: [] as [string, string][], shared: [] as [string, string][] };
    for (const [id, row] of s.parsed.get(e.table)!) {
      const o = ownerOf(s, e, row);
      (o === orgs.spark ? sets.spark : o === orgs.volt ? sets.volt : sets.shared).push([stable(row), id]);
    }
    const sorted = (l: [string, string][]) => l.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, id]) => id);
    byEntity.set(e.name, { spark: sorted(sets.spark), volt: sorted(sets.volt), shared: sorted(sets.shared) });
  }
  return byEntity;
}

export interface Violation {
  kind:
    'protected-row-changed' | 'protected-row-deleted' | 'row-in-other-organisation' | 'cross-organisation-reference' | 'shared-row-linked';
  table: string;
  id: string;
  detail: string;
}

/** The differences between two snapshots that a caller of organisation `mine` must not have caused. */
export function compare(before: Snapshot, after: Snapshot, mine: string, other: string): Violation[] {
  const out: Violation[] = [];
  for (const e of entities) {
    const b = before.rows.get(e.table)!;
    const a = after.rows.get(e.table)!;
    for (const [id, json] of b) {
      const owner = ownerOf(before, e, before.parsed.get(e.table)!.get(id));
      if (owner === mine) continue;
      const now = a.get(id);
      if (now === undefined)
        out.push({
          kind: 'protected-row-deleted',
          table: e.table,
          id,
          detail: `${ownerName(owner, other)} row deleted: ${json.slice(0, 300)}`,
        });
      else if (now !== json)
        out.push({
          kind: 'protected-row-changed',
          table: e.table,
          id,
          detail: `${ownerName(owner, other)} row changed: ${diff(json, now)}`,
        });
    }
    for (const [id, row] of after.parsed.get(e.table)!) {
      const owner = ownerOf(after, e, row);
      const was = b.has(id) ? ownerOf(before, e, before.parsed.get(e.table)!.get(id)) : undefined;
      if (owner === other && was !== other)
        out.push({
          kind: 'row-in-other-organisation',
          table: e.table,
          id,
          detail: `${was === undefined ? 'new row' : 'row moved'} in the other organisation: ${after.rows.get(e.table)!.get(id)!.slice(0, 300)}`,
        });
      // A new link or child row hanging off a row that was shared or the other organisation's.
      if (!b.has(id) && e.scope.kind === 'via') {
        const target = getEntity((e.fields[e.scope.ref] as ReferenceField).target);
        const parentId = row[columnOf(e.scope.ref, e.fields[e.scope.ref])] as string | null;
        const parentBefore = parentId ? before.parsed.get(target.table)?.get(parentId) : undefined;
        if (parentBefore && ownerOf(before, target, parentBefore) !== mine && owner !== mine)
          out.push({
            kind: 'shared-row-linked',
            table: e.table,
            id,
            detail: `new ${e.name} row on ${target.name} ${parentId} (${ownerName(ownerOf(before, target, parentBefore), other)})`,
          });
      }
    }
  }
  const known = new Set(crossReferences(before).map((v) => `${v.table}:${v.id}:${v.detail}`));
  for (const v of crossReferences(after)) if (!known.has(`${v.table}:${v.id}:${v.detail}`)) out.push(v);
  return out;
}

function ownerName(owner: Owner, other: string): string {
  return owner === null ? 'shared' : owner === other ? "the other organisation's" : 'another';
}

function diff(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  return Object.keys({ ...x, ...y })
    .filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]))
    .map((k) => `${k}: ${JSON.stringify(x[k])?.slice(0, 80)} -> ${JSON.stringify(y[k])?.slice(0, 80)}`)
    .join('; ');
}

/** Rows of one organisation referencing (by reference or file field) a row or file of another. */
export function crossReferences(s: Snapshot): Violation[] {
  const out: Violation[] = [];
  for (const e of entities) {
    for (const [id, row] of s.parsed.get(e.table)!) {
      const owner = ownerOf(s, e, row);
      if (!owner) continue;
      for (const [name, field] of Object.entries(e.fields)) {
        if (!kinds[field.kind].holdsId) continue;
        const ref = row[columnOf(name, field)] as string | null;
        if (!ref) continue;
        let targetOwner: Owner = null;
        // An id naming no entity's row (rowOf null) is a file's.
        const rowOf = serverKindOf(field).rowOf;
        if (rowOf) {
          const target = getEntity(rowOf(field));
          targetOwner = ownerOf(s, target, s.parsed.get(target.table)?.get(ref));
        } else {
          const file = s.files.get(ref);
          const ownerEntity = file?.owner_entity ? entities.find((x) => x.name === file.owner_entity) : undefined;
          if (ownerEntity && file?.owner_id) targetOwner = ownerOf(s, ownerEntity, s.parsed.get(ownerEntity.table)?.get(file.owner_id));
        }
        if (targetOwner && targetOwner !== owner)
          out.push({
            kind: 'cross-organisation-reference',
            table: e.table,
            id,
            detail: `${name} -> ${rowOf ? rowOf(field) : 'file'} ${ref}`,
          });
      }
    }
  }
  return out;
}

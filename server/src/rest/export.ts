import { stringify } from 'csv-stringify/sync';
import { findEntity, getEntity, inputKey, type EntityDef } from '@hub/model';
import { serverKindOf } from '../kinds';
import type { FastifyInstance } from 'fastify';
import { listRecords } from '../crud/list';
import { BadInputError, NotFoundError } from '../core/errors';
import type { Selection } from '../crud/select';
import type { Where } from '../crud/conditions';
import type { Db } from '../db/client';

interface Column {
  key: string;
  header: string;
  /** A reference's name: the referenced row's display field, read with the caller's rights. */
  via?: { ref: string; display: string };
  label?: (v: unknown) => string;
  /** Numbers stay numbers: a negative amount is data, not a formula. */
  numeric?: boolean;
}

/**
 * Text a spreadsheet may read as a formula (the OWASP CSV injection list, and `|` for DDE): a
 * cell starting with a tab, CR or LF, or whose first character that is not blank or invisible
 * (spaces, NBSP, zero-width characters, a byte order mark...), after Unicode NFKC normalisation
 * (a fullwidth '＝' is '='), is one of = + - @ |.
 */
const LINE_START = /^[\t\r\n]/;
const BLANK_OR_INVISIBLE = /^[\s\p{Cf}\p{Cc}\p{Zs}\u115f\u1160\u3164\uffa0]+/u;
const FORMULA_START = /^[=+\-@|]/;

function looksLikeFormula(value: string): boolean {
  if (LINE_START.test(value)) return true;
  const first = value.replace(BLANK_OR_INVISIBLE, '').slice(0, 8).normalize('NFKC');
  return FORMULA_START.test(first.replace(BLANK_OR_INVISIBLE, ''));
}

/**
 * One cell as written: text that a spreadsheet would run as a formula gets a leading single
 * quote (shown as text, never evaluated); numbers of number fields are left as they are.
 */
export function csvCell(value: unknown, numeric = false): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value; // numbers, booleans, dates: written by the CSV writer, never text
  if (numeric && value.trim() !== '' && Number.isFinite(Number(value))) return value;
  return looksLikeFormula(value) ? `'${value}` : value;
}

/**
 * Columns of an export: every readable stored field; a reference by its id and, in the next
 * column ('<label> Name'), by the referenced row's display value (a person reads 'Owner Name:
 * wes@sparkright.example', not an id), empty where the caller may not read that row.
 */
function exportColumns(entity: EntityDef): Column[] {
  const cols: Column[] = [{ key: 'id', header: 'Id' }];
  for (const [name, field] of Object.entries(entity.fields)) {
    const csv = serverKindOf(field).csv;
    if (field.writeOnly || csv === 'not exported') continue;
    const key = inputKey(name, field);
    const header = field.label ?? name;
    if (typeof csv === 'object') cols.push({ key, header, label: (v) => csv.label(field, v) });
    else cols.push({ key, header, numeric: csv === 'number' });
    if (field.kind === 'reference') {
      const display = getEntity(field.target).display;
      if (display && display !== 'id') cols.push({ key: `${name}.${display}`, header: `${header} Name`, via: { ref: name, display } });
    }
  }
  cols.push({ key: 'created', header: 'Created' }, { key: 'modified', header: 'Modified' });
  return cols;
}

/** The display value of a referenced row as read (an object, or null when none or not readable). */
function displayOf(row: unknown, display: string): unknown {
  if (!row || typeof row !== 'object' || !Object.hasOwn(row, display)) return null;
  const v = (row as Record<string, unknown>)[display];
  return typeof v === 'object' ? null : v;
}

function parseConditions(raw: unknown): Where[][] {
  if (raw === undefined || raw === '') return [];
  try {
    const parsed = JSON.parse(String(raw)) as unknown;
    if (!Array.isArray(parsed)) throw new Error();
    return parsed.map((group) => {
      if (!Array.isArray(group)) throw new Error();
      return group as Where[];
    });
  } catch {
    throw new BadInputError('stringConditions must be a JSON list of condition lists');
  }
}

/** GET /api/entity/{entity}/export?stringConditions=...: CSV of the records the caller may read. */
export function exportRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { entity: string }; Querystring: { stringConditions?: string } }>('/api/entity/:entity/export', async (req, reply) => {
    const entity = findEntity(req.params.entity);
    if (!entity) throw new NotFoundError(`Unknown entity ${req.params.entity}`);
    const columns = exportColumns(entity);
    const sel: Selection = Object.fromEntries(
      columns.map((c) => (c.via ? [c.via.ref, { [c.via.display]: true }] : [c.key, true])),
    ) as Selection;
    const rows: Record<string, unknown>[] = [];
    const conditions = parseConditions(req.query.stringConditions);
    for (let skip = 0; ; skip += 1000) {
      const page = (await listRecords(db, req.caller, entity, { conditions, skip, take: 1000 }, sel)) as Record<string, unknown>[];
      rows.push(...page);
      if (page.length < 1000) break;
    }
    const csv = stringify([
      columns.map((c) => csvCell(c.header)),
      ...rows.map((r) =>
        columns.map((c) => csvCell(c.via ? displayOf(r[c.via.ref], c.via.display) : c.label ? c.label(r[c.key]) : r[c.key], c.numeric)),
      ),
    ]);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${entity.name}.csv"`)
      .send(csv);
  });
}

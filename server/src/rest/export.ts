import { stringify } from 'csv-stringify/sync';
import { enumLabel, findEntity, type EntityDef } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import { listRecords } from '../crud/list';
import { BadInputError, NotFoundError } from '../crud/errors';
import type { Selection } from '../crud/select';
import type { Where } from '../crud/conditions';
import type { Db } from '../db/client';

/** Columns of an export: every readable stored field, references by id. */
function exportColumns(entity: EntityDef): { key: string; header: string; label?: (v: unknown) => string }[] {
  const cols: { key: string; header: string; label?: (v: unknown) => string }[] = [{ key: 'id', header: 'Id' }];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.writeOnly || field.kind === 'children' || field.kind === 'links') continue;
    const key = field.kind === 'reference' || field.kind === 'file' ? `${name}Id` : name;
    const header = field.label ?? name;
    cols.push(field.kind === 'enum' ? { key, header, label: (v) => enumLabel(field.enum, v as string) } : { key, header });
  }
  cols.push({ key: 'created', header: 'Created' }, { key: 'modified', header: 'Modified' });
  return cols;
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
    const sel: Selection = Object.fromEntries(columns.map((c) => [c.key, true]));
    const rows: Record<string, unknown>[] = [];
    const conditions = parseConditions(req.query.stringConditions);
    for (let skip = 0; ; skip += 1000) {
      const page = (await listRecords(db, req.caller, entity, { conditions, skip, take: 1000 }, sel)) as Record<string, unknown>[];
      rows.push(...page);
      if (page.length < 1000) break;
    }
    const csv = stringify([
      columns.map((c) => c.header),
      ...rows.map((r) => columns.map((c) => (c.label ? c.label(r[c.key]) : (r[c.key] ?? '')))),
    ]);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${entity.name}.csv"`)
      .send(csv);
  });
}

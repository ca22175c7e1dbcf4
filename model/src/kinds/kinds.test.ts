import { describe, expect, it } from 'vitest';
import { getEntity, isJoin, isRelation, kinds, type FieldKind } from '../index';

const where = (test: (kind: FieldKind) => boolean) => (Object.keys(kinds) as FieldKind[]).filter(test).sort();

describe('what each field kind is', () => {
  it('names its kind groups once: relations, ids, uploads and joins', () => {
    expect(where((k) => !kinds[k].stored)).toEqual(['children', 'derived', 'links']);
    // Relations: not stored and joined through; a derived value is neither a column nor a relation.
    expect(where((k) => !kinds[k].stored && kinds[k].joins)).toEqual(['children', 'links']);
    expect(where((k) => kinds[k].holdsId)).toEqual(['file', 'reference']);
    expect(where((k) => kinds[k].upload)).toEqual(['file']);
    expect(where((k) => kinds[k].joins)).toEqual(['children', 'links', 'reference']);
  });

  it('tells relations and joins of real fields', () => {
    const asset = getEntity('AssetEntity');
    const relations = Object.entries(asset.fields).filter(([, f]) => isRelation(f));
    expect(relations.length).toBeGreaterThan(0);
    expect(relations.every(([, f]) => f.kind === 'children' || f.kind === 'links')).toBe(true);
    expect(Object.values(asset.fields).filter(isJoin).length).toBeGreaterThan(relations.length);
    const pending = getEntity('DocumentEntity').fields.pendingApproval;
    expect([isRelation(pending), isJoin(pending), pending.readOnly]).toEqual([false, false, true]);
  });
});

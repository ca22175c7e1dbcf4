import { describe, expect, it } from 'vitest';
import { getEntity, isJoin, isRelation, kinds, type FieldKind } from '../index';

const where = (test: (kind: FieldKind) => boolean) => (Object.keys(kinds) as FieldKind[]).filter(test).sort();

describe('what each field kind is', () => {
  it('names its kind groups once: relations, ids, uploads and joins', () => {
    expect(where((k) => !kinds[k].stored)).toEqual(['children', 'links']);
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
  });
});

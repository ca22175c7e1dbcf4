import { describe, expect, it } from 'vitest';
import type { Field } from './define';
import { allEntities, entities, findEntity, getEntity, type EntityName } from './registry';

describe('entity names', () => {
  it('are typed: a misspelt name does not compile, and fails loudly if forced', () => {
    // @ts-expect-error 'Asst' is not an EntityName
    expect(() => getEntity('Asst')).toThrow('Unknown entity Asst');
    expect(getEntity('AssetEntity').name).toBe('AssetEntity');
    // @ts-expect-error a reference must target a registered entity
    const bad: Field = { kind: 'reference', target: 'Asst' };
    expect(bad.kind).toBe('reference');
    const name: EntityName = 'RolesMeaDocumentAccess'; // link entities are entities too
    expect(getEntity(name).link).toBeDefined();
  });

  it('from a request are looked up with findEntity, undefined when unknown', () => {
    expect(findEntity('Asst')).toBeUndefined();
    expect(findEntity('toString')).toBeUndefined();
    expect(findEntity('__proto__')).toBeUndefined();
    expect(findEntity('assetentity')?.name).toBe('AssetEntity');
  });

  it('are the keys of the registry, one entity each', () => {
    for (const [key, e] of Object.entries(entities)) expect(e.name, key).toBe(key);
    const names = allEntities().map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('name only registered entities in references, children and links (the compile-time check, at run time)', () => {
    const unknown = allEntities().flatMap((e) =>
      Object.entries(e.fields).flatMap(([key, field]) => {
        const named = field.kind === 'links' ? [field.link, field.target] : 'target' in field ? [field.target] : [];
        return named.filter((n) => !n || !findEntity(n)).map((n) => `${e.name}.${key} -> ${n}`);
      }),
    );
    expect(unknown).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { defineEntity, f, type AnyEntityDef } from './define';
import { AssetType } from './enums';
import { getEntity } from './registry';
import { validateInput, type SaveMode } from './validate';

const V4 = '9b2c7f1e-1d7a-4c3b-8f55-2a4f0f6d7c11';
const V1 = '9b2c7f1e-1d7a-1c3b-8f55-2a4f0f6d7c11';

/** One small entity with a field of every kind. */
const sample = defineEntity({
  name: 'SampleEntity',
  label: 'Sample',
  table: 'sample',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ required: true, maxLength: 10 }),
    notes: f.textarea({ minLength: 3 }),
    email: f.email(),
    site: f.url(),
    count: f.integer({ required: true }),
    ratio: f.number(),
    done: f.boolean({ required: true }),
    day: f.date(),
    due: f.datetime(),
    kind: f.enum(AssetType),
    data: f.json(),
    owner: f.ref('MehubAccountEntity'),
    boss: f.ref('MehubAccountEntity', { required: true }),
    photo: f.file(),
    links: f.links('X', 'a', 'b', { required: true, minItems: 1 }),
  },
});

/** Issues as 'path: message', the way a client reads them. */
const check = (input: Record<string, unknown>, mode: SaveMode = 'update', entity: AnyEntityDef = sample) =>
  validateInput(entity, input, mode).map((i) => `${i.path}: ${i.message}`);

describe('required', () => {
  it('lists every missing required field on create, by its input key', () => {
    expect(check({}, 'create')).toEqual([
      'name: This field is required',
      'count: This field is required',
      'done: This field is required',
      'bossId: This field is required',
      'links: This field is required',
    ]);
  });
  it('refuses null, empty and blank strings', () => {
    expect(check({ name: '   ' })).toEqual(['name: This field is required']);
    expect(check({ name: '' })).toEqual(['name: This field is required']);
    expect(check({ name: null })).toEqual(['name: This field is required']);
    expect(validateInput(sample, { name: '' }, 'update')[0].code).toBe('required');
  });
  it('counts 0 and false as present', () => {
    expect(check({ count: 0, done: false })).toEqual([]);
  });
  it('lets optional fields be cleared', () => {
    expect(check({ email: '', site: null, ownerId: null, ratio: null })).toEqual([]);
  });
  it('lets a required field with a default be left out on create', () => {
    const asset = getEntity('AssetEntity');
    expect(check({ assetType: 'TOOL' }, 'create', asset)).toEqual(['description: This field is required']);
    expect(check({ assetType: 'TOOL', description: 'Drill' }, 'create', asset)).toEqual([]);
  });
});

describe('text kinds', () => {
  it('email', () => {
    expect(check({ email: 'nope' })).toEqual(['email: The value is not a valid email']);
    expect(check({ email: 'a@' })).toEqual(['email: The value is not a valid email']);
    expect(check({ email: 'sam@sparkright.example' })).toEqual([]);
  });
  it('url: only http and https addresses', () => {
    expect(check({ site: 'not a url' })).toEqual(['site: The value is not a valid url']);
    expect(check({ site: 'javascript:alert(1)' })).toEqual(['site: The value is not a valid url']);
    expect(check({ site: 'https://example.org/a?b=1' })).toEqual([]);
    expect(check({ documentLink: 'www.example.org' }, 'update', getEntity('DocumentEntity'))).toContain(
      'documentLink: The value is not a valid url',
    );
  });
  it('length with the exact messages', () => {
    expect(check({ name: 'x'.repeat(11) })).toEqual(['name: The length of this field is not less than or equal to 10. Actual Length: 11']);
    expect(check({ name: 'x'.repeat(10) })).toEqual([]);
    expect(check({ notes: 'ab' })).toEqual(['notes: The length of this field is not greater than or equal to 3. Actual Length: 2']);
    expect(validateInput(sample, { notes: 'ab' }, 'update')[0].code).toBe('length');
  });
});

describe('numbers and booleans', () => {
  it('integer: whole numbers only', () => {
    expect(check({ count: 1.5 })).toEqual(['count: This field must be an integer']);
    expect(check({ count: '7' })).toEqual(['count: This field must be an integer']);
    expect(check({ order: 2.5 }, 'update', getEntity('DocumentTypesEntity'))).toEqual(['order: This field must be an integer']);
  });
  it('integer: within -2147483648..2147483647', () => {
    expect(check({ count: -2147483648 })).toEqual([]);
    expect(check({ count: 2147483647 })).toEqual([]);
    expect(check({ count: 2147483648 })).toEqual(['count: The value must be a whole number between -2147483648 and 2147483647']);
    expect(check({ count: -2147483649 })).toEqual(['count: The value must be a whole number between -2147483648 and 2147483647']);
    expect(validateInput(sample, { count: 2147483648 }, 'update')[0].code).toBe('range');
  });
  it('number: any finite number', () => {
    expect(check({ ratio: 0.25 })).toEqual([]);
    expect(check({ ratio: 'x' })).toEqual(['ratio: This field must be a number']);
    expect(check({ ratio: Number.NaN })).toEqual(['ratio: This field must be a number']);
    expect(check({ order: '3' }, 'update', getEntity('SafetyLinkEntity'))).toEqual(['order: This field must be a number']);
  });
  it('boolean: true or false, not strings', () => {
    expect(check({ done: true })).toEqual([]);
    const issues = validateInput(sample, { done: 'true' }, 'update');
    expect(issues.map((i) => [i.path, i.code])).toEqual([['done', 'invalid']]);
  });
});

describe('dates', () => {
  it("accepts the wire format 'YYYY-MM-DD HH:mm:ss' and a bare day", () => {
    expect(check({ due: '2026-02-28 23:59:59', day: '2026-02-28' })).toEqual([]);
    expect(check({ due: '2024-02-29 00:00:00' })).toEqual([]);
  });
  it('refuses impossible and malformed dates', () => {
    expect(check({ due: '2026-02-30 10:00:00' })).toEqual(['due: The value is not a valid date']);
    expect(check({ day: '2026-02-29' })).toEqual(['day: The value is not a valid date']);
    expect(check({ due: '2026-01-01 24:00:00' })).toEqual(['due: The value is not a valid date']);
    expect(check({ due: '22/11/2026 10:00' })).toEqual(['due: The value is not a valid date']);
    expect(check({ due: 'tomorrow' })).toEqual(['due: The value is not a valid date']);
  });
});

describe('enums, json and ids', () => {
  it('enum: known keys only, case-sensitive', () => {
    expect(check({ kind: 'TOOL' })).toEqual([]);
    expect(check({ kind: 'Tool' })[0]).toMatch(/^kind: The value must be one of PLANT, LADDER, .*TOOL/);
    expect(check({ status: 'BROKEN' }, 'update', getEntity('AssetEntity'))).toEqual([
      'status: The value must be one of IN_SERVICE, OUT_OF_SERVICE',
    ]);
  });
  it('json: a string must parse; objects and arrays pass', () => {
    expect(check({ data: '{"a":1}' })).toEqual([]);
    expect(check({ data: { a: 1 } })).toEqual([]);
    expect(check({ data: [1, 2] })).toEqual([]);
    expect(check({ data: '{nope' })).toEqual(['data: The value is not valid JSON']);
    expect(check({ submissionData: '{"q1":' }, 'update', getEntity('FormSubmissionsEntity'))).toEqual([
      'submissionData: The value is not valid JSON',
    ]);
  });
  it('reference and file ids must be version-4 uuids', () => {
    expect(check({ ownerId: V4, photoId: V4 })).toEqual([]);
    expect(check({ ownerId: '123' })).toEqual(['ownerId: The value is not a valid id']);
    expect(check({ photoId: V1 })).toEqual(['photoId: The value is not a valid id']);
  });
  it('a required reference cannot be cleared', () => {
    expect(check({ bossId: null })).toEqual(['bossId: This field is required']);
    expect(check({ assetsId: '' }, 'update', getEntity('AssetsMehubAccounts'))).toEqual(['assetsId: This field is required']);
  });
});

describe('link lists', () => {
  it('need at least one item when required, and valid ids', () => {
    expect(check({ links: [] })).toEqual(['links: At least one item must be selected']);
    expect(check({ links: [{ id: V4 }] })).toEqual([]);
    expect(check({ links: [{ id: V4 }, { id: 'bad' }] })).toEqual(['links.1.id: The value is not a valid id']);
  });
  it('document types: a document needs at least one', () => {
    const doc = getEntity('DocumentEntity');
    expect(check({ documentTypess: [] }, 'update', doc)).toEqual(['documentTypess: At least one item must be selected']);
    expect(check({ documentName: 'A', documentLink: 'https://e.org' }, 'create', doc)).toEqual(['documentTypess: This field is required']);
  });
});

describe('passwords', () => {
  const account = getEntity('MehubAccountEntity');
  const pw = (password: string, confirmPassword = password) => check({ email: 'a@b.org', password, confirmPassword }, 'create', account);
  it('are 12 to 128 characters, with the exact length message', () => {
    expect(pw('short')).toEqual(['password: The length of this field is not between 12 and 128. Actual Length: 5']);
    expect(pw('x'.repeat(11))).toEqual(['password: The length of this field is not between 12 and 128. Actual Length: 11']);
    expect(pw('x'.repeat(129))).toEqual(['password: The length of this field is not between 12 and 128. Actual Length: 129']);
    expect(pw('x'.repeat(12))).toEqual([]);
    expect(pw('x'.repeat(128))).toEqual([]);
  });
  it("must be confirmed: 'Password fields do not match'", () => {
    expect(pw('long-enough-pass', 'long-enough-pasS')).toEqual(['confirmPassword: Password fields do not match']);
    expect(check({ password: 'long-enough-pass' }, 'update', account)).toEqual(['confirmPassword: Password fields do not match']);
    expect(check({ password: 'long-enough-pass', confirmPassword: 'x' }, 'update', getEntity('MehubAdminEntity'))).toEqual([
      'confirmPassword: Password fields do not match',
    ]);
    expect(check({ firstname: 'Sam' }, 'update', account)).toEqual([]);
  });
});

describe('the document rule', () => {
  const doc = getEntity('DocumentEntity');
  const base = { documentName: 'Policy', documentTypess: [{ id: V4 }] };
  it('refuses an upload together with a link', () => {
    expect(check({ ...base, documentUploadId: V4, documentLink: 'https://e.org' }, 'create', doc)).toEqual([
      'documentLink: You can either upload a document or attach a URL against your document',
    ]);
  });
  it('refuses neither on create, and clearing both on update', () => {
    expect(check(base, 'create', doc)).toEqual(['documentUpload: No document or link was provided']);
    expect(check({ documentLink: '' }, 'update', doc)).toEqual(['documentUpload: No document or link was provided']);
  });
  it('accepts exactly one, and an update that touches neither', () => {
    expect(check({ ...base, documentLink: 'https://e.org' }, 'create', doc)).toEqual([]);
    expect(check({ ...base, documentUploadId: V4 }, 'create', doc)).toEqual([]);
    expect(check({ documentName: 'Renamed' }, 'update', doc)).toEqual([]);
  });
});

describe('updates are patches', () => {
  const asset = getEntity('AssetEntity');
  const account = getEntity('MehubAccountEntity');
  it('absent required keys are fine; clearing a required one is not', () => {
    expect(check({ comments: 'ok' }, 'update', asset)).toEqual([]);
    expect(check({ description: '' }, 'update', asset)).toEqual(['description: This field is required']);
    expect(check({ assetType: null }, 'update', asset)).toEqual(['assetType: This field is required']);
  });
  it('immutable keys are ignored on update but checked on create', () => {
    expect(check({ email: 'not an email', twoFactorEnabled: 'x' }, 'update', account)).toEqual([]);
    expect(check({ email: '' }, 'update', account)).toEqual([]);
    expect(check({ email: 'not an email' }, 'create', account)).toEqual(['email: The value is not a valid email']);
  });
  it('read-only keys are ignored on create and update', () => {
    expect(check({ lastsyncdate: 'garbage' }, 'update', account)).toEqual([]);
    expect(check({ email: 'a@b.org', lastsyncdate: 'garbage' }, 'create', account)).toEqual([]);
  });
});

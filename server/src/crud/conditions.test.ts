import { ROLES, GROUPS, getEntity, type EntityName } from '@hub/model';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../access/caller';
import { compileFilter, compileWhere, type Filter, type Where } from './conditions';
import { BadInputError } from '../core/errors';
import { Params } from '../db/params';

const admin: Caller = {
  userId: 'u-1',
  kind: 'admin',
  groups: [GROUPS.admin],
  role: null,
  roleId: null,
  organisationId: null,
  email: 'a@b',
};
const member: Caller = {
  ...admin,
  userId: 'u-2',
  kind: 'account',
  groups: [GROUPS.member],
  role: ROLES.safetyManager,
  organisationId: 'o-1',
};
const worker: Caller = { ...member, role: ROLES.worker };
const ID = '9b2c7f1e-1d7a-4c3b-8f55-2a4f0f6d7c11';

type Cond = Partial<Where> & { path: string };
function compile(cond: Cond, entity: EntityName = 'AssetEntity', caller: Caller | null = admin) {
  const params = new Params();
  const sql = compileWhere(getEntity(entity), 't', { comparison: 'equal', value: [], ...cond } as Where, params, caller);
  return { sql, params: params.values };
}
function filter(f: Filter, entity: EntityName = 'AssetEntity', caller: Caller | null = admin) {
  const params = new Params();
  return { parts: compileFilter(getEntity(entity), 't', f, params, caller), params: params.values };
}
/** The BadInputError message of a refused condition. */
function refused(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(BadInputError);
    return (err as Error).message;
  }
  throw new Error('expected the condition to be refused');
}

describe('contains and like', () => {
  it('contains is ILIKE with %, _ and \\ taken literally', () => {
    expect(compile({ path: 'description', comparison: 'contains', value: ['50%_off\\'] })).toEqual({
      sql: `t."description" ILIKE $1 ESCAPE '\\'`,
      params: ['%50\\%\\_off\\\\%'],
    });
  });
  it('a case option without IGNORE_CASE makes it LIKE; with it stays ILIKE', () => {
    expect(compile({ path: 'description', comparison: 'contains', value: ['Drill'], case: 'CURRENT_CULTURE' }).sql).toBe(
      `t."description" LIKE $1 ESCAPE '\\'`,
    );
    expect(compile({ path: 'description', comparison: 'contains', value: ['Drill'], case: 'ORDINAL' }).sql).toBe(
      `t."description" LIKE $1 ESCAPE '\\'`,
    );
    expect(compile({ path: 'description', comparison: 'contains', value: ['Drill'], case: 'ORDINAL_IGNORE_CASE' }).sql).toBe(
      `t."description" ILIKE $1 ESCAPE '\\'`,
    );
  });
  it('like keeps the client wildcards, with a backslash taken literally (even a trailing one)', () => {
    expect(compile({ path: 'description', comparison: 'like', value: ['Dr%l_\\'] }).params).toEqual(['Dr%l_\\\\']);
  });
  it('like passes the client pattern through', () => {
    expect(compile({ path: 'description', comparison: 'like', value: ['Dr%l_'] })).toEqual({
      sql: `t."description" ILIKE $1 ESCAPE '\\'`,
      params: ['Dr%l_'],
    });
  });
  it('json is searched as text', () => {
    expect(compile({ path: 'submissionData', comparison: 'contains', value: ['yes'] }, 'FormSubmissionsEntity').sql).toBe(
      `t."submission_data"::text ILIKE $1 ESCAPE '\\'`,
    );
  });
});

describe('equal and notEqual', () => {
  it('text equality, optionally ignoring case', () => {
    expect(compile({ path: 'brand', value: ['Makita'] })).toEqual({ sql: `t."brand" = $1`, params: ['Makita'] });
    expect(compile({ path: 'brand', value: ['Makita'], case: 'CURRENT_CULTURE_IGNORE_CASE' }).sql).toBe(`lower(t."brand") = lower($1)`);
  });
  it('typed kinds cast their parameter', () => {
    expect(compile({ path: 'order', value: ['3'] }, 'SafetyLinkSectionEntity')).toEqual({ sql: `t."order" = $1::int`, params: ['3'] });
    expect(compile({ path: 'order', value: ['2.5'] }, 'SafetyLinkEntity').sql).toBe(`t."order" = $1::double precision`);
    expect(compile({ path: 'showtime', value: ['true'] }, 'NewsEntity').sql).toBe(`t."showtime" = $1::boolean`);
    expect(compile({ path: 'memberOrganisationId', value: [ID] })).toEqual({ sql: `t."member_organisation_id" = $1::uuid`, params: [ID] });
    expect(compile({ path: 'id', value: [ID] }).sql).toBe(`t.id = $1::uuid`);
  });
  it('notEqual keeps rows where the column is NULL', () => {
    expect(compile({ path: 'brand', comparison: 'notEqual', value: ['Makita'] }).sql).toBe(`(t."brand" IS NULL OR NOT (t."brand" = $1))`);
  });
  it('a null value means IS NULL / IS NOT NULL', () => {
    expect(compile({ path: 'brand', value: [null] })).toEqual({ sql: `t."brand" IS NULL`, params: [] });
    expect(compile({ path: 'parentAssetId', comparison: 'notEqual', value: [null] }).sql).toBe(`t."parent_asset_id" IS NOT NULL`);
  });
});

describe('in and notIn', () => {
  it('in uses = ANY with a typed array', () => {
    expect(compile({ path: 'assetType', comparison: 'in', value: ['TOOL', 'LADDER'] })).toEqual({
      sql: `t."asset_type" = ANY($1::text[])`,
      params: [['TOOL', 'LADDER']],
    });
    expect(compile({ path: 'id', comparison: 'in', value: [ID] })).toEqual({ sql: `t.id = ANY($1::uuid[])`, params: [[ID]] });
    expect(compile({ path: 'order', comparison: 'in', value: ['1', '2'] }, 'SafetyLinkSectionEntity').sql).toBe(
      `t."order" = ANY($1::int[])`,
    );
  });
  it('notIn includes NULL rows', () => {
    expect(compile({ path: 'assetType', comparison: 'notIn', value: ['TOOL'] }).sql).toBe(
      `(t."asset_type" IS NULL OR NOT (t."asset_type" = ANY($1::text[])))`,
    );
  });
  it('in ignoring case lowers both sides', () => {
    expect(compile({ path: 'brand', comparison: 'in', value: ['Makita'], case: 'INVARIANT_CULTURE_IGNORE_CASE' }).sql).toBe(
      `lower(t."brand") = ANY(SELECT lower(x) FROM unnest($1::text[]) x)`,
    );
  });
  it('every value is checked', () => {
    expect(refused(() => compile({ path: 'id', comparison: 'notIn', value: [ID, 'x'] }))).toBe(
      "Invalid search term for id: 'x' is not a valid id",
    );
  });
});

describe('ordered comparisons', () => {
  it.each([
    ['greaterThan', '>'],
    ['greaterThanOrEqual', '>='],
    ['lessThan', '<'],
    ['lessThanOrEqual', '<='],
  ] as const)('%s is %s', (comparison, op) => {
    expect(compile({ path: 'order', comparison, value: ['5'] }, 'SafetyLinkSectionEntity')).toEqual({
      sql: `t."order" ${op} $1::int`,
      params: ['5'],
    });
  });
  it('date-times are cast and normalised to the wire format in UTC', () => {
    expect(compile({ path: 'reminderNotification', comparison: 'greaterThanOrEqual', value: ['2026-03-01T10:00:00+10:00'] })).toEqual({
      sql: `t."reminder_notification" >= $1::timestamp`,
      params: ['2026-03-01 00:00:00'],
    });
    expect(compile({ path: 'created', comparison: 'lessThan', value: ['2026-03-01'] })).toEqual({
      sql: `t.created < $1::timestamp`,
      params: ['2026-03-01 00:00:00'],
    });
  });
  it('days are cast to date and keep the day as written, whatever the time or zone', () => {
    for (const v of ['2026-03-01', '2026-03-01 23:30:00', '2026-03-01T10:00:00+10:00', '2026-03-01T23:00:00-11:00'])
      expect(compile({ path: 'nextInspection', comparison: 'greaterThanOrEqual', value: [v] }), v).toEqual({
        sql: `t."next_inspection" >= $1::date`,
        params: ['2026-03-01'],
      });
  });
  it('numbers accept decimal notation', () => {
    for (const v of ['-.5', '+2', '1e3', '0.0', ' 7 '])
      expect(compile({ path: 'order', comparison: 'lessThan', value: [v] }, 'SafetyLinkEntity').params, v).toEqual([v]);
  });
  it('need a value', () => {
    expect(refused(() => compile({ path: 'nextInspection', comparison: 'greaterThan', value: [null] }))).toBe(
      "The comparison 'greaterThan' on nextInspection needs a value",
    );
  });
});

describe('a text value that is a version-4 id', () => {
  it('also matches the id for contains, like and equal', () => {
    expect(compile({ path: 'description', comparison: 'contains', value: [ID] })).toEqual({
      sql: `(t."description" ILIKE $1 ESCAPE '\\' OR t.id = $2::uuid)`,
      params: [`%${ID}%`, ID],
    });
    expect(compile({ path: 'description', value: [ID] }).sql).toBe(`(t."description" = $1 OR t.id = $2::uuid)`);
  });
  it('does not widen notEqual, or non-id text', () => {
    expect(compile({ path: 'description', comparison: 'notEqual', value: [ID] }).sql).not.toContain('t.id');
    expect(compile({ path: 'description', comparison: 'contains', value: ['9b2c7f1e-1d7a-1c3b-8f55-2a4f0f6d7c11'] }).sql).toBe(
      `t."description" ILIKE $1 ESCAPE '\\'`,
    );
  });
});

describe('dotted paths', () => {
  it('through a reference: EXISTS on the target row', () => {
    const { sql, params } = compile({ path: 'memberOrganisation.memberCode', value: ['DEMO1'] });
    expect(sql).toMatch(
      /^EXISTS \(SELECT 1 FROM "member_organisation" (r\d+) WHERE \1\.id = t\."member_organisation_id" AND \(\1\."member_code" = \$1\)\)$/,
    );
    expect(params).toEqual(['DEMO1']);
  });
  it('through children and links', () => {
    expect(compile({ path: 'assetss.description', comparison: 'contains', value: ['saw'] }).sql).toMatch(
      /^EXISTS \(SELECT 1 FROM "asset" (r\d+) WHERE \1\."parent_asset_id" = t\.id AND \(\1\."description" ILIKE \$1 ESCAPE '\\'\)\)$/,
    );
    expect(compile({ path: 'mehubAccountss.email', value: ['w@x.org'] }).sql).toMatch(
      /^EXISTS \(SELECT 1 FROM "link_assets_mehub_accounts" (l\d+) JOIN "mehub_account" (r\d+) ON \2\.id = \1\."mehub_accounts_id" WHERE \1\."assets_id" = t\.id AND \(\2\."email" = \$1\)\)$/,
    );
  });
  it('nest for longer paths', () => {
    expect(compile({ path: 'parentAsset.memberOrganisation.name', value: ['Acme'] }).sql).toMatch(
      /^EXISTS \(SELECT 1 FROM "asset" (r\d+) WHERE \1\.id = t\."parent_asset_id" AND \(EXISTS \(SELECT 1 FROM "member_organisation" (r\d+) WHERE \2\.id = \1\."member_organisation_id" AND \(\2\."name" = \$1\)\)\)\)$/,
    );
  });
  it("keep a non-administrator inside the target's scope", () => {
    const { sql } = compile({ path: 'memberOrganisation.memberCode', value: ['DEMO1'] }, 'AssetEntity', member);
    expect(sql).toMatch(/WHERE (r\d+)\.id = t\."member_organisation_id" AND \1\.id = \$1::uuid AND \(\1\."member_code" = \$2\)\)$/);
  });
  it('refuse a step into rows the caller may not read at all', () => {
    expect(() => compile({ path: 'memberOrganisation.memberCode', value: ['DEMO1'] }, 'AssetEntity', null)).toThrow(/sign in/);
    expect(() => compile({ path: 'apiKeys.name', value: ['payroll'] }, 'MemberOrganisationEntity', worker)).toThrow(
      /^You are not allowed to perform this action: read ApikeyEntity/,
    );
  });
  it('refuse a step that is not a relation', () => {
    expect(refused(() => compile({ path: 'description.length', value: ['1'] }))).toBe(
      "Unknown search path 'description.length' on AssetEntity",
    );
    expect(refused(() => compile({ path: 'memberOrganisation.colour', value: ['1'] }))).toBe(
      "Unknown search path 'colour' on MemberOrganisationEntity",
    );
  });
});

describe('whole filters', () => {
  it('where and groups are ANDed, inside a group ORed; ids and has', () => {
    const { parts, params } = filter({
      where: [{ path: 'brand', comparison: 'equal', value: ['Makita'] }],
      conditions: [
        [
          { path: 'assetType', comparison: 'equal', value: ['TOOL'] },
          { path: 'assetType', comparison: 'equal', value: ['PLANT'] },
        ],
      ],
      ids: [ID],
      has: [{ path: 'assetss', negate: true }],
    });
    expect(parts.slice(0, 3)).toEqual([`t."brand" = $1`, `(t."asset_type" = $2 OR t."asset_type" = $3)`, `t.id = ANY($4::uuid[])`]);
    expect(parts[3]).toMatch(/^NOT EXISTS \(SELECT 1 FROM "asset" r\d+ WHERE r\d+\."parent_asset_id" = t\.id\)$/);
    expect(params).toEqual(['Makita', 'TOOL', 'PLANT', [ID]]);
  });
  it('empty groups add nothing', () => {
    expect(filter({ conditions: [[], []] }).parts).toEqual([]);
  });
  it('refuse a malformed id in ids', () => {
    expect(refused(() => filter({ ids: [ID, '42'] }))).toBe("'42' is not a valid id");
  });
});

describe('search-term checks', () => {
  it.each([
    [
      'a bad date',
      { path: 'nextInspection', value: ['2026-02-30'] },
      'AssetEntity',
      "Invalid search term for nextInspection: '2026-02-30' is not a valid date",
    ],
    [
      'a bad stamp',
      { path: 'created', comparison: 'lessThan', value: ['soon'] },
      'AssetEntity',
      "Invalid search term for created: 'soon' is not a valid date",
    ],
    [
      'an integer above 32 bits',
      { path: 'order', value: ['2147483648'] },
      'SafetyLinkSectionEntity',
      "Invalid search term for order: '2147483648' is not a whole number between -2147483648 and 2147483647",
    ],
    [
      'an integer below 32 bits',
      { path: 'order', value: ['-2147483649'] },
      'SafetyLinkSectionEntity',
      "Invalid search term for order: '-2147483649' is not a whole number between -2147483648 and 2147483647",
    ],
    [
      'a fraction for an integer',
      { path: 'order', value: ['1.5'] },
      'SafetyLinkSectionEntity',
      "Invalid search term for order: '1.5' is not a whole number between -2147483648 and 2147483647",
    ],
    ['a non-decimal number', { path: 'order', value: ['0b1'] }, 'SafetyLinkEntity', "Invalid search term for order: '0b1' is not a number"],
    [
      'a number that rounds to 0',
      { path: 'order', value: ['1e-400'] },
      'SafetyLinkEntity',
      "Invalid search term for order: '1e-400' is not a number",
    ],
    [
      'a boolean other than true/false',
      { path: 'showtime', value: ['yes'] },
      'NewsEntity',
      "Invalid search term for showtime: 'yes' is not a boolean: use 'true' or 'false'",
    ],
    ['a malformed id', { path: 'id', value: ['42'] }, 'AssetEntity', "Invalid search term for id: '42' is not a valid id"],
    [
      'a malformed reference id',
      { path: 'memberOrganisationId', value: ['x'] },
      'AssetEntity',
      "Invalid search term for memberOrganisationId: 'x' is not a valid id",
    ],
    [
      'an unknown enum value',
      { path: 'status', value: ['BROKEN'] },
      'AssetEntity',
      "Invalid search term for status: 'BROKEN' is not one of IN_SERVICE, OUT_OF_SERVICE",
    ],
    ['an unknown path', { path: 'colour', value: ['red'] }, 'AssetEntity', "Unknown search path 'colour' on AssetEntity"],
    [
      'a write-only field',
      { path: 'password', value: ['x'] },
      'MehubAccountEntity',
      "Unknown search path 'password' on MehubAccountEntity",
    ],
    [
      'a link list as a leaf',
      { path: 'mehubAccountss', value: [ID] },
      'AssetEntity',
      "Unknown search path 'mehubAccountss' on AssetEntity",
    ],
    [
      'contains on a boolean',
      { path: 'showtime', comparison: 'contains', value: ['true'] },
      'NewsEntity',
      "The comparison 'contains' cannot be used on showtime",
    ],
    [
      'contains on an enum',
      { path: 'status', comparison: 'contains', value: ['IN'] },
      'AssetEntity',
      "The comparison 'contains' cannot be used on status",
    ],
    [
      'greaterThan on a boolean',
      { path: 'showtime', comparison: 'greaterThan', value: ['true'] },
      'NewsEntity',
      "The comparison 'greaterThan' cannot be used on showtime",
    ],
    ['like on an id', { path: 'id', comparison: 'like', value: [ID] }, 'AssetEntity', "The comparison 'like' cannot be used on id"],
  ] as [string, Cond, EntityName, string][])('refuse %s, naming the path', (_what, cond, entity, message) => {
    expect(refused(() => compile(cond, entity))).toBe(message);
  });
  it('reach through dotted paths', () => {
    expect(refused(() => compile({ path: 'parentAsset.nextInspection', value: ['2026-13-01'] }))).toBe(
      "Invalid search term for nextInspection: '2026-13-01' is not a valid date",
    );
  });
});

describe('paths from a client never reach a prototype', () => {
  it.each(['constructor', 'toString', '__proto__', 'prototype', 'hasOwnProperty'])("'%s' is an unknown search path", (name) => {
    expect(refused(() => compile({ path: name, value: ['x'] }))).toBe(`Unknown search path '${name}' on AssetEntity`);
    expect(refused(() => compile({ path: `parentAsset.${name}`, value: ['x'] }))).toBe(`Unknown search path '${name}' on AssetEntity`);
    expect(refused(() => compile({ path: `${name}Id`, value: [ID] }))).toBe(`Unknown search path '${name}Id' on AssetEntity`);
    expect(refused(() => filter({ has: [{ path: name }] }))).toBe(`Unknown related path '${name}' on AssetEntity`);
  });
});

describe('bounds', () => {
  it('a path deeper than 8 levels', () => {
    expect(refused(() => compile({ path: `${'parentAsset.'.repeat(8)}description`, value: ['x'] }))).toBe(
      'A search path can be at most 8 levels deep',
    );
    expect(compile({ path: `${'parentAsset.'.repeat(7)}description`, value: ['x'] }).sql).toMatch(/^EXISTS/);
  });
  it('more than 200 conditions, 1000 values or 1000 ids', () => {
    const c = { path: 'description', comparison: 'equal' as const, value: ['x'] };
    expect(refused(() => filter({ where: Array(101).fill(c), conditions: [Array(100).fill(c)] }))).toBe(
      'At most 200 search conditions can be given at once',
    );
    expect(refused(() => filter({ has: [{ path: 'parentAsset', conditions: [Array(200).fill(c)] }] }))).toBe(
      'At most 200 search conditions can be given at once',
    );
    expect(refused(() => compile({ path: 'description', comparison: 'in', value: Array(1001).fill('x') }))).toBe(
      'At most 1000 values can be given to one search condition',
    );
    expect(refused(() => filter({ ids: Array(1001).fill(ID) }))).toBe('At most 1000 ids can be given at once');
  });
  it('conditions of the wrong shape (the export parses them from JSON)', () => {
    expect(refused(() => compile({ path: 42 } as never))).toBe('A search condition needs a path');
    expect(refused(() => compile({ path: 'description', comparison: 'soundsLike' } as never))).toMatch(/needs a comparison/);
    expect(refused(() => compile({ path: 'description', value: [7] } as never))).toBe(
      'The value of a search condition on description must be a list of texts',
    );
  });
});

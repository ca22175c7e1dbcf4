import { getEntity } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { initialState } from './list-state';
import { columnsOf, conditionsOf, organisationColumn, selectionConditions } from './query';

const asset = getEntity('AssetEntity');

describe('list queries from the model', () => {
  it('lists the visible scalar and reference fields in their order', () => {
    expect(columnsOf(asset).map((c) => c.path)).toEqual([
      'assetType',
      'assetID',
      'brand',
      'assetModel',
      'serialNumber',
      'description',
      'status',
    ]);
  });

  it('searches every searchable field with one OR group, and ANDs the filters', () => {
    const groups = conditionsOf(asset, {
      search: ' drill ',
      filters: { status: ['IN_SERVICE'], nextInspection: ['2026-01-01', '2026-03-31'] },
    });
    expect(groups).toEqual([
      [
        { path: 'assetID', comparison: 'contains', value: ['drill'] },
        { path: 'serialNumber', comparison: 'contains', value: ['drill'] },
        { path: 'description', comparison: 'contains', value: ['drill'] },
      ],
      [{ path: 'status', comparison: 'in', value: ['IN_SERVICE'] }],
      [{ path: 'nextInspection', comparison: 'greaterThanOrEqual', value: ['2026-01-01'] }],
      [{ path: 'nextInspection', comparison: 'lessThanOrEqual', value: ['2026-03-31'] }],
    ]);
  });

  it('filters a date-time range from the first second of the first day to the last of the last', () => {
    const licence = getEntity('LicenceEntity');
    expect(conditionsOf(licence, { search: '', filters: { authorizedDate: ['2026-01-01', '2026-03-31'] } })).toEqual([
      [{ path: 'authorizedDate', comparison: 'greaterThanOrEqual', value: ['2026-01-01 00:00:00'] }],
      [{ path: 'authorizedDate', comparison: 'lessThanOrEqual', value: ['2026-03-31 23:59:59'] }],
    ]);
  });

  it('lists the textarea of an entity that has no other text column', () => {
    expect(columnsOf(getEntity('NewsEntity')).map((c) => c.path)).toEqual(['notice', 'showtime']);
    expect(columnsOf(asset).some((c) => c.field.kind === 'textarea')).toBe(false);
  });

  it('filters a reference by the picked ids, and a date range only with both ends', () => {
    expect(conditionsOf(asset, { search: '', filters: { parentAsset: ['p1', 'p2'], nextInspection: ['', '2026-03-31'] } })).toEqual([
      [{ path: 'parentAssetId', comparison: 'in', value: ['p1', 'p2'] }],
    ]);
  });

  it('acts on picked ids, or on every match minus the exclusions', () => {
    const picked = { ...initialState(), selected: ['a', 'b'] };
    expect(selectionConditions(asset, picked, [])).toEqual([[{ path: 'id', comparison: 'in', value: ['a', 'b'] }]]);
    const all = { ...initialState(), allPages: true, selected: ['c'], search: 'van' };
    expect(selectionConditions(asset, all, []).at(-1)).toEqual([{ path: 'id', comparison: 'notIn', value: ['c'] }]);
    expect(selectionConditions(asset, { ...initialState(), allPages: true }, [])).toEqual([
      [{ path: 'id', comparison: 'notEqual', value: ['00000000-0000-4000-8000-000000000000'] }],
    ]);
  });
});

describe('issue 11 back-office columns and search', () => {
  it('member records get an Organisation column sorted by the nested name', () => {
    expect(organisationColumn(getEntity('AssetEntity'))).toMatchObject({ path: 'memberOrganisation.name', sortable: true });
    const licence = organisationColumn(getEntity('LicenceEntity'))!;
    expect(licence.path).toBe('mehubAccount.memberOrganisation.name');
    expect(licence.select).toBe('mehubAccount { id memberOrganisation { id name } }');
    expect(licence.value!({ mehubAccount: { memberOrganisation: { name: 'Sparkright' } } })).toBe('Sparkright');
    expect(licence.value!({ mehubAccount: null })).toBeNull();
    expect(organisationColumn(getEntity('FormSubmissionsEntity'))!.path).toBe('mehubAccount.memberOrganisation.name');
    expect(organisationColumn(getEntity('NewsEntity'))).toBeNull();
  });

  it('the submissions list shows the form name and the user, not the email', () => {
    const cols = columnsOf(getEntity('FormSubmissionsEntity'));
    expect(cols.map((c) => c.label)).toEqual(expect.arrayContaining(['Form Name', 'User']));
    expect(cols.map((c) => c.path)).not.toContain('mehubAccount');
    expect(cols.find((c) => c.path === 'owner')).toMatchObject({ select: 'owner { email firstName surname }', sortable: false });
    expect(cols.find((c) => c.path === 'formName')).toMatchObject({ sortable: true });
  });

  it('a searchable enumeration is searched by its labels', () => {
    const version = getEntity('FormsEntityFormVersion');
    expect(conditionsOf(version, { search: 'incid', filters: {} })).toEqual([
      [{ path: 'formType', comparison: 'in', value: ['INCIDENT'] }],
    ]);
    expect(conditionsOf(version, { search: 'zzz', filters: {} })[0][0].path).toBe('id');
  });
});

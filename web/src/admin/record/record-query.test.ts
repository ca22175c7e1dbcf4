import { getEntity } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { derivedText } from '../kinds';
import { childLists, fileLists, organisationConditions, organisationOfValues, ownerShown } from './record-query';

describe("the account screen's licences (issue 11 item 4)", () => {
  it('are a child record list, not a file list whose uploads would create licences without their required fields', () => {
    const account = getEntity('MehubAccountEntity');
    expect(fileLists(account).map((l) => l.name)).not.toContain('licences');
    expect(childLists(account).map((l) => [l.name, l.target.name, l.inverse])).toEqual([['licences', 'LicenceEntity', 'mehubAccount']]);
  });

  it("a licence's attachments stay a file list", () => {
    expect(fileLists(getEntity('LicenceEntity')).map((l) => l.name)).toEqual(['licenceAttachmentss']);
    expect(childLists(getEntity('LicenceEntity'))).toEqual([]);
  });
});

describe("an administrator's record screen", () => {
  it("shows the owner reference, required on create (a document's only shown: member-body documents have none)", () => {
    const asset = getEntity('AssetEntity');
    expect(ownerShown(asset, false, 'create')).toBe(asset);
    expect(ownerShown(asset, true, 'create').fields.memberOrganisation).toMatchObject({ hidden: false, required: true });
    expect(ownerShown(asset, true, 'view').fields.memberOrganisation).toMatchObject({ hidden: false });
    expect(ownerShown(getEntity('LicenceEntity'), true, 'create').fields.mehubAccount).toMatchObject({ required: true });
    expect(ownerShown(getEntity('DocumentEntity'), true, 'create').fields.memberOrganisation).toMatchObject({ hidden: false });
    expect(ownerShown(getEntity('DocumentEntity'), true, 'create').fields.memberOrganisation.required).toBeFalsy();
    expect(ownerShown(getEntity('NewsEntity'), true, 'create')).toBe(getEntity('NewsEntity'));
  });

  it("keeps pickers to the record's organisation", () => {
    const asset = getEntity('AssetEntity');
    expect(organisationOfValues(asset, { memberOrganisationId: 'org-1' })).toBe('org-1');
    expect(organisationOfValues(getEntity('LicenceEntity'), { mehubAccountId: 'a' })).toBeNull();
    expect(organisationConditions(asset, 'org-1')).toEqual([[{ path: 'memberOrganisationId', comparison: 'equal', value: ['org-1'] }]]);
    expect(organisationConditions(getEntity('MehubAccountEntity'), 'org-1')).toEqual([
      [{ path: 'memberOrganisationId', comparison: 'equal', value: ['org-1'] }],
    ]);
    expect(organisationConditions(getEntity('LicenceEntity'), 'org-1')).toEqual([
      [{ path: 'mehubAccount.memberOrganisationId', comparison: 'equal', value: ['org-1'] }],
    ]);
    expect(organisationConditions(getEntity('DocumentTypesEntity'), 'org-1')).toEqual([]);
    expect(organisationConditions(asset, null)).toEqual([]);
  });
});

describe('derived values as text', () => {
  const owner = getEntity('FormSubmissionsEntity').fields.owner;
  it('an owner is first name and surname, or the email when both are empty', () => {
    if (owner.kind !== 'derived') throw new Error('owner is derived');
    expect(derivedText(owner, { email: 'a@b.c', firstName: 'Sam', surname: 'Lee' })).toBe('Sam Lee');
    expect(derivedText(owner, { email: 'a@b.c', firstName: '', surname: null })).toBe('a@b.c');
    expect(derivedText(owner, { email: 'a@b.c', firstName: null, surname: 'Lee' })).toBe('Lee');
  });
});

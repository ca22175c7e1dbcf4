import { GROUPS, type RoleName } from '@hub/model';
import { ROLES } from '@hub/model/roles';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../app/session';
import {
  canEditDocument,
  documentActions,
  documentNeedsApproval,
  offersTemplates,
  pendingNotice,
  statusTabOf,
  statusTabsFor,
  viewerOf,
} from './document-rules';

const me = (
  role: RoleName | null,
  groups: { name: string; hasBackendAccess: boolean }[] = [{ name: GROUPS.member, hasBackendAccess: false }],
): Me => ({
  id: 'u',
  userName: 'u',
  email: 'u@x.example',
  givenName: null,
  surname: null,
  roleName: role,
  isDuplicate: false,
  memberOrganisationId: role ? 'o' : null,
  twoFactorMethod: null,
  groups,
});
const safetyWorker = viewerOf(me(ROLES.safetyWorker));
const safetyManager = viewerOf(me(ROLES.safetyManager));
const manager = viewerOf(me(ROLES.manager));
const backend = viewerOf(me(ROLES.worker, [{ name: GROUPS.memberBackoffice, hasBackendAccess: true }]));
const admin = viewerOf(me(null, [{ name: GROUPS.admin, hasBackendAccess: true }]));

describe('status tabs by role', () => {
  it('a SafetyWorker has only the Active tab, index 0', () => {
    const { tabs, defaultIndex } = statusTabsFor(safetyWorker);
    expect(tabs.map((t) => t.label)).toEqual(['Active']);
    expect(tabs[defaultIndex].status).toBe('ACTIVE');
    // An address naming another tab still opens Active.
    expect(statusTabOf(safetyWorker, 'pending').status).toBe('ACTIVE');
  });
  it('others have Pending, Active, Inactive with Active (index 1) by default', () => {
    for (const v of [safetyManager, manager, backend, admin]) {
      const { tabs, defaultIndex } = statusTabsFor(v);
      expect(tabs.map((t) => t.label)).toEqual(['Pending', 'Active', 'Inactive']);
      expect(defaultIndex).toBe(1);
      expect(statusTabOf(v, undefined).status).toBe('ACTIVE');
      expect(statusTabOf(v, 'Pending').status).toBe('PENDING');
      expect(statusTabOf(v, 'bogus').status).toBe('ACTIVE');
    }
  });
  it("'New from safety templates' only on the Active tab and never for a SafetyWorker", () => {
    expect(offersTemplates(safetyManager, 'ACTIVE')).toBe(true);
    expect(offersTemplates(safetyManager, 'PENDING')).toBe(false);
    expect(offersTemplates(manager, 'INACTIVE')).toBe(false);
    expect(offersTemplates(safetyWorker, 'ACTIVE')).toBe(false);
  });
});

describe('actions by status and viewer', () => {
  it('SafetyManager, back-end holder and administrator: by status', () => {
    for (const v of [safetyManager, backend, admin]) {
      expect(documentActions('PENDING', v)).toEqual(['approve', 'remove']);
      expect(documentActions('INACTIVE', v)).toEqual(['makeActive']);
      expect(documentActions('ACTIVE', v)).toEqual(['makeInactive']);
    }
  });
  it('anyone else: no actions; members never change member-body documents', () => {
    for (const s of ['PENDING', 'ACTIVE', 'INACTIVE']) {
      expect(documentActions(s, safetyWorker)).toEqual([]);
      expect(documentActions(s, manager)).toEqual([]);
      expect(documentActions(s, safetyManager, { mea: true })).toEqual([]);
    }
  });
  it('Edit only where saving would be allowed', () => {
    expect(canEditDocument(safetyManager, false)).toBe(true);
    expect(canEditDocument(safetyManager, true)).toBe(false);
    expect(canEditDocument(safetyWorker, false)).toBe(false);
    expect(canEditDocument(manager, false)).toBe(false);
  });
  it('a new document waits for approval unless a SafetyManager creates it; the notice names it', () => {
    expect(documentNeedsApproval(safetyWorker)).toBe(true);
    expect(documentNeedsApproval(manager)).toBe(true);
    expect(documentNeedsApproval(safetyManager)).toBe(false);
    expect(pendingNotice('Ladder SWMS')).toBe(
      'Document approval pending: Ladder SWMS requires approval from a manager before it can be attached to a form',
    );
  });
});

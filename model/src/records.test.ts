import { describe, expect, it } from 'vitest';
import {
  addMonths,
  approvedLicenceStatus,
  displayedLicenceStatus,
  documentActions,
  documentCreateStatus,
  licenceActions,
  licenceAutoApproved,
  nextInspectionDate,
  ownAccountOnly,
  recordViewer,
} from './records';
import { GROUPS } from './groups';
import { ROLES } from './roles';

const member = (role: string) => recordViewer(role, [GROUPS.member]);
const backoffice = (role: string) => recordViewer(role, [GROUPS.memberBackoffice]);
const admin = recordViewer(null, [GROUPS.admin]);

describe('record workflow facts', () => {
  it('computes the next inspection from the last and the frequency', () => {
    expect(nextInspectionDate('2024-01-31', 'ONE_MONTH')).toBe('2024-02-29');
    expect(nextInspectionDate('2024-11-15', 'THREE_MONTHS')).toBe('2025-02-15');
    expect(nextInspectionDate('2024-08-31', 'SIX_MONTHS')).toBe('2025-02-28');
    expect(nextInspectionDate('2024-08-31', 'NOT_APPLICABLE')).toBeUndefined();
    expect(nextInspectionDate(null, 'ONE_MONTH')).toBeUndefined();
    expect(addMonths('nonsense', 1)).toBeNull();
  });

  it('gives document actions by status and viewer', () => {
    expect(documentActions('PENDING', member(ROLES.safetyManager))).toEqual(['approve', 'remove']);
    expect(documentActions('ACTIVE', member(ROLES.safetyManager))).toEqual(['makeInactive']);
    expect(documentActions('INACTIVE', member(ROLES.safetyManager))).toEqual(['makeActive']);
    expect(documentActions('PENDING', member(ROLES.safetyWorker))).toEqual([]);
    expect(documentActions('ACTIVE', member(ROLES.manager))).toEqual([]);
    expect(documentActions('ACTIVE', backoffice(ROLES.worker))).toEqual(['makeInactive']);
    expect(documentActions('ACTIVE', member(ROLES.safetyManager), { mea: true })).toEqual([]);
    expect(documentActions('ACTIVE', admin, { mea: true })).toEqual(['makeInactive']);
  });

  it('creates documents ACTIVE for a SafetyManager, PENDING for others; administrators choose', () => {
    expect(documentCreateStatus(member(ROLES.safetyManager), 'PENDING')).toBe('ACTIVE');
    expect(documentCreateStatus(member(ROLES.safetyWorker), 'ACTIVE')).toBe('PENDING');
    expect(documentCreateStatus(backoffice(ROLES.worker))).toBe('PENDING');
    expect(documentCreateStatus(admin, 'INACTIVE')).toBe('INACTIVE');
    expect(documentCreateStatus(admin)).toBe('ACTIVE');
  });

  it('approves licences of managers and back-end holders, by renewal date', () => {
    expect(licenceAutoApproved(member(ROLES.manager))).toBe(true);
    expect(licenceAutoApproved(member(ROLES.proManager))).toBe(true);
    expect(licenceAutoApproved(member(ROLES.worker))).toBe(false);
    expect(licenceAutoApproved(backoffice(ROLES.worker))).toBe(true);
    const now = new Date('2025-06-01T10:00:00Z');
    expect(approvedLicenceStatus(null, now)).toBe('ACTIVE');
    expect(approvedLicenceStatus('2025-06-02', now)).toBe('ACTIVE');
    // Valid through its renewal date: renewing today is still active.
    expect(approvedLicenceStatus('2025-06-01', now)).toBe('ACTIVE');
    expect(approvedLicenceStatus('2025-05-31', now)).toBe('EXPIRED');
    expect(displayedLicenceStatus({ status: 'ACTIVE', renewalDate: '2025-06-01' }, now)).toBe('ACTIVE');
    expect(displayedLicenceStatus({ status: 'ACTIVE', renewalDate: '2025-05-31' }, now)).toBe('EXPIRED');
    expect(displayedLicenceStatus({ status: 'PENDING', renewalDate: '2025-05-31' }, now)).toBe('PENDING');
    expect(displayedLicenceStatus({ status: 'EXPIRED', renewalDate: null }, now)).toBe('EXPIRED');
    expect(licenceActions('PENDING', member(ROLES.worker), { own: true })).toEqual(['remove']);
    expect(licenceActions('ACTIVE', member(ROLES.worker), { own: true })).toEqual([]);
    expect(licenceActions('PENDING', member(ROLES.manager))).toEqual(['approve', 'remove']);
  });

  it('holds workers to their own account', () => {
    expect(ownAccountOnly(member(ROLES.safetyWorker))).toBe(true);
    expect(ownAccountOnly(member(ROLES.manager))).toBe(false);
    expect(ownAccountOnly(backoffice(ROLES.worker))).toBe(false);
    expect(ownAccountOnly(admin)).toBe(false);
  });
});

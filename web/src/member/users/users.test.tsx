import { GROUPS, ROLES } from '@hub/model';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAs, renderPage, serve } from '../library/test-render';
import { displayedLicenceStatus, licenceActionsFor, licenceSavedApproved } from '../licences/licence-rules';
import { LicenceList } from '../licences/LicenceList';
import { LicencePage } from '../licences/LicencePage';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';
import { activityConditions, isActiveUser, mayExportUserPdf, seesOnlySelf, startOfTodayWire } from './users-api';

// The description box grows with its text (Mantine's autosize), which listens to document.fonts: jsdom has none.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

const OTHER = '7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a0f';
const LICENCE = '3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9';

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (id: string) => ({
  id,
  email: 'wes@sparkright.example',
  userName: 'wes@sparkright.example',
  firstname: 'Wes',
  surname: 'Walker',
  mobileNumber: null,
  lastsyncdate: startOfTodayWire(),
  roleId: null,
  role: { id: 'r', name: 'SafetyWorker' },
  memberOrganisationId: 'o',
  memberOrganisation: { id: 'o', name: 'Sparkright Electrical', primaryContactId: null },
});

describe('users: active and inactive by Lastsyncdate', () => {
  it('active from the start of today, inactive before it or never synchronised', () => {
    const now = new Date(2026, 10, 25, 15, 30);
    const start = startOfTodayWire(now);
    expect(isActiveUser(start, now)).toBe(true);
    expect(isActiveUser(new Date(2026, 10, 24, 23, 59).toISOString().slice(0, 19).replace('T', ' '), now)).toBe(false);
    expect(isActiveUser(null, now)).toBe(false);
    expect(activityConditions('active', now)).toEqual([[{ path: 'lastsyncdate', comparison: 'greaterThanOrEqual', value: [start] }]]);
    expect(activityConditions('inactive', now)).toEqual([
      [
        { path: 'lastsyncdate', comparison: 'lessThan', value: [start] },
        { path: 'lastsyncdate', comparison: 'equal', value: [null] },
      ],
    ]);
  });

  it('the list shows the two tabs and asks for the active tab first', async () => {
    const fetchMock = serve({ 'graphql:mehubAccountEntitys': { body: { data: { rows: [summary(OTHER)], total: 1 } } } });
    renderPage(<UsersPage />, memberAs(ROLES.manager), '/users');
    expect(await screen.findByRole('tab', { name: 'Active users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Inactive users' })).toBeTruthy();
    expect((await screen.findAllByText('Wes Walker')).length).toBeGreaterThan(0);
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => c[0] === '/api/graphql')![1]!.body)) as { variables: { c: unknown } };
    expect(JSON.stringify(body.variables.c)).toContain('greaterThanOrEqual');
  });
});

describe('users: the tile panel', () => {
  it('counts users, as members say it (not the entity name)', async () => {
    serve({ 'graphql:t0: countMehubAccountEntitys': { body: { data: { t0: 6, t1: 1 } } } });
    const me = memberAs(ROLES.safetyManager);
    me.groups = [...me.groups, { name: GROUPS.memberBackoffice, hasBackendAccess: true }];
    renderPage(<UsersPage />, me, '/users');
    expect(await screen.findByText('6 users')).toBeTruthy();
    expect(screen.getByText('1 user')).toBeTruthy();
    expect(screen.queryByText(/mehub/i)).toBeNull();
  });
});

describe('users: who sees whom', () => {
  it('a SafetyWorker sees only their own record; managers and back-end holders their organisation', () => {
    expect(seesOnlySelf(memberAs(ROLES.safetyWorker))).toBe(true);
    expect(seesOnlySelf(memberAs(ROLES.worker))).toBe(true);
    expect(seesOnlySelf(memberAs(ROLES.manager))).toBe(false);
    expect(seesOnlySelf({ ...memberAs(ROLES.safetyWorker), groups: [{ name: GROUPS.memberBackoffice, hasBackendAccess: true }] })).toBe(
      false,
    );
  });

  it("a SafetyWorker's /users opens their own record", async () => {
    const me = memberAs(ROLES.safetyWorker);
    serve({});
    renderPage(<UsersPage />, me, '/users');
    expect(await screen.findByText('Another page')).toBeTruthy();
  });

  it("a SafetyWorker opening someone else's record gets the 404 page, and no request is made", async () => {
    const fetchMock = serve({});
    renderPage(<UserPage mode="view" />, memberAs(ROLES.safetyWorker), '/users/view/:id', `/users/view/${OTHER}`);
    expect(await screen.findByText('Another page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Export as PDF is hidden for a SafetyWorker and shown to a manager', async () => {
    expect(mayExportUserPdf(memberAs(ROLES.safetyWorker))).toBe(false);
    expect(mayExportUserPdf(memberAs(ROLES.manager))).toBe(true);
    const worker = memberAs(ROLES.safetyWorker);
    const routes = (id: string) => ({
      'graphql:r: mehubAccountEntity(id: $id) { id email userName firstname': { body: { data: { r: summary(id) } } },
      'graphql:mehubAccountEntity(id': { body: { data: { r: { ...summary(id), created: null, modified: null } } } },
      'graphql:licenceEntitys': { body: { data: { r: [] } } },
    });
    serve(routes(worker.id));
    renderPage(<UserPage mode="view" />, worker, '/users/view/:id', `/users/view/${worker.id}`);
    expect(await screen.findByRole('link', { name: /Upload licenses/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Export as PDF/ })).toBeNull();
    cleanup();
    serve(routes(OTHER));
    renderPage(<UserPage mode="view" />, memberAs(ROLES.manager), '/users/view/:id', `/users/view/${OTHER}`);
    expect(await screen.findByRole('button', { name: /Export as PDF/ })).toBeTruthy();
  });
});

describe('licences', () => {
  it('the displayed status: pending stays pending; a passed renewal date is EXPIRED', () => {
    const now = new Date(2026, 10, 25);
    expect(displayedLicenceStatus({ status: 'PENDING', renewalDate: '2020-01-01' }, now)).toBe('PENDING');
    expect(displayedLicenceStatus({ status: 'ACTIVE', renewalDate: '2026-11-24' }, now)).toBe('EXPIRED');
    expect(displayedLicenceStatus({ status: 'ACTIVE', renewalDate: '2026-11-25' }, now)).toBe('ACTIVE');
    expect(displayedLicenceStatus({ status: 'ACTIVE', renewalDate: null }, now)).toBe('ACTIVE');
  });

  it('saves by manager-type roles and back-end holders are approved; a worker waits', () => {
    expect(licenceSavedApproved(memberAs(ROLES.manager))).toBe(true);
    expect(licenceSavedApproved(memberAs(ROLES.proManager))).toBe(true);
    expect(licenceSavedApproved(memberAs(ROLES.safetyWorker))).toBe(false);
    expect(licenceSavedApproved({ ...memberAs(ROLES.worker), groups: [{ name: GROUPS.memberBackoffice, hasBackendAccess: true }] })).toBe(
      true,
    );
  });

  it('Approve shows on a pending licence for a manager, never for a worker', async () => {
    const rows = [
      { id: LICENCE, licenceName: 'Forklift ticket', licenceType: 'DRIVER', licenceNumber: 'LF-1', renewalDate: null, status: 'PENDING' },
    ];
    serve({ 'graphql:licenceEntitys': { body: { data: { r: rows } } } });
    renderPage(<LicenceList userId={OTHER} canEdit />, memberAs(ROLES.manager));
    expect(await screen.findByRole('button', { name: 'Approve Forklift ticket' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Forklift ticket' })).toBeTruthy();
    cleanup();
    serve({ 'graphql:licenceEntitys': { body: { data: { r: rows } } } });
    renderPage(<LicenceList userId={OTHER} canEdit />, memberAs(ROLES.worker));
    expect(await screen.findAllByText('Forklift ticket')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Forklift ticket' })).toBeNull();
    expect(licenceActionsFor(memberAs(ROLES.worker), 'PENDING', memberAs(ROLES.worker).id)).toEqual(['remove']);
  });

  async function saveLicenceAs(role: (typeof ROLES)[keyof typeof ROLES]) {
    const me = memberAs(role);
    const fetchMock = serve({
      'graphql:r: mehubAccountEntity(id': { body: { data: { r: summary(me.id) } } },
      'graphql:createLicenceEntity': { body: { data: { r: [{ id: LICENCE }] } } },
    });
    renderPage(<LicencePage mode="create" />, me, '/users/:userId/licences/create', `/users/${me.id}/licences/create`);
    expect(await screen.findByRole('heading', { name: 'Upload Licences/Competencies' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Licence Name/), { target: { value: 'Forklift ticket' } });
    fireEvent.change(screen.getByLabelText(/Licence Issuer/), { target: { value: 'WorkSafe' } });
    fireEvent.click(screen.getAllByLabelText(/Licence Type/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Driver' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully uploaded licence')).toBeTruthy();
    const create = fetchMock.mock.calls.find((c) => String(c[1]?.body).includes('createLicenceEntity'))!;
    const input = (JSON.parse(String(create[1]!.body)) as { variables: { m: Record<string, unknown>[] } }).variables.m[0];
    expect(input).toMatchObject({
      licenceName: 'Forklift ticket',
      licenceIssuer: 'WorkSafe',
      licenceType: 'DRIVER',
      mehubAccountId: me.id,
    });
    // Never the server's own fields.
    expect(input).not.toHaveProperty('status');
    expect(input).not.toHaveProperty('authorizedDate');
  }

  it("a SafetyWorker's saved licence shows 'Licence Approval Pending'", async () => {
    await saveLicenceAs(ROLES.safetyWorker);
    await waitFor(() => expect(screen.getByText('Licence Approval Pending')).toBeTruthy());
  });

  it("a manager's saved licence is approved: no pending notice", async () => {
    await saveLicenceAs(ROLES.manager);
    expect(screen.queryByText('Licence Approval Pending')).toBeNull();
  });
});

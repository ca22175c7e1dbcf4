import { GROUPS, ROLES } from '@hub/model';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberAs, renderPage, serve } from '../library/test-render';
import { candidateConditions } from './asset-api';
import { AssetPage } from './AssetPage';
import { AssetsPage } from './AssetsPage';

const ID = '3c9d2e1f-5a4b-4c3d-8e2f-1a0b9c8d7e6f';
const PARENT = '7e6f5d4c-3b2a-4190-8f7e-6d5c4b3a2910';
const ROW = { id: ID, created: '2026-01-01 00:00:00', description: 'Service van', assetType: 'PLANT', status: 'IN_SERVICE' };

// The comments box grows with its text (Mantine's autosize), which listens to document.fonts: jsdom has none.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The GraphQL variables of every call whose query contains `text`. */
const callsWith = (fetchMock: ReturnType<typeof serve>, text: string) =>
  fetchMock.mock.calls
    .filter(([path, init]) => path === '/api/graphql' && String(init?.body).includes(text))
    .map(([, init]) => (JSON.parse(String(init?.body)) as { variables: Record<string, unknown> }).variables);

const record = (over: Record<string, unknown> = {}) => ({
  ...ROW,
  modified: '2026-01-02 00:00:00',
  assetID: 'SR-004',
  parentAssetId: null,
  parentAsset: null,
  memberOrganisationId: '1f0e6a52-3c1d-4b7e-9a10-5d2c8e4f7a01',
  mehubAccountss: [],
  assetss: [],
  inspectionFrequency: 'THREE_MONTHS',
  ...over,
});

describe('/assets', () => {
  it('lists In service by default and Out of service on its tab, by the address', async () => {
    const fetchMock = serve({ 'graphql:assetEntitys(': { body: { data: { rows: [ROW], total: 1 } } } });
    renderPage(<AssetsPage />, memberAs(ROLES.manager), '/assets');
    expect(await screen.findByRole('link', { name: 'View Service van' }, { timeout: 5000 })).toBeTruthy();
    expect(JSON.stringify(callsWith(fetchMock, 'countAssetEntitys').at(-1))).toContain('IN_SERVICE');
    fireEvent.click(screen.getByRole('tab', { name: 'Out of service' }));
    await waitFor(() => expect(JSON.stringify(callsWith(fetchMock, 'countAssetEntitys').at(-1))).toContain('OUT_OF_SERVICE'));
    expect(screen.getByRole('tab', { name: 'Out of service' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows back-end holders the tile panel with counts, Create and the back-office', async () => {
    serve({ 'graphql:t0: countAssetEntitys': { body: { data: { t0: 4, t1: 1 } } } });
    const me = memberAs(ROLES.safetyManager);
    me.groups = [...me.groups, { name: GROUPS.memberBackoffice, hasBackendAccess: true }];
    renderPage(<AssetsPage />, me, '/assets');
    expect(await screen.findByText('4 assets')).toBeTruthy();
    expect(screen.getByText('1 asset')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Out of service' }).getAttribute('href')).toBe('/assets?tab=out-of-service');
    expect(screen.getByRole('link', { name: /Open in the back-office/ }).getAttribute('href')).toBe('/admin/assetentity');
    expect(screen.getByRole('link', { name: /Create/ }).getAttribute('href')).toBe('/assets/create');
  });
});

describe('asset record', () => {
  it('an out-of-service asset in edit: only its status can change, with a note why', async () => {
    const fetchMock = serve({
      'graphql:r: assetEntity(id': { body: { data: { r: record({ status: 'OUT_OF_SERVICE' }) } } },
      'graphql:updateAssetEntity': { body: { data: { r: [{ id: ID }] } } },
    });
    renderPage(<AssetPage mode="edit" />, memberAs(ROLES.manager), '/assets/edit/:id', `/assets/edit/${ID}`);
    expect(await screen.findByText(/This asset is out of service/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Status/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Asset Name\/Description/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Asset Type/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Link a child asset' })).toBeNull();
    // Its save sends the status alone (the server refuses any other change).
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsWith(fetchMock, 'updateAssetEntity')).toHaveLength(1));
    expect(callsWith(fetchMock, 'updateAssetEntity')[0]).toEqual({ m: [{ status: 'OUT_OF_SERVICE', id: ID }] });
    expect(await screen.findByText('Successfully saved asset')).toBeTruthy();
  });

  it('an in-service asset in edit can be changed and offers child assets', async () => {
    serve({
      'graphql:r: assetEntity(id': { body: { data: { r: record() } } },
      'graphql:r: assetEntitys(': { body: { data: { r: [] } } },
    });
    renderPage(<AssetPage mode="edit" />, memberAs(ROLES.manager), '/assets/edit/:id', `/assets/edit/${ID}`);
    expect(await screen.findByRole('textbox', { name: /Asset Name\/Description/ })).toBeTruthy();
    expect(screen.queryByText(/This asset is out of service/)).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Link a child asset' })).toBeTruthy();
    // The assignees' help in the member's words.
    expect(screen.getByText('People in your organisation who use or look after this asset')).toBeTruthy();
    expect(screen.queryByText(/Mehub Account/)).toBeNull();
  });

  it('Delete shows for a SafetyManager only', async () => {
    serve({ 'graphql:r: assetEntity(id': { body: { data: { r: record() } } } });
    renderPage(<AssetPage mode="view" />, memberAs(ROLES.safetyManager), '/assets/view/:id', `/assets/view/${ID}`);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    cleanup();
    serve({ 'graphql:r: assetEntity(id': { body: { data: { r: record() } } } });
    renderPage(<AssetPage mode="view" />, memberAs(ROLES.manager), '/assets/view/:id', `/assets/view/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Service van' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a malformed id is the 404 page', () => {
    serve({});
    renderPage(<AssetPage mode="view" />, memberAs(ROLES.manager), '/assets/view/:id', '/assets/view/not-an-id');
    expect(screen.getByText('Another page')).toBeTruthy();
  });
});

describe('child assets offered', () => {
  it('in service, without a parent, same organisation, never itself or its ancestors', () => {
    const c = candidateConditions({ self: ID, ancestors: [PARENT], organisationId: 'org-1', text: ' van ' });
    expect(c).toContainEqual([{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }]);
    expect(c).toContainEqual([{ path: 'parentAssetId', comparison: 'equal', value: [null] }]);
    expect(c).toContainEqual([{ path: 'id', comparison: 'notIn', value: [ID, PARENT] }]);
    expect(c).toContainEqual([{ path: 'memberOrganisationId', comparison: 'equal', value: ['org-1'] }]);
    expect(c).toContainEqual([
      { path: 'description', comparison: 'contains', value: ['van'] },
      { path: 'assetID', comparison: 'contains', value: ['van'] },
    ]);
  });
});

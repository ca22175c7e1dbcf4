import { Badge, Button } from '@mantine/core';
import { can, enumLabel, getEntity, AssetType } from '@hub/model';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { DueDate } from '../../ui/DueDate';
import { MemberListPage, type MemberColumn, type Row } from '../records/MemberListPage';
import { useTab, useTabChosen, type MemberTab } from '../records/tabs';
import { TilePanel } from '../records/TilePanel';
import { IN_SERVICE, OUT_OF_SERVICE } from './asset-api';
import { ASSETS_PATH, assetsPageOfSegment, assetsPathOf } from './asset-paths';

const assetEntity = getEntity('AssetEntity');

/** The tabs of member-site.md 2 (In service first: the default). */
export const ASSET_TABS: MemberTab[] = [
  { key: 'in-service', label: 'In service', where: IN_SERVICE },
  { key: 'out-of-service', label: 'Out of service', where: OUT_OF_SERVICE },
];

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A due date of the row, marked Overdue / Due today / Due in N days when the asset is in service (out of service assets fall due for nothing: docs/reminders.md). */
const due = (key: string) => (r: Row) => (r[key] ? <DueDate day={r[key] as string} due={r.status === 'IN_SERVICE'} /> : null);

const COLUMNS: MemberColumn[] = [
  { key: 'description', label: 'Asset Name/Description', cell: (r) => text(r.description) },
  { key: 'assetType', label: 'Asset Type', cell: (r) => (r.assetType ? enumLabel(AssetType, r.assetType as string) : null) },
  { key: 'assetID', label: 'Asset ID', cell: (r) => text(r.assetID) },
  { key: 'serialNumber', label: 'Serial Number', cell: (r) => text(r.serialNumber) },
  { key: 'nextInspection', label: 'Next Inspection', cell: due('nextInspection') },
  { key: 'serviceDueDate', label: 'Service Due', cell: due('serviceDueDate') },
  { key: 'registrationRenewalDate', label: 'Registration Renewal', cell: due('registrationRenewalDate') },
  {
    key: 'parent',
    label: 'Linked',
    cell: (r) =>
      r.parentAssetId ? (
        <Badge variant="light" color="gray" c="gray.9" size="lg" style={{ minWidth: 'max-content' }}>
          Child asset
        </Badge>
      ) : null,
  },
];

/**
 * /assets and /assets-{pageNo}: the organisation's assets, In service and Out of service, or for
 * back-end holders the tile panel until they pick a tab (member-site.md 6).
 */
export function AssetsPage() {
  const { page: segment } = useParams();
  const page = segment ? assetsPageOfSegment(segment) : 1;
  if (page === null) return <Navigate to="/404" replace />;
  return <Assets page={page} />;
}

function Assets({ page }: { page: number }) {
  const me = useMe().data;
  const chosen = useTabChosen();
  const tab = useTab(ASSET_TABS);
  const mayCreate = can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, assetEntity.name, 'create');
  const createPath = `${assetsPathOf(page)}/create`;
  if (hasBackendAccess(me) && !chosen)
    return (
      <TilePanel
        entity={assetEntity}
        title="My Assets"
        crumbs={[{ label: 'My Assets' }]}
        safety={false}
        tabs={ASSET_TABS}
        listPath={ASSETS_PATH}
        createPath={mayCreate ? createPath : undefined}
      />
    );
  return (
    <MemberListPage
      entity={assetEntity}
      title="My Assets"
      crumbs={[{ label: 'My Assets', to: ASSETS_PATH }, { label: tab.label }]}
      safety={false}
      tabs={ASSET_TABS}
      page={page}
      pathOf={assetsPathOf}
      recordPath={assetsPathOf(page)}
      columns={COLUMNS}
      select="status nextInspection serviceDueDate registrationRenewalDate parentAssetId"
      rowName={(r: Row) => String(r.description ?? 'Asset')}
      plural="assets"
      searchPlaceholder="Name, asset ID or serial number"
      toolbar={
        mayCreate && (
          <Button component={Link} to={createPath} leftSection={<IconPlus size={16} aria-hidden />} mih={44}>
            Create
          </Button>
        )
      }
    />
  );
}

import { Text } from '@mantine/core';
import {
  getEntity,
  canDeleteAsset,
  isUuid,
  nextInspectionDate,
  recordViewer,
  ASSET_OUT_OF_SERVICE_WRITABLE,
  type EntityDef,
} from '@hub/model';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FieldInput } from '../../admin/record/FieldInput';
import type { RecordMode } from '../../admin/record/useRecordController';
import type { Values } from '../../admin/record/record-values';
import { useMe } from '../../app/session';
import { formatDay } from '../../ui/dates';
import { DueDate } from '../../ui/DueDate';
import { DeleteButton } from '../records/DeleteButton';
import { MemberRecordPage, type RecordController, type RecordSection } from '../records/MemberRecordPage';
import { assetLinks, type AssetRef } from './asset-api';
import { assetsPageOfSegment, assetsPathOf } from './asset-paths';
import { CHILDREN, LinkedAssets } from './LinkedAssets';

const modelAsset = getEntity('AssetEntity');
/** The asset as the member pages show it: the assignees' help in the member's words (no 'Mehub Account'). */
const assetEntity: EntityDef = {
  ...modelAsset,
  fields: {
    ...modelAsset.fields,
    mehubAccountss: { ...modelAsset.fields.mehubAccountss, description: 'People in your organisation who use or look after this asset' },
  },
};

export const ASSET_TEXTS = { saved: 'Successfully saved asset', failed: 'Error saving asset' };
export const OUT_OF_SERVICE_NOTE =
  'This asset is out of service: every field except its status is read-only. Put it back in service to change the rest.';
export const OUT_OF_SERVICE_QUESTION =
  'Saving this asset as Out of Service removes its child assets, its parent asset and its assignees. Do you want to continue?';

const isOut = (v: Values | null | undefined) => v?.status === 'OUT_OF_SERVICE';

/**
 * The view's due dates with their markers (Overdue, Due today, Due in N days: ui/DueDate), marked
 * only while the asset is in service: an out of service one falls due for nothing (docs/reminders.md).
 */
const dueView = (name: string) => (rec: RecordController) => {
  const day = rec.loaded?.[name];
  return typeof day === 'string' && day ? <DueDate day={day} due={rec.loaded?.status === 'IN_SERVICE'} /> : undefined;
};
const DUE_VIEWS = Object.fromEntries(['nextInspection', 'serviceDueDate', 'registrationRenewalDate'].map((n) => [n, dueView(n)]));

/** The next inspection the form shows: computed from the last inspection and the frequency, else as given. */
const computedNext = (v: Values | null) =>
  v ? nextInspectionDate(v.lastInspection as string | null, v.inspectionFrequency as string | null) : undefined;

/**
 * /assets[-{pageNo}]/create, /{parent}/create, /view/{id}, /edit/{id}: the asset record with the
 * spec's sections. An out-of-service asset in edit is read-only but its status (and sends only
 * that); saving an asset out of service asks first (the server clears its links).
 */
export function AssetPage({ mode }: { mode: RecordMode }) {
  const { id, parent, page: segment } = useParams();
  const page = segment ? assetsPageOfSegment(segment) : 1;
  if (page === null || (id !== undefined && !isUuid(id)) || (parent !== undefined && !isUuid(parent)))
    return <Navigate to="/404" replace />;
  return <AssetRecord key={`${mode}-${id ?? parent ?? ''}`} mode={mode} id={id} parent={parent} listPath={assetsPathOf(page)} />;
}

function AssetRecord({ mode, id, parent, listPath }: { mode: RecordMode; id?: string; parent?: string; listPath: string }) {
  const me = useMe().data;
  const navigate = useNavigate();
  const viewer = recordViewer(me?.roleName, me?.groups.map((g) => g.name) ?? []);
  const links = useQuery({
    queryKey: ['asset-links', id ?? parent],
    queryFn: () => assetLinks((id ?? parent)!),
    enabled: !!(id ?? parent),
    gcTime: 0,
    staleTime: 0, // the view after a save shows the links the save left (the edit page's copy is stale)
  });

  const sections: RecordSection[] = [
    { legend: 'Basic details', fields: ['assetType', 'assetID', 'brand', 'assetModel', 'serialNumber', 'description'] },
    { legend: 'Status', fields: ['status'] },
    { legend: 'Assignee', fields: ['mehubAccountss'] },
    {
      legend: 'Inspections',
      fields: ['registration', 'registrationRenewalDate', 'serviceDueDate', 'inspectionFrequency', 'lastInspection', 'nextInspection'],
    },
    { legend: 'Comments', fields: ['comments'] },
    { legend: 'Attachments', files: 'assetAttachmentss' },
    {
      legend: 'Link asset',
      render: (rec: RecordController) => {
        const loadedOut = mode === 'edit' && isOut(rec.loaded);
        const parentRef =
          mode === 'create'
            ? parent && links.data
              ? { id: parent, description: links.data.description }
              : null
            : refOf(rec.loaded?.parentAsset);
        return (
          <LinkedAssets
            self={id}
            parent={parentRef}
            organisationId={mode === 'create' ? null : (links.data?.memberOrganisationId ?? null)}
            loaded={mode === 'create' ? [] : (links.data?.assetss ?? [])}
            changed={rec.current?.[CHILDREN] as AssetRef[] | undefined}
            // Only an in-service asset takes children; an out-of-service one changes only its status.
            editable={mode !== 'view' && !loadedOut && !isOut(rec.current) && (mode === 'create' || links.isSuccess)}
            recordPath={listPath}
            onChange={(children) => rec.set(CHILDREN, children)}
          />
        );
      },
    },
  ];

  return (
    <MemberRecordPage
      entity={assetEntity}
      mode={mode}
      id={id}
      listPath={listPath}
      // A new asset opens on its view (a save of an edit goes back, to the view it came from).
      savedPath={(saved) => (mode === 'create' ? `${listPath}/view/${saved}` : null)}
      safety={false}
      heading={(loaded) => String(loaded?.description ?? 'Asset')}
      crumbs={(loaded) => [
        { label: 'My Assets', to: listPath },
        { label: mode === 'create' ? 'Create Asset' : `${mode === 'edit' ? 'Edit' : 'View'} ${String(loaded?.description ?? 'Asset')}` },
      ]}
      sections={sections}
      initial={parent ? { parentAssetId: parent } : undefined}
      locked={(rec) =>
        isOut(rec.loaded)
          ? [...rec.fields.map(([n]) => n), 'assetAttachmentss'].filter((n) => !ASSET_OUT_OF_SERVICE_WRITABLE.includes(n))
          : []
      }
      lockedNote={isOutNote}
      fieldOverride={{ nextInspection: (rec) => <NextInspection rec={rec} mode={mode} /> }}
      fieldView={DUE_VIEWS}
      texts={ASSET_TEXTS}
      shapeInput={(input, values) => {
        // An out-of-service asset changes only its status (the server refuses anything else).
        if (mode === 'edit' && links.data?.status === 'OUT_OF_SERVICE') return { status: input.status };
        const next = computedNext(values);
        const out: Values = { ...input, ...(next ? { nextInspection: next } : {}) };
        delete out.parentAssetId;
        if (mode === 'create' && parent) out.parentAssetId = parent;
        const children = values[CHILDREN] as AssetRef[] | undefined;
        if (children && !isOut(values)) out[CHILDREN] = children.map((c) => ({ id: c.id }));
        return out;
      }}
      ask={(rec) =>
        mode === 'edit' && !isOut(rec.loaded) && isOut(rec.current)
          ? { title: 'Take this asset out of service?', message: <Text>{OUT_OF_SERVICE_QUESTION}</Text>, confirm: 'Save as Out of Service' }
          : null
      }
      actions={(rec) =>
        mode !== 'create' && id && rec.loaded && canDeleteAsset(viewer) ? (
          <DeleteButton entity={assetEntity} id={id} name={String(rec.loaded.description)} onDeleted={() => void navigate(listPath)} />
        ) : null
      }
    />
  );
}

const isOutNote = <Text size="sm">{OUT_OF_SERVICE_NOTE}</Text>;

const refOf = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? (v as { id: string; description?: string }) : null);

/** Next Inspection: the last inspection plus the frequency, live; as given when the frequency is N/A or there is no last inspection. */
function NextInspection({ rec, mode }: { rec: RecordController; mode: RecordMode }) {
  const field = assetEntity.fields.nextInspection;
  const next = mode === 'view' ? undefined : computedNext(rec.current);
  if (next)
    return (
      <div aria-live="polite">
        <Text size="sm" fw={600}>
          {field.label}
        </Text>
        <Text size="sm">{formatDay(next)}</Text>
        <Text size="xs" c="gray.7">
          The last inspection plus the inspection frequency
        </Text>
      </div>
    );
  const locked = mode === 'edit' && isOut(rec.loaded);
  return (
    <FieldInput
      name="nextInspection"
      field={field}
      value={rec.current?.nextInspection}
      record={rec.loaded}
      mode={locked ? 'view' : mode}
      error={rec.errorFor('nextInspection')}
      onChange={(v) => rec.set('nextInspection', v)}
      onBlur={() => rec.touch('nextInspection')}
      shown={mode === 'view' ? DUE_VIEWS.nextInspection(rec) : undefined}
    />
  );
}

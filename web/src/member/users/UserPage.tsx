import { Badge, Button, Center, Checkbox, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { getEntity, type EntityDef } from '@hub/model';
import { can } from '@hub/model/groups';
import { IconFileDownload, IconTimeline, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useMe, type Me } from '../../app/session';
import type { RecordMode } from '../../admin/record/useRecordController';
import { formatLocal } from '../../ui/dates';
import { LicenceList } from '../licences/LicenceList';
import { licencePaths } from '../licences/licences-api';
import { MemberRecordPage, type RecordSection } from '../records/MemberRecordPage';
import { entityView } from './entity-view';
import { downloadUserPdf } from './user-pdf';
import {
  isActiveUser,
  mayEditOthers,
  mayExportUserPdf,
  seesOnlySelf,
  USER_TEXT,
  USERS_PATH,
  userName,
  useUserSummary,
  type UserSummary,
} from './users-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user screen's fields (member-site.md 3, 'User account'). Email and user name never change after
 * creation (the model's immutable flag shows them read-only in edit); the membership number, role and
 * organisation come from the membership system, chosen only when an administrator creates an account.
 */
export function userForm(mode: RecordMode): EntityDef {
  const fixed = mode === 'create' ? {} : { readOnly: true };
  return {
    ...entityView(getEntity('MehubAccountEntity'), {
      firstname: true,
      surname: true,
      email: true,
      userName: true,
      mobileNumber: true,
      memnetID: true,
      memberOrganisation: fixed,
      role: fixed,
      streetAddress1: true,
      streetAddress2: true,
      city: true,
      state: true,
      postcode: true,
      startDate: true,
      endDate: true,
      lastsyncdate: true,
    }),
    label: 'User',
  };
}

const SECTIONS = (mode: RecordMode): RecordSection[] => [
  { legend: 'Details', fields: ['firstname', 'surname', 'email', 'userName', 'mobileNumber', 'memnetID'] },
  ...(mode === 'create' ? [{ legend: 'Organisation and role', fields: ['memberOrganisation', 'role'] }] : []),
  { legend: 'Address', fields: ['streetAddress1', 'streetAddress2', 'city', 'state', 'postcode'] },
  { legend: 'Membership', fields: mode === 'create' ? ['startDate', 'endDate'] : ['startDate', 'endDate', 'lastsyncdate'] },
];

/** Fields shown read-only in edit beside the immutable ones: what the membership system keeps. */
const SYNCED = ['memnetID', 'startDate', 'endDate'];

/** /users/create, /users/view/{id}, /users/edit/{id} (member-site.md 2). */
export function UserPage({ mode }: { mode: RecordMode }) {
  const { id } = useParams();
  const me = useMe().data;
  if (!me) return null;
  if (mode === 'create')
    return can(
      me.groups.map((g) => g.name),
      me.roleName,
      'MehubAccountEntity',
      'create',
    ) ? (
      <UserScreen mode="create" me={me} />
    ) : (
      <Navigate to="/404" replace />
    );
  // A worker sees and edits only their own record: anyone else's id is the 404 page.
  if (!id || !UUID.test(id) || (seesOnlySelf(me) && id !== me.id)) return <Navigate to="/404" replace />;
  return <UserScreen key={`${mode}-${id}`} mode={mode} id={id} me={me} />;
}

function UserScreen({ mode, id, me }: { mode: RecordMode; id?: string; me: Me }) {
  const summary = useUserSummary(id);
  const entity = useMemo(() => userForm(mode), [mode]);
  const [primary, setPrimary] = useState<boolean | null>(null);
  const [exporting, setExporting] = useState(false);

  if (id && summary.isPending)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" aria-hidden />
        <Text>Loading User...</Text>
      </Center>
    );
  if (id && (summary.isError || !summary.data)) return <Navigate to="/404" replace />;
  const user = summary.data ?? null;
  const own = !!id && id === me.id;
  const editable = own || mayEditOthers(me);
  const isPrimary = !!user && user.memberOrganisation?.primaryContactId === user.id;
  const name = user ? userName(user) : '';

  const header: RecordSection | null = user
    ? {
        legend: 'Profile',
        render: () => (
          <ProfileFacts
            user={user}
            mode={mode}
            primary={primary ?? isPrimary}
            canSetPrimary={mode === 'edit' && mayEditOthers(me)}
            onPrimary={setPrimary}
          />
        ),
      }
    : null;
  const licences: RecordSection[] =
    mode === 'view' && id
      ? [{ legend: 'Licences and competencies', render: () => <LicenceList userId={id} canEdit={editable} titled={false} /> }]
      : [];

  return (
    <MemberRecordPage
      entity={entity}
      mode={mode}
      id={id}
      listPath={USERS_PATH}
      canEdit={editable}
      heading={() => name}
      crumbs={() => [{ label: 'Users', to: USERS_PATH }, { label: mode === 'create' ? 'Create' : mode === 'edit' ? `Edit ${name}` : name }]}
      safety={false}
      sections={[...(header ? [header] : []), ...SECTIONS(mode), ...licences]}
      locked={() => SYNCED}
      lockedNote={USER_TEXT.membershipNote}
      texts={{ saved: USER_TEXT.saved, failed: USER_TEXT.saveFailed }}
      shapeInput={(input) => (primary === null || primary === isPrimary ? input : { ...input, isPrimaryContact: primary })}
      actions={() =>
        mode === 'view' && user ? (
          <>
            {mayExportUserPdf(me) && (
              <Button
                variant="default"
                mih={44}
                leftSection={<IconFileDownload size={16} aria-hidden />}
                loading={exporting}
                onClick={() => {
                  setExporting(true);
                  void downloadUserPdf(user.id, name).finally(() => setExporting(false));
                }}
              >
                Export as PDF
              </Button>
            )}
            <Button
              component={Link}
              to={`${USERS_PATH}/${user.id}/timeline`}
              variant="default"
              mih={44}
              leftSection={<IconTimeline size={16} aria-hidden />}
            >
              Timeline
            </Button>
            {editable && (
              <Button component={Link} to={licencePaths(user.id).create} mih={44} leftSection={<IconUpload size={16} aria-hidden />}>
                Upload licenses
              </Button>
            )}
          </>
        ) : null
      }
    />
  );
}

/** The profile header's facts: role, organisation, status by Lastsyncdate, and the primary contact flag. */
function ProfileFacts(p: { user: UserSummary; mode: RecordMode; primary: boolean; canSetPrimary: boolean; onPrimary(v: boolean): void }) {
  const active = isActiveUser(p.user.lastsyncdate);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label="Role" value={p.user.role?.name ?? '—'} />
        <Fact label="Organisation" value={p.user.memberOrganisation?.name ?? '—'} />
        <div>
          <Text size="sm" fw={600}>
            Status
          </Text>
          <Group gap="xs">
            <Badge color={active ? 'green.9' : 'gray.7'} c={active ? '#1b5e20' : 'gray.8'} variant="outline" size="lg">
              {active ? 'Active' : 'Inactive'}
            </Badge>
            {p.user.lastsyncdate && (
              <Text size="xs" c="gray.7">
                Last synchronised {formatLocal(p.user.lastsyncdate)}
              </Text>
            )}
          </Group>
        </div>
      </SimpleGrid>
      {p.canSetPrimary ? (
        <Checkbox
          label="Primary contact of the organisation"
          description="The organisation's first contact for the association; one user per organisation."
          checked={p.primary}
          onChange={(e) => p.onPrimary(e.currentTarget.checked)}
          size="md"
        />
      ) : (
        <Fact label="Primary contact" value={p.primary ? 'Yes' : 'No'} />
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

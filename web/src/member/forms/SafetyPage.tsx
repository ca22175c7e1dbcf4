import { Anchor, Badge, Box, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconExternalLink, IconFileText, IconShieldCheck } from '@tabler/icons-react';
import type { SafetyLinkItem, SafetySection } from '@hub/model/site';
import { hasRoleFact } from '@hub/model/roles';
import { skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { useSafetyList } from '../library/library-api';
import { linkTarget, NEW_TAB } from '../site/links';
import { useSiteConfig } from '../site/site-api';
import { useCreateForm } from './DraftPrompt';
import { FORM_TYPE_SUMMARY, formTypeLabel, formTypesFor, type FormTypeKey } from './form-types';
import { formsOfType } from './forms-api';
import { isOffline } from '../../client/connectivity';
import { formsOfTypeKey, keepFormsForOffline, withDeviceCopy } from '../../offline/device-copy';

type Level = 2 | 3;

/** Tiles: one column on phones, two on tablets, at most four. */
function TileGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

function Tile({ id, icon, title, level, children }: { id: string; icon: ReactNode; title: string; level: Level; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Group gap="xs" mb={4} wrap="nowrap" align="flex-start">
        {icon}
        <Title order={level} fz="lg" id={id} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

const tileIcon = (Icon: typeof IconFileText) => (
  <Icon size={22} color="var(--mantine-color-navy-6)" aria-hidden style={{ flexShrink: 0 }} />
);

/**
 * One row of a tile: the name (wrapping, never cut off) with its badge, then the actions,
 * which move below the name when the tile is too narrow for both.
 */
function TileRow({ name, badge, children }: { name: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" align="center">
      <Box style={{ flex: '1 1 8rem', minWidth: 0 }}>
        <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        {badge}
      </Box>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, marginLeft: 'auto' }}>
        {children}
      </Group>
    </Group>
  );
}

function ErrorText({ error }: { error: unknown }) {
  return (
    <Text size="sm" c="red" role="alert">
      {`Something went wrong while connecting to the server. The error is ${(error as Error).message}`}
    </Text>
  );
}

const rowSkeletons = (
  <Stack gap={6}>
    <Skeleton h={44} />
    <Skeleton h={44} />
  </Stack>
);

function FormTypeTile({ type, level, onCreate }: { type: FormTypeKey; level: Level; onCreate: (formId: string) => void }) {
  const userId = useMe().data?.id;
  // Kept on the device for the user: the tile lists its forms offline (docs/offline.md).
  const forms = useQuery({
    queryKey: ['forms-of-type', type],
    queryFn: () => withDeviceCopy(userId, formsOfTypeKey(type), () => formsOfType(type)),
    networkMode: 'always',
  });
  return (
    <Tile id={`type-${type}`} icon={tileIcon(IconFileText)} title={formTypeLabel(type)} level={level}>
      <Text size="sm" c="gray.7" mb="sm">
        {FORM_TYPE_SUMMARY[type]}
      </Text>
      {forms.isPending ? (
        rowSkeletons
      ) : forms.isError ? (
        <ErrorText error={forms.error} />
      ) : forms.data.length === 0 ? (
        <Text size="sm">No forms are currently available.</Text>
      ) : (
        <Stack gap={6}>
          {forms.data.map((f) => (
            <TileRow
              key={f.id}
              name={f.name}
              badge={
                f.hasDraft && (
                  <Badge color="safety.9" variant="filled" size="sm" ml={6} style={{ verticalAlign: 'middle' }}>
                    DRAFT
                  </Badge>
                )
              }
            >
              <Button size="sm" mih={44} miw={80} onClick={() => onCreate(f.id)} aria-label={`Create ${f.name}`}>
                Create
              </Button>
            </TileRow>
          ))}
        </Stack>
      )}
      <Anchor
        component={Link}
        to={`/user-submissions/${type}`}
        aria-label={`View submissions of ${formTypeLabel(type)}`}
        size="sm"
        mt="sm"
        py={12}
        style={{ alignSelf: 'flex-start' }}
      >
        View submissions
      </Anchor>
    </Tile>
  );
}

/** Create or View of a safety link: a hub path through the router, another site in a new tab, anything else not at all. */
function LinkButton({ action, value, name, primary }: { action: 'Create' | 'View'; value: string | null; name: string; primary: boolean }) {
  const target = linkTarget(value);
  if (!target) return null;
  const common = { size: 'sm', mih: 44, miw: 72, variant: primary ? 'filled' : 'light', 'aria-label': `${action} ${name}` } as const;
  return target.kind === 'internal' ? (
    <Button component={Link} to={target.to} {...common}>
      {action}
    </Button>
  ) : (
    <Button component="a" href={target.href} {...NEW_TAB} {...common} aria-label={`${action} ${name} (opens in a new tab)`}>
      {action}
    </Button>
  );
}

function SafetyLinkRow({ link }: { link: SafetyLinkItem }) {
  return (
    <TileRow name={link.name}>
      <LinkButton action="Create" value={link.create} name={link.name} primary />
      <LinkButton action="View" value={link.view} name={link.name} primary={!linkTarget(link.create)} />
    </TileRow>
  );
}

function SectionTile({ section }: { section: SafetySection }) {
  return (
    <Tile id={`section-${section.id}`} icon={tileIcon(IconShieldCheck)} title={section.name} level={2}>
      {section.tooltip && (
        <Text size="sm" c="gray.7" mb="sm">
          {section.tooltip}
        </Text>
      )}
      {section.links.length === 0 ? (
        <Text size="sm">No links in this section yet.</Text>
      ) : (
        <Stack gap={6}>
          {section.links.map((l) => (
            <SafetyLinkRow key={l.id} link={l} />
          ))}
        </Stack>
      )}
    </Tile>
  );
}

function LibraryTile() {
  return (
    <Tile id="my-library" icon={tileIcon(IconBooks)} title="My Library" level={2}>
      <Text size="sm" c="gray.7" mb="sm">
        Your organisation's documents and the MEA Master Library.
      </Text>
      <Button component={Link} to="/documentlibrary" size="sm" mih={44} style={{ alignSelf: 'flex-start' }}>
        Open My Library
      </Button>
    </Tile>
  );
}

/** Worker and Pro-Worker: the way to the association's full suite of safety resources. */
function MarketingTile() {
  const site = useSiteConfig();
  const target = linkTarget(site.data?.links.safetyResources);
  return (
    <Tile id="safety-resources" icon={tileIcon(IconExternalLink)} title="Access the full suite of safety resources" level={2}>
      <Text size="sm" c="gray.7" mb="sm">
        Your membership gives you the forms below. The association's safety pages hold the full suite of safety resources.
      </Text>
      {site.isPending ? (
        <Skeleton h={44} />
      ) : target?.kind === 'external' ? (
        <Button
          component="a"
          href={target.href}
          {...NEW_TAB}
          aria-label="Visit the safety resources (opens in a new tab)"
          size="sm"
          mih={44}
          color="safety.9"
          rightSection={<IconExternalLink size={16} aria-hidden />}
          h="auto"
          py={10}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
          style={{ alignSelf: 'flex-start' }}
        >
          Visit the safety resources
        </Button>
      ) : (
        <Text size="sm">The association's safety pages cannot be reached right now.</Text>
      )}
    </Tile>
  );
}

/** SafetyManager and Manager: My Library and the safety link sections. */
function OriginalTiles() {
  const sections = useSafetyList();
  return (
    <TileGrid>
      <LibraryTile />
      {sections.isPending ? (
        <>
          <Skeleton h={180} radius="md" />
          <Skeleton h={180} radius="md" />
        </>
      ) : sections.isError ? (
        <Card withBorder padding="md" radius="md">
          <ErrorText error={sections.error} />
        </Card>
      ) : (
        sections.data.map((s) => <SectionTile key={s.id} section={s} />)
      )}
    </TileGrid>
  );
}

/**
 * Once the tiles have listed their forms (from the hub), every one of them, with the user's
 * drafts, is kept on the device so that it opens offline.
 */
function useKeepFormsForOffline(userId: string | undefined, types: FormTypeKey[]) {
  const lists = useQueries({
    queries: types.map((t) => ({ queryKey: ['forms-of-type', t], queryFn: skipToken, networkMode: 'always' as const })),
  });
  const ids = lists.every((l) => l.isSuccess) ? lists.flatMap((l) => (l.data as { id: string }[]).map((f) => f.id)).join(',') : null;
  useEffect(() => {
    if (userId && ids !== null && !isOffline()) void keepFormsForOffline(userId, ids ? ids.split(',') : []);
  }, [userId, ids]);
}

/**
 * /mesafety by role (model/src/roles.ts): the original layout (My Library, the safety link
 * sections, then the safety forms) for `safetyLayout` roles; one tile per form type for the
 * others, led by the marketing tile for `marketingTile` roles, who get the reduced types.
 */
export function SafetyPage() {
  const me = useMe().data;
  const { open, prompt } = useCreateForm(me?.id);
  const types = formTypesFor(me?.roleName);
  useKeepFormsForOffline(me?.id, types);
  const original = hasRoleFact('safetyLayout', me?.roleName);
  const formTiles = (level: Level) => types.map((t) => <FormTypeTile key={t} type={t} level={level} onCreate={(id) => void open(id)} />);
  return (
    <Container size="xl" py="md">
      <Crumbs items={[]} safety />
      <Title order={1} mb="md">
        Safety
      </Title>
      {original ? (
        <Stack gap="xl">
          <OriginalTiles />
          <Box component="section" aria-labelledby="safety-forms">
            <Title order={2} id="safety-forms" mb="md">
              Safety forms
            </Title>
            <TileGrid>{formTiles(3)}</TileGrid>
          </Box>
        </Stack>
      ) : (
        <TileGrid>
          {hasRoleFact('marketingTile', me?.roleName) && <MarketingTile />}
          {formTiles(2)}
        </TileGrid>
      )}
      {prompt}
    </Container>
  );
}

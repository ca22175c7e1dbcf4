import { PageSearch } from '../../ui/PageSearch';
import { Box, Button, Card, Container, Group, Image, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Crumbs } from '../../ui/Crumbs';
import { linkTarget, NEW_TAB } from '../site/links';
import { matchesStandard, useStandards, type GuidanceNote, type Standard } from './standards-api';

/** A standard's icon: its stored file when it has one, else the hub's default icon. */
export function StandardIcon({ iconId }: { iconId: string | null }) {
  if (iconId && /^[0-9a-f-]{36}$/i.test(iconId))
    return <Image src={`/api/files/${iconId}`} alt="" w={40} h={40} fit="contain" style={{ flexShrink: 0 }} data-testid="standard-icon" />;
  return (
    <ThemeIcon size={40} variant="light" color="navy" style={{ flexShrink: 0 }} data-testid="default-standard-icon" aria-hidden>
      <IconCertificate size={24} />
    </ThemeIcon>
  );
}

/** View: the standard's or guidance note's link, always in a new tab; nothing when it has no usable link. */
function ViewLink({ link, name, variant }: { link: string | null; name: string; variant: 'filled' | 'light' }) {
  const target = linkTarget(link);
  if (!target) return null;
  return (
    <Button
      component="a"
      href={target.kind === 'external' ? target.href : target.to}
      {...NEW_TAB}
      aria-label={`View ${name} (opens in a new tab)`}
      size="sm"
      mih={44}
      miw={72}
      variant={variant}
      style={{ flexShrink: 0, marginLeft: 'auto' }}
    >
      View
    </Button>
  );
}

function GuidanceRow({ note }: { note: GuidanceNote }) {
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap" py={4}>
      <Box style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {note.name}
        </Text>
        {note.header && (
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {note.header}
          </Text>
        )}
        {note.description?.trim() && (
          <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {note.description.trim()}
          </Text>
        )}
      </Box>
      <ViewLink link={note.link} name={note.name} variant="light" />
    </Group>
  );
}

function StandardCard({ standard }: { standard: Standard }) {
  const headingId = `standard-${standard.id}`;
  return (
    <Card withBorder padding="md" radius="md" component="li" aria-labelledby={headingId}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <StandardIcon iconId={standard.iconId} />
          <Box style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {standard.name}
            </Title>
            {standard.header && (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {standard.header}
              </Text>
            )}
            {standard.description?.trim() && (
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {standard.description.trim()}
              </Text>
            )}
          </Box>
        </Group>
        <ViewLink link={standard.link} name={standard.name} variant="filled" />
      </Group>
      {standard.guidancess.length > 0 && (
        <Box mt="sm" pl={{ base: 0, sm: 52 }}>
          <Title order={3} fz="sm" mb={4}>
            Guidance Notes
          </Title>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Guidance Notes of ${standard.name}`}>
            {standard.guidancess.map((g) => (
              <GuidanceRow key={g.id} note={g} />
            ))}
          </Stack>
        </Box>
      )}
    </Card>
  );
}

/** /standards: the standards with their guidance notes, filtered by the search field. Not a safety page. */
export function StandardsPage() {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search);
  const standards = useStandards();
  const shown = standards.data?.filter((s) => matchesStandard(s, term)) ?? [];
  return (
    <Container size="lg" py="md">
      <Crumbs items={[{ label: 'Standards' }]} safety={false} />
      <Title order={1} mb="xs">
        Standards
      </Title>
      <Text visibleFrom="sm" mb="md" data-testid="standards-help-desktop">
        Each standard can be downloaded or viewed online. To view one online in your browser, your browser's PDF viewer setting may need
        changing so that PDF files open in the browser instead of downloading.
      </Text>
      <Text hiddenFrom="sm" mb="md" data-testid="standards-help-mobile">
        On a phone or tablet, standards can be viewed online only: tap View to open one. Guidance notes without a View are read here.
      </Text>
      <PageSearch label="Search standards" placeholder="Search by name" value={search} onChange={setSearch} />
      {standards.isPending ? (
        <Stack gap="sm" aria-label="Loading standards">
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      ) : shown.length === 0 ? (
        <Text>{term.trim() ? `No standards match '${term.trim()}'.` : 'There are no standards to show.'}</Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Standards">
          {shown.map((s) => (
            <StandardCard key={s.id} standard={s} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

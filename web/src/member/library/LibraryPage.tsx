import { PageSearch } from '../../ui/PageSearch';
import { Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { LIBRARY_SEARCH_DEBOUNCE_MS, type LibraryLink } from '@hub/model/site';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Crumbs } from '../../ui/Crumbs';
import { linkTarget, NEW_TAB } from '../site/links';
import { useDocumentsList } from './library-api';

/** 'Create new document' leads to /my-documents/create (the controlled document form of issue 11). */
export const CREATE_DOCUMENT_ROUTE_EXISTS = true;
export const CREATE_DOCUMENT_PATH = '/my-documents/create';

/** The MEA Master Library's element id: /documentlibrary#mea-master-library opens the page at it. */
export const MASTER_LIBRARY_ID = 'mea-master-library';

/** Case-insensitive match of the (debounced) search on a document's name. */
export function matchesName(name: string, term: string): boolean {
  const t = term.trim().toLocaleLowerCase();
  return t === '' || name.toLocaleLowerCase().includes(t);
}

/** Where View opens: a stored file (/api/files/{id}) or a link, always in a new tab; nothing for anything else. */
function viewHref(view: string | null): string | null {
  const target = linkTarget(view);
  if (!target) return null;
  return target.kind === 'external' ? target.href : target.to;
}

function DocumentRow({ doc }: { doc: LibraryLink }) {
  const href = viewHref(doc.view);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" py={4} component="li">
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <IconFileText size={20} color="var(--mantine-color-navy-6)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {doc.name}
        </Text>
      </Group>
      {href ? (
        <Button
          component="a"
          href={href}
          {...NEW_TAB}
          aria-label={`View ${doc.name} (opens in a new tab)`}
          size="sm"
          mih={44}
          miw={72}
          variant="light"
          style={{ marginLeft: 'auto' }}
        >
          View
        </Button>
      ) : (
        <Text size="sm" c="gray.7" style={{ marginLeft: 'auto' }}>
          No File Attached
        </Text>
      )}
    </Group>
  );
}

function DocumentSection({ id, title, docs, empty }: { id: string; title: string; docs: LibraryLink[]; empty: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} fz="lg" id={`${id}-title`} mb="xs">
        {title}
      </Title>
      {docs.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {docs.map((d) => (
            <DocumentRow key={d.id} doc={d} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * /documentlibrary 'My Library and Documents': the organisation's documents and, when it has
 * any, the MEA Master Library, both filtered by name as the reader types (300 ms debounce).
 */
export function LibraryPage() {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, LIBRARY_SEARCH_DEBOUNCE_MS);
  const list = useDocumentsList();
  const { hash } = useLocation();
  // A link to a section of the page (the MEA Documents menu entry) scrolls to it once the lists have loaded.
  useEffect(() => {
    if (list.isSuccess && hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [list.isSuccess, hash]);
  const mine = list.data?.userLibrary.filter((d) => matchesName(d.name, term)) ?? [];
  const master = list.data?.masterLibrary.filter((d) => matchesName(d.name, term)) ?? [];
  const searching = term.trim() !== '';
  return (
    <Container size="lg" py="md">
      <Crumbs items={[{ label: 'My Library and Documents' }]} />
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <Title order={1}>My Library and Documents</Title>
        {CREATE_DOCUMENT_ROUTE_EXISTS && (
          <Button component={Link} to={CREATE_DOCUMENT_PATH} leftSection={<IconPlus size={18} aria-hidden />} mih={44}>
            Create new document
          </Button>
        )}
      </Group>
      <PageSearch label="Search your library" placeholder="Search by document name" value={search} onChange={setSearch} />
      {list.isPending ? (
        <Stack gap="sm" aria-label="Loading documents">
          <Skeleton h={44} />
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : list.isError ? (
        <Text c="red" role="alert">
          {`Something went wrong while connecting to the server. The error is ${(list.error as Error).message}`}
        </Text>
      ) : (
        <Stack gap="md">
          <DocumentSection
            id="user-library"
            title="My Library"
            docs={mine}
            empty={searching ? `No documents in your library match '${term.trim()}'.` : 'There are no documents in your library yet.'}
          />
          {master.length > 0 && <DocumentSection id={MASTER_LIBRARY_ID} title="MEA Master Library" docs={master} empty="" />}
        </Stack>
      )}
    </Container>
  );
}

import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Container,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { hasRoleFact } from '@hub/model/roles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isAdminGroup, useMe } from '../../app/session';
import { formatLocal } from '../../ui/dates';
import { Crumbs } from '../../ui/Crumbs';
import { FORM_TYPES, formTypeLabel } from './form-types';
import { listSubmissions, SEARCH_MAX_LENGTH, type SubmissionRow } from './forms-api';
import { downloadSubmissionPdf } from './pdf';

/** The spec's default page size. */
export const PAGE_SIZE = 10;
/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The list of every form type: what the home page's 'View submissions' link opens. */
export const ALL_TYPES = 'all';
const NOT_REVIEWED = 'not-reviewed';

/** A :type of /user-submissions/: 'all' or a form type; anything else is the 404 page. */
export const isSubmissionType = (type: string) => type === ALL_TYPES || (FORM_TYPES as string[]).includes(type);

const ownerName = (o: SubmissionRow['mehubAccount']) => (o ? [o.firstname, o.surname].filter(Boolean).join(' ') || o.email : '—');

/**
 * /user-submissions/:type: the completed submissions the user may read, newest first, by
 * form type, optionally only those not reviewed yet, searched by job or submitter. The
 * filters live in the address (?review=not-reviewed&q=...&page=n), so Back returns to them.
 * Below the sm breakpoint each submission is a card, its actions within the screen's width.
 */
export function SubmissionsPage() {
  const { type = ALL_TYPES } = useParams();
  if (!isSubmissionType(type)) return <Navigate to="/404" replace />;
  return <SubmissionsList key={type} type={type} />;
}

function SubmissionsList({ type }: { type: string }) {
  const navigate = useNavigate();
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  const notReviewed = params.get('review') === NOT_REVIEWED;
  const search = params.get('q')?.slice(0, SEARCH_MAX_LENGTH) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    // The address changed by itself (Back, Forward): the box shows its search.
    setSeenSearch(search);
    if (search !== text) setText(search);
  }
  const cards = useMatches({ base: true, sm: false });
  const formType = type === ALL_TYPES ? null : type;

  /** Changes some filters (none given: unchanged), back to page 1 unless a page is given. */
  const update = (changes: { review?: boolean; q?: string; page?: number }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (changes.review !== undefined) set('review', changes.review ? NOT_REVIEWED : null);
        if (changes.q !== undefined) set('q', changes.q.trim() ? changes.q : null);
        set('page', changes.page && changes.page > 1 ? String(changes.page) : null);
        return next;
      },
      { replace: changes.page === undefined },
    );

  // A pause in typing searches (the address changes in place: typing is not a history entry).
  const searchLater = useDebouncedCallback((q: string) => update({ q }), SEARCH_DEBOUNCE_MS);
  const typeSearch = (q: string) => {
    setText(q);
    searchLater(q);
  };

  const list = useQuery({
    queryKey: ['submissions', formType, notReviewed, search, page],
    queryFn: () => listSubmissions({ formType, notReviewed, search, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const canReview = isAdminGroup(me) || hasRoleFact('submissionUpdate', me?.roleName);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: formType ? formTypeLabel(formType) : 'All submissions' }]} />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="sm">
        View Submissions
      </Title>
      <Group align="flex-end" mb="md" gap="sm" wrap="wrap">
        <Select
          label="Form Type"
          w={{ base: '100%', xs: 260 }}
          data={[{ value: ALL_TYPES, label: 'All form types' }, ...FORM_TYPES.map((t) => ({ value: t, label: formTypeLabel(t) }))]}
          value={type}
          allowDeselect={false}
          size={cards ? 'md' : 'sm'}
          styles={cards ? { input: { minHeight: 44 } } : undefined}
          onChange={(v) => void navigate({ pathname: `/user-submissions/${v ?? ALL_TYPES}`, search: withoutPage(params) })}
        />
        <TextInput
          label="Search"
          placeholder="Job or submitter"
          w={{ base: '100%', xs: 320 }}
          size={cards ? 'md' : 'sm'}
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(e) => typeSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            text ? <CloseButton aria-label="Clear search" size={cards ? 44 : 'md'} iconSize={18} onClick={() => typeSearch('')} /> : null
          }
          rightSectionWidth={cards ? 44 : undefined}
          styles={cards ? { input: { minHeight: 44 } } : undefined}
          type="search"
        />
        <SegmentedControl
          aria-label="Review status"
          data={[
            { value: 'all', label: 'All' },
            { value: NOT_REVIEWED, label: 'Not reviewed' },
          ]}
          value={notReviewed ? NOT_REVIEWED : 'all'}
          onChange={(v) => update({ review: v === NOT_REVIEWED })}
          size={cards ? 'md' : 'sm'}
          fullWidth={cards}
          w={cards ? '100%' : undefined}
        />
      </Group>
      {list.isPending ? (
        <Stack gap="xs">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Text c="red">{`An unexpected error occurred: ${(list.error as Error).message}`}</Text>
      ) : list.data.rows.length === 0 ? (
        <Text>No results found</Text>
      ) : (
        <>
          {cards ? (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Submissions">
              {list.data.rows.map((s) => (
                <SubmissionCard key={s.id} s={s} canReview={canReview} />
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Form</Table.Th>
                  <Table.Th>Job number</Table.Th>
                  <Table.Th>Submitted by</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Review</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${baseOf(s)}/view/${s.id}`}>
                        {s.formVersion?.form.name ?? 'Form'}
                      </Anchor>
                      <Text size="xs" c="gray.7">
                        {formTypeLabel(s.formVersion?.form.formType ?? '')} · version {s.formVersion?.version}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {s.jobNumber || '—'}
                      {s.jobAddress && (
                        <Text size="xs" c="gray.7">
                          {s.jobAddress}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{ownerName(s.mehubAccount)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocal(s.created)}</Table.Td>
                    <Table.Td>
                      <ReviewBadge s={s} />
                    </Table.Td>
                    <Table.Td>
                      <Actions s={s} canReview={canReview} phone={false} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
            <Text size="sm" c="gray.7">
              Page {page} of {pages} · {list.data.total} {list.data.total === 1 ? 'submission' : 'submissions'}
            </Text>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(p) => update({ page: p })}
              size={cards ? 'xl' : 'sm'}
              withPages={!cards}
              getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          </Group>
        </>
      )}
    </Container>
  );
}

/** The search part of an address without its page (a new form type starts at page 1). */
function withoutPage(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  const s = next.toString();
  return s ? `?${s}` : '';
}

const baseOf = (s: SubmissionRow) => `/user-submissions/${s.formVersion?.form.formType ?? ALL_TYPES}`;

function ReviewBadge({ s }: { s: SubmissionRow }) {
  // Never shrunk (cut off) beside a long form name: the name wraps instead.
  return s.formReviewRequestId ? (
    <Badge color="green" variant="light" style={{ flexShrink: 0, color: '#1b5e20' }}>
      Reviewed
    </Badge>
  ) : (
    <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
      Not reviewed
    </Badge>
  );
}

/**
 * View, Review (managers) and PDF: on a phone each a 44 px tap target sharing the card's
 * width, wrapping to a second line rather than cutting a label.
 */
function Actions({ s, canReview, phone }: { s: SubmissionRow; canReview: boolean; phone: boolean }) {
  const name = s.formVersion?.form.name ?? 'submission';
  const size = phone ? 'sm' : 'xs';
  const fill = phone ? { mih: 44, style: { flex: '1 1 auto' } } : {};
  return (
    <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'}>
      <Button component={Link} to={`${baseOf(s)}/view/${s.id}`} size={size} {...fill} variant="light">
        View
      </Button>
      {canReview && (
        <Button component={Link} to={`${baseOf(s)}/edit/${s.id}`} size={size} {...fill} variant="light">
          Review
        </Button>
      )}
      <Button
        size={size}
        {...fill}
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void downloadSubmissionPdf(s.id)}
        aria-label={`Export ${name} as PDF`}
      >
        PDF
      </Button>
    </Group>
  );
}

/** A submission on a phone: what the table's row says, stacked, then its actions. */
function SubmissionCard({ s, canReview }: { s: SubmissionRow; canReview: boolean }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`${baseOf(s)}/view/${s.id}`}
            fw={600}
            display="block"
            mih={44}
            style={{ overflowWrap: 'anywhere', alignContent: 'center' }}
          >
            {s.formVersion?.form.name ?? 'Form'}
          </Anchor>
          <Text size="xs" c="gray.7">
            {formTypeLabel(s.formVersion?.form.formType ?? '')} · version {s.formVersion?.version}
          </Text>
        </div>
        <ReviewBadge s={s} />
      </Group>
      <Stack gap={2} my="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Job number: {s.jobNumber || '—'}
          {s.jobAddress ? ` · ${s.jobAddress}` : ''}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Submitted by {ownerName(s.mehubAccount)}
        </Text>
        <Text size="sm">{formatLocal(s.created)}</Text>
      </Stack>
      <Actions s={s} canReview={canReview} phone />
    </Paper>
  );
}

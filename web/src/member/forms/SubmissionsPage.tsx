import { Anchor, Badge, Button, Container, Group, Pagination, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { hasRoleFact } from '@hub/model/roles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isAdminGroup, useMe } from '../../app/session';
import { formatLocal } from '../../ui/dates';
import { Crumbs } from '../../ui/Crumbs';
import { FORM_TYPES, formTypeLabel } from './form-types';
import { listSubmissions } from './forms-api';
import { downloadSubmissionPdf } from './pdf';

const PAGE_SIZE = 10;

/** /user-submissions/:type: the completed submissions the user may read, filtered by form type. */
export function SubmissionsPage() {
  const { type = 'all' } = useParams();
  const navigate = useNavigate();
  const me = useMe().data;
  const [page, setPage] = useState(1);
  const formType = FORM_TYPES.includes(type as never) ? type : null;
  const list = useQuery({
    queryKey: ['submissions', formType, page],
    queryFn: () => listSubmissions(formType, (page - 1) * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const canReview = isAdminGroup(me) || hasRoleFact('submissionUpdate', me?.roleName);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Container size="xl" py="md">
      <Crumbs items={[{ label: formType ? formTypeLabel(formType) : 'All submissions' }]} />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Title order={1}>View Submissions</Title>
        <Select
          label="Form Type"
          w={260}
          data={[{ value: 'all', label: 'All form types' }, ...FORM_TYPES.map((t) => ({ value: t, label: formTypeLabel(t) }))]}
          value={formType ?? 'all'}
          allowDeselect={false}
          onChange={(v) => {
            setPage(1);
            void navigate(`/user-submissions/${v ?? 'all'}`);
          }}
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
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Form</Table.Th>
                  <Table.Th>Submitted by</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Review</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((s) => {
                  const owner = s.mehubAccount;
                  const base = `/user-submissions/${s.formVersion?.form.formType ?? 'all'}`;
                  return (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`${base}/view/${s.id}`}>
                          {s.formVersion?.form.name ?? 'Form'}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {formTypeLabel(s.formVersion?.form.formType ?? '')} · version {s.formVersion?.version}
                        </Text>
                      </Table.Td>
                      <Table.Td>{owner ? [owner.firstname, owner.surname].filter(Boolean).join(' ') || owner.email : '—'}</Table.Td>
                      <Table.Td>{formatLocal(s.created)}</Table.Td>
                      <Table.Td>
                        {s.formReviewRequestId ? (
                          <Badge color="green" variant="light">
                            Reviewed
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            Not reviewed
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Button component={Link} to={`${base}/view/${s.id}`} size="xs" variant="light">
                            View
                          </Button>
                          {canReview && (
                            <Button component={Link} to={`${base}/edit/${s.id}`} size="xs" variant="light">
                              Review
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="subtle"
                            leftSection={<IconDownload size={14} aria-hidden />}
                            onClick={() => void downloadSubmissionPdf(s.id)}
                            aria-label={`Export ${s.formVersion?.form.name ?? 'submission'} as PDF`}
                          >
                            PDF
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {page} of {pages}
            </Text>
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        </>
      )}
    </Container>
  );
}

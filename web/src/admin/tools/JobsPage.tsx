import type { JobRun, JobStatus } from '@hub/model/jobs';
import { useEffect, useRef } from 'react';
import classes from './Jobs.module.css';
import { Alert, Badge, Button, Card, Code, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../client/api';
import { formatLocal } from '../../ui/dates';

interface Mail {
  id: string;
  to: string;
  subject: string;
  created: string;
  sentAt: string | null;
  error: string | null;
}

type Job = JobStatus;

interface JobsAnswer {
  /** Whether this server runs schedules (JOBS_ENABLED). */
  scheduled: boolean;
  serverId: string;
  jobs: Job[];
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : String(err));

/** A notification's close button, named for screen readers. */
const CLOSE = { 'aria-label': 'Close' };

const TRIGGERS: Record<JobRun['trigger'], string> = { schedule: 'Scheduled', startup: 'At start-up', manual: 'Run now' };

function duration(run: JobRun): string {
  if (!run.finished) return '';
  const ms = new Date(run.finished).getTime() - new Date(run.started).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A badge read whole: it never shrinks below its words nor cuts them to an ellipsis. */
const WHOLE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;

/** The outcome of an attempt, in words and colour. */
function Outcome({ run }: { run: JobRun | null }) {
  if (!run)
    return (
      <Badge miw="max-content" styles={WHOLE} color="gray.8">
        Never run
      </Badge>
    );
  if (run.status === 'running')
    return (
      <Badge miw="max-content" styles={WHOLE} color="blue.9" leftSection={<Loader size={10} color="white" />}>
        Running
      </Badge>
    );
  if (run.status === 'succeeded')
    return (
      <Badge miw="max-content" styles={WHOLE} color="teal.9">
        Succeeded
      </Badge>
    );
  return (
    <Badge miw="max-content" styles={WHOLE} color="red.9">
      Failed
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function JobCard({ job, scheduled }: { job: Job; scheduled: boolean }) {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => api<JobRun>('POST', `/api/jobs/${encodeURIComponent(job.name)}/run`),
    onSuccess: () => {
      notifications.show({ color: 'blue', message: `${job.title} started`, closeButtonProps: CLOSE });
      // A short run may have finished already: its mail is in the outbox now.
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['mail-outbox'] });
    },
    onError: (err) => notifications.show({ color: 'red', message: errorText(err), closeButtonProps: CLOSE }),
  });
  const last = job.lastRun;
  const headingId = `job-${job.name}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {job.title}
            </Title>
            <Outcome run={last} />
          </Group>
          <Text size="sm">{job.description}</Text>
        </Stack>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => run.mutate()}
          loading={run.isPending}
          disabled={job.running || !!job.disabledReason}
          miw={120}
          h={44}
        >
          Run now
        </Button>
      </Group>
      {job.disabledReason && (
        <Alert color="yellow" mb="sm">
          This job cannot run: {job.disabledReason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="sm">
        <Field label="Schedule">
          <Text size="sm">{job.schedule}</Text>
          <Code>{job.cron}</Code>
          {job.runAtStartup && (
            <Text size="xs" c="dimmed">
              Also runs when a server starts
            </Text>
          )}
        </Field>
        <Field label="Last run">
          {last ? (
            <>
              <Text size="sm">
                {formatLocal(last.started)} ({TRIGGERS[last.trigger]})
              </Text>
              {last.status === 'running' && <Text size="sm">Running now (attempt {last.attempt})</Text>}
              {last.summary && <Text size="sm">{last.summary}</Text>}
            </>
          ) : (
            <Text size="sm">Never run</Text>
          )}
        </Field>
        <Field label="Last outcome">
          {job.lastFinished ? (
            <>
              <Group gap="xs">
                <Outcome run={job.lastFinished} />
                <Text size="sm">{formatLocal(job.lastFinished.finished)}</Text>
              </Group>
              {job.lastFinished.error && (
                <Text size="sm" c="red.8">
                  {job.lastFinished.error}
                </Text>
              )}
              {job.lastFinished.retryAt && job.lastFinished.status === 'failed' && (
                <Text size="xs">Retry at {formatLocal(job.lastFinished.retryAt)}</Text>
              )}
            </>
          ) : (
            <Text size="sm">None yet</Text>
          )}
        </Field>
        <Field label="Next run">
          <Text size="sm">
            {job.nextRun
              ? formatLocal(job.nextRun)
              : !scheduled
                ? 'Scheduled work is switched off on this server'
                : job.disabledReason
                  ? 'Not scheduled'
                  : 'None'}
          </Text>
          <Text size="xs" c="dimmed">
            Up to {job.maxAttempts} attempt{job.maxAttempts === 1 ? '' : 's'} per run
          </Text>
        </Field>
      </SimpleGrid>
      {job.recentFailures.length > 0 && (
        <Stack gap={4} mb="sm">
          <Text size="sm" fw={600}>
            Recent failures
          </Text>
          {job.recentFailures.map((f) => (
            <Alert key={f.id} color="red" p="xs" title={`${formatLocal(f.started)}, attempt ${f.attempt} of ${job.maxAttempts}`}>
              {f.error}
            </Alert>
          ))}
        </Stack>
      )}
      {job.recentRuns.length > 0 && (
        // A table from 768 px; below, each run is a card of its own, no sideways scrolling.
        <Table striped withTableBorder className={classes.cards} aria-label={`Recent runs of ${job.title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Started</Table.Th>
              <Table.Th scope="col">How</Table.Th>
              <Table.Th scope="col">Attempt</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Took</Table.Th>
              <Table.Th scope="col">Server</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.recentRuns.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td data-label="Started" className={classes.nowrap}>
                  {formatLocal(r.started)}
                </Table.Td>
                <Table.Td data-label="How">
                  {TRIGGERS[r.trigger]}
                  {r.requestedBy ? ` by ${r.requestedBy}` : ''}
                </Table.Td>
                <Table.Td data-label="Attempt">{r.attempt}</Table.Td>
                <Table.Td data-label="Outcome" className={classes.nowrap}>
                  <Outcome run={r} />
                </Table.Td>
                <Table.Td data-label="Result">{r.error ?? r.summary ?? ''}</Table.Td>
                <Table.Td data-label="Took" className={classes.nowrap}>
                  {duration(r)}
                </Table.Td>
                <Table.Td data-label="Server">
                  <Text size="xs" component="span">
                    {r.serverId}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** The page behind the sidebar's Hangfire link: the scheduled jobs (runs, failures, Run now) and the mail outbox. */
export default function JobsPage() {
  const outbox = useQuery({ queryKey: ['mail-outbox'], queryFn: () => api<Mail[]>('GET', '/api/mail/outbox') });
  const jobs = useQuery({
    queryKey: ['jobs'],
    queryFn: () => api<JobsAnswer>('GET', '/api/jobs'),
    // While a job runs, follow it.
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.running) ? 1000 : false),
  });
  const client = useQueryClient();
  // When a job's last run changes (a new run, or one that finished), the outbox may hold its mail.
  // A run of a few hundred ms may end before the page ever sees it running, so compare the runs
  // themselves, not a running state.
  const lastRuns = jobs.data?.jobs.map((j) => `${j.name}:${j.lastRun?.id ?? ''}:${j.lastRun?.finished ?? ''}`).join('|');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lastRuns === undefined) return;
    if (seen.current !== undefined && seen.current !== lastRuns) void client.invalidateQueries({ queryKey: ['mail-outbox'] });
    seen.current = lastRuns;
  }, [lastRuns, client]);

  return (
    <Stack gap="md">
      <Title order={1}>Jobs</Title>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          Scheduled jobs
        </Title>
        {jobs.isPending && (
          <Group>
            <Loader size="sm" />
            <Text>Loading Jobs...</Text>
          </Group>
        )}
        {jobs.isError && <Alert color="red">An unexpected error occurred: {errorText(jobs.error)}</Alert>}
        {jobs.data && !jobs.data.scheduled && (
          <Alert color="yellow" mb="sm">
            Scheduled work is switched off on this server (JOBS_ENABLED=false): jobs run only when an administrator runs them here, or on
            another server.
          </Alert>
        )}
        {jobs.data && jobs.data.jobs.length === 0 && <Text>There are no scheduled jobs.</Text>}
        {jobs.data && jobs.data.jobs.length > 0 && (
          <Stack gap="md">
            {jobs.data.jobs.map((j) => (
              <JobCard key={j.name} job={j} scheduled={jobs.data.scheduled} />
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3">
            Mail outbox
          </Title>
          <Text size="sm" c="dimmed">
            The newest 50 messages; without SMTP they stay here, not sent
          </Text>
        </Group>
        {outbox.isPending && (
          <Group>
            <Loader size="sm" />
            <Text>Loading Mail...</Text>
          </Group>
        )}
        {outbox.isError && <Alert color="red">An unexpected error occurred: {errorText(outbox.error)}</Alert>}
        {outbox.data && (
          // A table from 768 px; below, each mail is a card of its own, no sideways scrolling.
          <>
            <Table striped withTableBorder className={classes.cards} aria-label="Mail outbox">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">To</Table.Th>
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td data-label="To">{m.to}</Table.Td>
                    <Table.Td data-label="Subject">{m.subject}</Table.Td>
                    <Table.Td data-label="Created" className={classes.nowrap}>
                      {formatLocal(m.created)}
                    </Table.Td>
                    <Table.Td data-label="State">
                      {m.error ? (
                        <Text size="sm" c="red.8" component="span">
                          Error: {m.error}
                        </Text>
                      ) : m.sentAt ? (
                        <Badge miw="max-content" styles={WHOLE} color="teal.9">
                          Sent {formatLocal(m.sentAt)}
                        </Badge>
                      ) : (
                        <Badge miw="max-content" styles={WHOLE} color="gray.8">
                          Not sent
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {outbox.data.length === 0 && (
              <Text ta="center" py="lg" c="dimmed">
                No results found
              </Text>
            )}
          </>
        )}
      </Paper>
    </Stack>
  );
}

import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
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

/** One attempt of a job (server/src/jobs/runner.ts JobRun). */
interface JobRun {
  id: string;
  slot: string;
  attempt: number;
  trigger: 'schedule' | 'startup' | 'manual';
  requestedBy: string | null;
  serverId: string;
  started: string;
  finished: string | null;
  status: 'running' | 'succeeded' | 'failed';
  error: string | null;
  summary: string | null;
  retryAt: string | null;
}

interface Job {
  name: string;
  title: string;
  description: string;
  cron: string;
  schedule: string;
  runAtStartup: boolean;
  maxAttempts: number;
  disabledReason: string | null;
  nextRun: string | null;
  lastRun: JobRun | null;
  lastFinished: JobRun | null;
  running: boolean;
  recentRuns: JobRun[];
  recentFailures: JobRun[];
}

interface JobsAnswer {
  /** Whether this server runs schedules (JOBS_ENABLED). */
  scheduled: boolean;
  serverId: string;
  jobs: Job[];
}

const errorText = (err: unknown) => (err instanceof ApiError ? err.messages.join(' ') : String(err));

const TRIGGERS: Record<JobRun['trigger'], string> = { schedule: 'Scheduled', startup: 'At start-up', manual: 'Run now' };

function duration(run: JobRun): string {
  if (!run.finished) return '';
  const ms = new Date(run.finished).getTime() - new Date(run.started).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The outcome of an attempt, in words and colour. */
function Outcome({ run }: { run: JobRun | null }) {
  if (!run)
    return (
      <Badge miw="max-content" color="gray.8">
        Never run
      </Badge>
    );
  if (run.status === 'running')
    return (
      <Badge miw="max-content" color="blue.9" leftSection={<Loader size={10} color="white" />}>
        Running
      </Badge>
    );
  if (run.status === 'succeeded')
    return (
      <Badge miw="max-content" color="teal.9">
        Succeeded
      </Badge>
    );
  return (
    <Badge miw="max-content" color="red.9">
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
      notifications.show({ color: 'blue', message: `${job.title} started` });
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
    onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
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
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={720} aria-label={`Recent runs of ${job.title}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Attempt</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Took</Table.Th>
                <Table.Th>Server</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.recentRuns.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatLocal(r.started)}</Table.Td>
                  <Table.Td>
                    {TRIGGERS[r.trigger]}
                    {r.requestedBy ? ` by ${r.requestedBy}` : ''}
                  </Table.Td>
                  <Table.Td>{r.attempt}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Outcome run={r} />
                  </Table.Td>
                  <Table.Td>{r.error ?? r.summary ?? ''}</Table.Td>
                  <Table.Td>{duration(r)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{r.serverId}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
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
  const anyRunning = jobs.data?.jobs.some((j) => j.running) ?? false;
  const client = useQueryClient();
  // When a run ends, the outbox may hold its mail.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !anyRunning) void client.invalidateQueries({ queryKey: ['mail-outbox'] });
    wasRunning.current = anyRunning;
  }, [anyRunning, client]);

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
          <ScrollArea type="auto">
            <Table striped withTableBorder miw={720}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>{formatLocal(m.created)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {m.error ? (
                        <Badge miw="max-content" color="red.9" title={m.error}>
                          Error: {m.error}
                        </Badge>
                      ) : m.sentAt ? (
                        <Badge miw="max-content" color="teal.9">
                          Sent {formatLocal(m.sentAt)}
                        </Badge>
                      ) : (
                        <Badge miw="max-content" color="gray.8">
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
          </ScrollArea>
        )}
      </Paper>
    </Stack>
  );
}

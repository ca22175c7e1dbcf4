import { Anchor, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { TimelineAction } from '@hub/model';
import { TIMELINE, TIMELINE_TIME_FRAMES, timelineMessages, type TimelineTimeFrame } from '@hub/model/timeline';
import { IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Where } from '../admin/list/query';
import { accountName, fromWire, listEvents, quickJumpOptions, toWire, type TimelineRow } from './timeline-api';
import { dayHeader, formatListTime, formatPeriod } from './formats';

/** What an event links to, decided by the screen (admin record pages, or the member's submission pages). */
export interface EventLinks {
  /** The item's own link (admin: /admin/{entity}/view/{id}), or null. */
  item(event: TimelineRow): string | null;
  /** The View button of a 'Form Reviewed' event. */
  reviewed(event: TimelineRow): ReactNode;
}

interface ListState {
  rows: TimelineRow[];
  /** Rows are older than the anchor (downwards) and at or after it (upwards); null: from the newest. */
  anchor: number | null;
  olderSkip: number;
  newerSkip: number;
  hasOlder: boolean;
  hasNewer: boolean;
}

const EMPTY: ListState = { rows: [], anchor: null, olderSkip: 0, newerSkip: 0, hasOlder: true, hasNewer: false };

const before = (anchor: number): Where[] => [{ path: 'created', comparison: 'lessThan', value: [toWire(anchor)] }];
const atOrAfter = (anchor: number): Where[] => [{ path: 'created', comparison: 'greaterThanOrEqual', value: [toWire(anchor)] }];

/** The end of a quick-jump period that starts at `start` (local months and weeks). */
function periodEnd(start: number, frame: TimelineTimeFrame): number {
  const d = new Date(start);
  if (frame === 'Months') d.setMonth(d.getMonth() + 1);
  else d.setDate(d.getDate() + 7);
  return d.getTime();
}

/**
 * The timeline list (back-office 4): events grouped by day, 10 at a time with infinite scroll
 * both ways, Quick Jump by months or weeks, Back to top. `conditions` are the live filter's.
 */
export function TimelineList(props: { conditions: Where[][]; showAccount: boolean; links: EventLinks; height?: string }) {
  // New conditions start a new list.
  return <List key={JSON.stringify(props.conditions)} {...props} />;
}

function List({
  conditions,
  showAccount,
  links,
  height = 'min(70vh, 900px)',
}: {
  conditions: Where[][];
  showAccount: boolean;
  links: EventLinks;
  height?: string;
}) {
  const [state, setState] = useState<ListState>(EMPTY);
  const [loading, setLoading] = useState<'older' | 'newer' | null>(null);
  const [failed, setFailed] = useState(false);
  const [frame, setFrame] = useState<TimelineTimeFrame>('Months');
  const [jump, setJump] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const bottomSentinel = useRef<HTMLDivElement>(null);
  /** Scroll height before rows were added above, to keep the reader's place. */
  const keepFrom = useRef<number | null>(null);
  const busy = useRef(false);
  /** Bumped by a jump: answers to the loads of an earlier start are dropped. */
  const generation = useRef(0);
  const key = JSON.stringify(conditions);

  const load = useCallback(
    async (direction: 'older' | 'newer', from: ListState) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(direction);
      const mine = generation.current;
      try {
        const older = direction === 'older';
        const bound = from.anchor === null ? [] : [older ? before(from.anchor) : atOrAfter(from.anchor)];
        const rows = await listEvents([...conditions, ...bound], older ? from.olderSkip : from.newerSkip, TIMELINE.pageSize, older);
        if (mine !== generation.current) return;
        if (!older && box.current) keepFrom.current = box.current.scrollHeight - box.current.scrollTop;
        setState((s) =>
          older
            ? { ...s, rows: [...s.rows, ...rows], olderSkip: s.olderSkip + rows.length, hasOlder: rows.length === TIMELINE.pageSize }
            : {
                ...s,
                rows: [...[...rows].reverse(), ...s.rows],
                newerSkip: s.newerSkip + rows.length,
                hasNewer: rows.length === TIMELINE.pageSize,
              },
        );
        setFailed(false);
      } catch {
        setFailed(true);
      } finally {
        busy.current = false;
        setLoading(null);
      }
    },
    // `key` stands for the conditions' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  /** Starts the list at `anchor` (null: the newest events); the bottom sentinel then loads the first 10. */
  const restart = (anchor: number | null) => {
    generation.current += 1;
    busy.current = false;
    setState({ ...EMPTY, anchor, hasNewer: anchor !== null });
    setFailed(false);
    box.current?.scrollTo({ top: 0 });
  };

  // Rows added above keep the reader's place.
  useLayoutEffect(() => {
    if (keepFrom.current !== null && box.current) {
      box.current.scrollTop = box.current.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    }
  }, [state.rows]);

  // Infinite scroll both ways: a sentinel at each end loads the next 10 when it comes into view.
  useEffect(() => {
    const root = box.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting || busy.current || failed) continue;
          if (e.target === bottomSentinel.current && state.hasOlder) void load('older', state);
          // Newer rows only once the first older page is in: a jump shows its period first.
          if (e.target === topSentinel.current && state.hasNewer && state.olderSkip > 0) void load('newer', state);
        }
      },
      { root, rootMargin: '120px' },
    );
    if (topSentinel.current) observer.observe(topSentinel.current);
    if (bottomSentinel.current) observer.observe(bottomSentinel.current);
    return () => observer.disconnect();
  }, [state, load, failed]);

  const options = useQuery({
    queryKey: ['timeline-quick-jump', key, frame],
    queryFn: () => quickJumpOptions(conditions, frame),
  });

  const onJump = (value: string | null) => {
    setJump(value);
    if (!value) return;
    restart(periodEnd(fromWire(value), frame));
  };

  const backToTop = () => {
    if (state.anchor !== null) {
      setJump(null);
      restart(null);
    } else box.current?.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const days: { day: string; rows: TimelineRow[] }[] = [];
  for (const row of state.rows) {
    const day = dayjs(fromWire(row.created)).format('YYYY-MM-DD');
    if (days.length && days[days.length - 1].day === day) days[days.length - 1].rows.push(row);
    else days.push({ day, rows: [row] });
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Quick Jump"
          data={TIMELINE_TIME_FRAMES.map((f) => ({ value: f, label: f }))}
          value={frame}
          onChange={(v) => {
            if (v) setFrame(v as TimelineTimeFrame);
            setJump(null);
          }}
          allowDeselect={false}
          w={130}
        />
        <Select
          label={frame === 'Months' ? 'Month' : 'Week starting'}
          placeholder={options.isPending ? 'Loading...' : options.isError ? timelineMessages.error : 'Choose'}
          data={(options.data ?? []).map((o) => ({ value: o.startDate, label: formatPeriod(o.startDate, frame) }))}
          value={jump}
          onChange={onJump}
          searchable
          nothingFoundMessage={timelineMessages.noEvents}
          w={180}
        />
        <Button variant="default" leftSection={<IconArrowUp size={16} aria-hidden />} onClick={backToTop} mih={36}>
          Back to top
        </Button>
      </Group>
      <div
        ref={box}
        data-testid="timeline-list"
        style={{
          height,
          overflowY: 'auto',
          overflowAnchor: 'none',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          padding: 8,
        }}
      >
        <div ref={topSentinel} aria-hidden style={{ height: 1 }} />
        {loading === 'newer' && (
          <Center py="xs">
            <Loader size="sm" aria-label="Loading newer events" />
          </Center>
        )}
        {failed && !state.rows.length ? (
          <Text c="red.8" role="alert">
            {timelineMessages.error}
          </Text>
        ) : !state.rows.length && !loading ? (
          <Text c="gray.7">{timelineMessages.noEvents}</Text>
        ) : null}
        {days.map((d) => (
          <section key={d.day} aria-label={dayHeader(d.day)}>
            <Title order={3} size="h5" mt="sm" mb={4} c="navy.8">
              {dayHeader(d.day)}
            </Title>
            <Stack gap={6}>
              {d.rows.map((row) => (
                <EventItem key={row.id} row={row} showAccount={showAccount} links={links} />
              ))}
            </Stack>
          </section>
        ))}
        {failed && state.rows.length > 0 && (
          <Text c="red.8" role="alert">
            {timelineMessages.error}
          </Text>
        )}
        {loading === 'older' && (
          <Center py="xs">
            <Loader size="sm" aria-label="Loading older events" />
          </Center>
        )}
        <div ref={bottomSentinel} aria-hidden style={{ height: 1 }} />
      </div>
    </Stack>
  );
}

const ACTION_COLOURS: Record<string, string> = { CREATED: 'green.9', UPDATED: 'blue.9', DELETED: 'red.9' };

function EventItem({ row, showAccount, links }: { row: TimelineRow; showAccount: boolean; links: EventLinks }) {
  const link = links.item(row);
  const reviewed = row.actionTitle?.startsWith('Form Reviewed') && row.recordId ? links.reviewed(row) : null;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="timeline-event">
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="gray.7">
              {formatListTime(row.created)}
            </Text>
            {row.action && (
              <Badge size="sm" variant="outline" color={ACTION_COLOURS[row.action]}>
                {TimelineAction.values[row.action]}
              </Badge>
            )}
          </Group>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {link ? (
              <Anchor component={Link} to={link}>
                {row.actionTitle}
              </Anchor>
            ) : (
              row.actionTitle
            )}
          </Text>
          {showAccount && row.entity && (
            <Text size="xs" c="gray.8">
              {accountName(row.entity)}
            </Text>
          )}
          {row.description && (
            <Text size="xs" c="gray.8" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {row.description}
            </Text>
          )}
        </Stack>
        {reviewed}
      </Group>
    </Paper>
  );
}

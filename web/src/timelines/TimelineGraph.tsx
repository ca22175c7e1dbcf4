import { ActionIcon, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  defaultWindow,
  labelFormat,
  labelMoments,
  pan,
  timelineMessages,
  zoomIn,
  zoomOut,
  zoomTo,
  type TimelineGroup,
  type TimeWindow,
} from '@hub/model/timeline';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Where } from '../admin/list/query';
import { accountName, cardEvents, earliestEvent, fromWire, graphData, type TimelineRow } from './timeline-api';
import { formatCardTime } from './formats';
import type { EventLinks } from './TimelineList';

const HEIGHT = 200;
const AXIS_Y = 150;
/** Room at each end for the end labels' markers. */
const PAD = 24;

/**
 * The timeline graph (back-office 4): the window's slots as groups (click zooms to the group's
 * range) and items (click toggles a card with the 2 latest events); zoom in and out within 4
 * hours and ten years, pan by a window, Today, Reset, and about six date labels.
 */
export function TimelineGraph({ conditions, links }: { conditions: Where[][]; links: EventLinks }) {
  const key = JSON.stringify(conditions);
  // The default window is taken when the earliest event is read: from it (or a month ago) to now.
  const probe = useQuery({
    queryKey: ['timeline-earliest', key],
    queryFn: async () => {
      const first = await earliestEvent(conditions);
      return defaultWindow(Date.now(), first ? fromWire(first.created) : null);
    },
    staleTime: Infinity,
  });
  if (probe.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading timeline" />
      </Center>
    );
  if (probe.isError)
    return (
      <Text c="red.8" role="alert">
        {timelineMessages.error}
      </Text>
    );
  return <Graph key={key} conditions={conditions} links={links} initial={probe.data} />;
}

function Graph({ conditions, links, initial }: { conditions: Where[][]; links: EventLinks; initial: TimeWindow }) {
  const [window, setWindow] = useState<TimeWindow>(initial);
  const [card, setCard] = useState<TimelineGroup | null>(null);
  const { ref, width } = useElementSize();
  const key = JSON.stringify(conditions);
  const groups = useQuery({
    queryKey: ['timeline-graph', key, window.start, window.end],
    queryFn: () => graphData(conditions, window.start, window.end),
    placeholderData: (previous) => previous,
  });
  const move = (next: TimeWindow) => {
    setCard(null);
    setWindow(next);
  };
  const span = window.end - window.start;
  const x = (ms: number) => PAD + ((ms - window.start) / span) * Math.max(width - 2 * PAD, 1);
  const format = labelFormat(window);
  const today = () => {
    const start = dayjs().startOf('day').valueOf();
    move({ start, end: start + 24 * 3600_000 });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Tooltip label="Zoom in">
          <ActionIcon variant="default" size="lg" aria-label="Zoom in" onClick={() => move(zoomIn(window))}>
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out">
          <ActionIcon variant="default" size="lg" aria-label="Zoom out" onClick={() => move(zoomOut(window))}>
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Earlier">
          <ActionIcon variant="default" size="lg" aria-label="Earlier" onClick={() => move(pan(window, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Later">
          <ActionIcon variant="default" size="lg" aria-label="Later" onClick={() => move(pan(window, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={today}>
          Today
        </Button>
        <Button variant="default" onClick={() => move(initial)}>
          Reset
        </Button>
        <Text size="sm" c="gray.7" data-testid="timeline-window">
          {dayjs(window.start).format(format)} – {dayjs(window.end).format(format)}
        </Text>
        {groups.isFetching && <Loader size="xs" aria-label="Loading timeline" />}
      </Group>
      <div ref={ref} style={{ width: '100%' }}>
        {groups.isError ? (
          <Text c="red.8" role="alert">
            {timelineMessages.error}
          </Text>
        ) : (
          <svg width="100%" height={HEIGHT} role="group" aria-label="Timeline graph" data-testid="timeline-graph">
            <line x1={0} x2={width} y1={AXIS_Y} y2={AXIS_Y} stroke="var(--mantine-color-gray-5)" />
            {labelMoments(window).map((ms, i, all) => (
              <g key={ms}>
                <line x1={x(ms)} x2={x(ms)} y1={AXIS_Y} y2={AXIS_Y + 6} stroke="var(--mantine-color-gray-6)" />
                <text
                  x={x(ms)}
                  y={AXIS_Y + 22}
                  fontSize={12}
                  fill="var(--mantine-color-gray-8)"
                  textAnchor={i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle'}
                  dx={i === 0 ? -PAD : i === all.length - 1 ? PAD : 0}
                  data-testid="timeline-label"
                >
                  {dayjs(ms).format(format)}
                </text>
              </g>
            ))}
            {(groups.data ?? []).map((g) => (
              <Marker
                key={g.dateTimeGroup.startDate}
                group={g}
                cx={x((fromWire(g.dateTimeGroup.startDate) + fromWire(g.dateTimeGroup.endDate)) / 2)}
                open={card?.dateTimeGroup.startDate === g.dateTimeGroup.startDate}
                onClick={() => {
                  if (g.showInformation) setCard((c) => (c?.dateTimeGroup.startDate === g.dateTimeGroup.startDate ? null : g));
                  else move(zoomTo({ start: fromWire(g.dateTimeGroup.startDate), end: fromWire(g.dateTimeGroup.endDate) }));
                }}
              />
            ))}
          </svg>
        )}
      </div>
      {!groups.isPending && !groups.isError && !groups.data?.length && <Text c="gray.7">{timelineMessages.noEvents}</Text>}
      {card && <Card group={card} conditions={conditions} links={links} />}
    </Stack>
  );
}

function Marker({ group, cx, open, onClick }: { group: TimelineGroup; cx: number; open: boolean; onClick(): void }) {
  const item = group.showInformation;
  const label = item
    ? `${group.firstResult.actionTitle ?? 'Event'}${group.numberOfResults > 1 ? ` and ${group.numberOfResults - 1} more` : ''}: open its card`
    : `${group.numberOfResults} events: zoom in`;
  const r = item ? 10 : Math.min(24, 12 + Math.log2(group.numberOfResults) * 2);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={item ? open : undefined}
      data-testid={item ? 'timeline-item' : 'timeline-group'}
      style={{ cursor: 'pointer' }}
      onClick={onClick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onClick();
        }
      }}
    >
      <title>{label}</title>
      <line x1={cx} x2={cx} y1={AXIS_Y - 40 + r} y2={AXIS_Y} stroke="var(--mantine-color-navy-3)" />
      <circle
        cx={cx}
        cy={AXIS_Y - 40}
        r={r}
        fill={item ? (open ? 'var(--mantine-color-safety-6)' : 'var(--mantine-color-navy-6)') : 'var(--mantine-color-navy-1)'}
        stroke="var(--mantine-color-navy-7)"
        strokeWidth={2}
      />
      {(!item || group.numberOfResults > 1) && (
        <text
          x={cx}
          y={AXIS_Y - 36}
          fontSize={11}
          textAnchor="middle"
          fill={item ? 'white' : 'var(--mantine-color-navy-9)'}
          fontWeight={700}
        >
          {group.numberOfResults}
        </text>
      )}
    </g>
  );
}

function Card({ group, conditions, links }: { group: TimelineGroup; conditions: Where[][]; links: EventLinks }) {
  const events = useQuery({
    queryKey: ['timeline-card', JSON.stringify(conditions), group.dateTimeGroup.startDate],
    queryFn: () => cardEvents(conditions, group),
  });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="timeline-card" maw={520}>
      {events.isPending ? (
        <Loader size="sm" aria-label="Loading events" />
      ) : events.isError ? (
        <Text c="red.8" role="alert">
          {timelineMessages.error}
        </Text>
      ) : (
        <Stack gap="xs">
          {events.data.map((e: TimelineRow) => {
            const link = links.item(e);
            return (
              <div key={e.id}>
                <Text size="xs" c="gray.7">
                  {formatCardTime(e.created)}
                </Text>
                <Text size="sm" fw={600}>
                  {link ? (
                    <Anchor component={Link} to={link}>
                      {e.actionTitle}
                    </Anchor>
                  ) : (
                    e.actionTitle
                  )}
                </Text>
                {e.entity && (
                  <Text size="xs" c="gray.8">
                    {accountName(e.entity)}
                  </Text>
                )}
              </div>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

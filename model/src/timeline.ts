import type { EntityName } from './registry';

/**
 * Timelines (back-office 2.10, 4 and 9; data-layer MehubAccountTimelineEventsEntity): the
 * constants, the REST shapes and the graph window's arithmetic, shared by the server's routes
 * and the screens.
 */
export const TIMELINE = {
  /** Events per list load, recent activity, graph card, probe. */
  pageSize: 10,
  recent: 4,
  card: 2,
  probe: 1,
  /** Options of the instance filter. */
  instanceOptions: 10,
  /** Below this window width the graph is off (list only). */
  graphMinWidth: 900,
  /** Zoom in only while the window stays wider than this; zoom out only while under ten years. */
  minSpanMs: 4 * 3600_000,
  maxSpanMs: 10 * 365.25 * 24 * 3600_000,
  /** Date labels under the graph. */
  dateLabels: 6,
  /** The graph's time slots: the window is cut into this many equal groups. */
  graphGroups: 30,
  /** Search in the filter starts at this many characters, after this pause. */
  searchMinLength: 2,
  searchDebounceMs: 500,
  /** Quick-jump periods returned at most. */
  maxQuickJumpOptions: 1000,
} as const;

/** The entity whose rows have timelines, and the events entity (the only one offered). */
export const TIMELINE_ENTITY: EntityName = 'MehubAccountEntity';
export const TIMELINE_EVENTS_ENTITY: EntityName = 'MehubAccountTimelineEventsEntity';

export const TIMELINE_TIME_FRAMES = ['Months', 'Weeks'] as const;
export type TimelineTimeFrame = (typeof TIMELINE_TIME_FRAMES)[number];

export const timelineMessages = {
  error: 'Error',
  smallScreen: 'View timelines graph view on screens larger than 900px.',
  noEvents: 'No timeline events',
  notTimeline: (entity: string) => `${entity} has no timeline`,
  badRange: 'The date range must start before it ends',
  rangeTooWide: 'The date range can be at most ten years wide',
  badTimeZone: (zone: string) => `'${zone}' is not a known time zone`,
} as const;

/** One event as the screens show it. */
export interface TimelineEvent {
  id: string;
  created: string;
  action: 'CREATED' | 'UPDATED' | 'DELETED' | null;
  actionTitle: string | null;
  description: string | null;
  entityId: string | null;
  groupId: string;
  recordEntity: string | null;
  recordId: string | null;
}

/** A slot of the graph (POST timeline-graph-data). Moments are wire 'YYYY-MM-DD HH:mm:ss' in UTC. */
export interface TimelineGroup {
  dateTimeGroup: { startDate: string; endDate: string };
  numberOfResults: number;
  /** The latest event of the slot. */
  firstResult: TimelineEvent;
  /** Whether the slot is an item (its card opens on click) rather than a group that zooms in. */
  showInformation: boolean;
}

export interface QuickJumpOption {
  startDate: string;
}

/** A window of the graph in epoch milliseconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

const MONTH_MS = 30 * 24 * 3600_000;

/** The default window: from the earliest event, or one month ago when that is later, to now. */
export function defaultWindow(now: number, earliest: number | null): TimeWindow {
  const monthAgo = now - MONTH_MS;
  const start = earliest !== null && earliest > monthAgo ? earliest : monthAgo;
  return { start: Math.min(start, now - TIMELINE.minSpanMs), end: now };
}

/** Zoom in: a quarter off each side, only if the window stays wider than 4 hours. */
export function zoomIn(w: TimeWindow): TimeWindow {
  const quarter = (w.end - w.start) / 4;
  const next = { start: w.start + quarter, end: w.end - quarter };
  return next.end - next.start > TIMELINE.minSpanMs ? next : w;
}

/** Zoom out: twice as wide about the same middle, only if under ten years. */
export function zoomOut(w: TimeWindow): TimeWindow {
  const half = (w.end - w.start) / 2;
  const next = { start: w.start - half, end: w.end + half };
  return next.end - next.start < TIMELINE.maxSpanMs ? next : w;
}

/** Pan by one window width: -1 back in time, 1 forward. */
export function pan(w: TimeWindow, direction: -1 | 1): TimeWindow {
  const width = w.end - w.start;
  return { start: w.start + direction * width, end: w.end + direction * width };
}

/** A group's range as a window, widened about its middle to the 4-hour minimum. */
export function zoomTo(range: TimeWindow): TimeWindow {
  const width = range.end - range.start;
  if (width > TIMELINE.minSpanMs) return range;
  const mid = (range.start + range.end) / 2;
  const half = TIMELINE.minSpanMs / 2 + 60_000;
  return { start: mid - half, end: mid + half };
}

/** The dayjs format of the graph's date labels for a window's width. */
export function labelFormat(w: TimeWindow): string {
  const hours = (w.end - w.start) / 3600_000;
  if (hours < 48) return 'DD/MM/YYYY HH:mm';
  if (hours <= 672) return 'DD/MM/YYYY';
  return 'MM/YYYY';
}

/** The moments of the graph's date labels: about six, evenly spread over the window. */
export function labelMoments(w: TimeWindow): number[] {
  const n = TIMELINE.dateLabels;
  const step = (w.end - w.start) / (n - 1);
  return Array.from({ length: n }, (_, i) => Math.round(w.start + i * step));
}

/** The list's formats (back-office 9). */
export const TIMELINE_FORMATS = {
  listTime: 'DD/MM/YYYY hh:mm:ss A',
  card: 'HH:mm DD/MM/YY',
  day: 'DD/MM/YYYY',
  month: 'MM/YYYY',
  week: 'DD/MM/YYYY',
} as const;

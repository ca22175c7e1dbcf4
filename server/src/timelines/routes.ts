import { findEntity, TimelineAction, type EntityDef } from '@hub/model';
import {
  TIMELINE,
  TIMELINE_ENTITY,
  TIMELINE_EVENTS_ENTITY,
  TIMELINE_TIME_FRAMES,
  timelineMessages,
  type QuickJumpOption,
  type TimelineEvent,
  type TimelineGroup,
} from '@hub/model/timeline';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSignedIn } from '../access/guards';
import type { Where } from '../crud/conditions';
import { timelinePeriods, timelineSlots } from '../crud/timeline';
import { BadInputError, NotFoundError } from '../core/errors';
import type { Db } from '../db/client';
import { parseBody } from '../rest/body';

/**
 * The timeline calls of back-office 7 (REST table): action types, quick-jump options and the
 * graph's groups. `{entity}` is the account entity (the one timeline entity) or the events
 * entity itself; both read the events of MehubAccountTimelineEventsEntity through the caller's
 * rights and organisation, and the conditions go through the list's condition compiler.
 */

const whereSchema = z.object({
  path: z.string().max(200),
  comparison: z.string().max(50),
  value: z.array(z.string().max(1000).nullable()).max(100).nullish(),
  case: z.string().max(50).nullish(),
});
/** Outer list ANDed, inner lists ORed: the GraphQL lists' `conditions`. */
const conditionsSchema = z.array(z.array(whereSchema).max(50)).max(50).nullish();

/** A moment in UTC: the wire's 'YYYY-MM-DD HH:mm:ss' or ISO 8601 with a zone. */
const moment = z
  .string()
  .max(40)
  .transform((raw, ctx) => {
    const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw;
    const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
    const date = new Date(text);
    // A day that does not exist (30 February) is refused, not rolled over into the next month.
    const [y, mo, d] = text.slice(0, 10).split('-').map(Number);
    const real = new Date(Date.UTC(y, mo - 1, d));
    const exists = real.getUTCFullYear() === y && real.getUTCMonth() === mo - 1 && real.getUTCDate() === d;
    if (!valid || !exists || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: "must be a moment in UTC, 'YYYY-MM-DD HH:mm:ss'" });
      return z.NEVER;
    }
    return date;
  });

const graphBody = z.object({
  conditions: conditionsSchema,
  dateRange: z.object({ startDate: moment, endDate: moment }),
});

const quickJumpBody = z.object({
  timeFrame: z.enum(TIMELINE_TIME_FRAMES).default('Months'),
  conditions: conditionsSchema,
  /** The viewer's IANA time zone, where months and weeks start (UTC when absent). */
  timeZoneId: z.string().trim().min(1).max(100).default('UTC'),
});

/** The events entity behind `{entity}`, or a 404 naming it. */
function eventsOf(name: string): EntityDef {
  const entity = findEntity(name);
  if (!entity || (entity.name !== TIMELINE_ENTITY && entity.name !== TIMELINE_EVENTS_ENTITY))
    throw new NotFoundError(timelineMessages.notTimeline(name.length > 100 ? `${name.slice(0, 100)}…` : name));
  return findEntity(TIMELINE_EVENTS_ENTITY)!;
}

/** The time zones the database knows (read once per database): Intl knows some it does not ('US/Pacific-New'). */
const zonesOf = new WeakMap<Db, Promise<Set<string>>>();

async function assertTimeZone(db: Db, zone: string): Promise<void> {
  let known = zonesOf.get(db);
  if (!known) {
    known = db.query<{ name: string }>('SELECT name FROM pg_timezone_names').then(({ rows }) => new Set(rows.map((r) => r.name)));
    known.catch(() => zonesOf.delete(db));
    zonesOf.set(db, known);
  }
  if (!(await known).has(zone)) throw new BadInputError(timelineMessages.badTimeZone(zone));
}

const wire = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export function timelineRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { entity: string } }>('/api/entity/:entity/action-types', { preHandler: requireSignedIn }, async (req) => {
    eventsOf(req.params.entity);
    return Object.values(TimelineAction.values);
  });

  app.post<{ Params: { entity: string } }>(
    '/api/entity/:entity/quick-jump-options',
    { preHandler: requireSignedIn },
    async (req): Promise<QuickJumpOption[]> => {
      eventsOf(req.params.entity);
      const body = parseBody(quickJumpBody, req.body);
      await assertTimeZone(db, body.timeZoneId);
      const starts = await timelinePeriods(
        db,
        req.caller,
        { conditions: (body.conditions ?? []) as Where[][] },
        body.timeFrame === 'Weeks' ? 'week' : 'month',
        body.timeZoneId,
        TIMELINE.maxQuickJumpOptions,
      );
      return starts.map((startDate) => ({ startDate }));
    },
  );

  app.post<{ Params: { entity: string } }>(
    '/api/entity/:entity/timeline-graph-data',
    { preHandler: requireSignedIn },
    async (req): Promise<TimelineGroup[]> => {
      eventsOf(req.params.entity);
      const body = parseBody(graphBody, req.body);
      const { startDate, endDate } = body.dateRange;
      if (endDate.getTime() <= startDate.getTime()) throw new BadInputError(timelineMessages.badRange);
      if (endDate.getTime() - startDate.getTime() > TIMELINE.maxSpanMs * 1.1) throw new BadInputError(timelineMessages.rangeTooWide);
      const slots = await timelineSlots(
        db,
        req.caller,
        { conditions: (body.conditions ?? []) as Where[][] },
        { start: startDate, end: endDate },
        TIMELINE.graphGroups,
      );
      // At the narrowest zoom a slot can no longer be opened by zooming: it shows its card.
      const cannotZoom = (endDate.getTime() - startDate.getTime()) / 2 <= TIMELINE.minSpanMs;
      return slots.map((s) => ({
        dateTimeGroup: { startDate: wire(s.start), endDate: wire(s.end) },
        numberOfResults: s.count,
        firstResult: s.latest as TimelineEvent,
        showInformation: s.count === 1 || cannotZoom,
      }));
    },
  );
}

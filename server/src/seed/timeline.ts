import type { Db } from '../db/client';

/** How far back the demo's history reaches. */
export const DEMO_HISTORY_DAYS = 60;

/**
 * The demo is made in a few seconds, so its timeline events all fall on the same minute: spread
 * them, in the order they were made (each save's events together), over the past 60 days, so a
 * fresh hub's timelines show a history to zoom, pan and jump through.
 */
export async function spreadDemoHistory(db: Db, now: Date): Promise<void> {
  await db.query(
    `WITH g AS (
       SELECT group_id, dense_rank() OVER (ORDER BY min(created), group_id) AS k, count(*) OVER () AS n
       FROM mehub_account_timeline_events GROUP BY group_id
     )
     UPDATE mehub_account_timeline_events e
     SET created = $1::timestamp - make_interval(secs => ($2::float8 * 86400) * (g.n - g.k) / greatest(g.n, 1))
     FROM g WHERE g.group_id = e.group_id`,
    [now.toISOString().replace('T', ' ').replace('Z', ''), DEMO_HISTORY_DAYS],
  );
}

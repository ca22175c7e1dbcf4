// The baseline: the same statements the hub sends, straight through the driver behind a bare Fastify route.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../server/src/db/client';

const plan = JSON.parse(readFileSync(process.env.RAW_PLAN!, 'utf8')) as { statements: { sql: string; params: unknown[] }[] };
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.DATA_DIR!);
const app = Fastify({ logger: false });
app.post('/raw', async () => {
  const [session, list, count] = plan.statements;
  await db.query(session.sql, session.params);
  const rows = await db.query<{ r: unknown }>(list.sql, list.params);
  const n = await db.query<{ n: number }>(count.sql, count.params);
  return { data: { assetEntitys: rows.rows.map((r) => r.r), countAssetEntitys: n.rows[0].n } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('raw ready');
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});

// The baseline of the search: the statements the hub sends for GET search_link_list (session
// lookup, search), straight through the driver behind a bare Fastify route: GET /raw?i=<term index>.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../server/src/db/client';

interface Statement {
  sql: string;
  params: unknown[];
}
const plan = JSON.parse(readFileSync(process.env.RAW_PLAN!, 'utf8')) as { session: Statement; searches: Statement[] };
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(process.env.DATA_DIR!);
const app = Fastify({ logger: false });
app.get<{ Querystring: { i: string } }>('/raw', async (req) => {
  const search = plan.searches[Number(req.query.i)];
  await db.query(plan.session.sql, plan.session.params);
  const { rows } = await db.query(search.sql, search.params);
  return rows;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('raw ready');
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});

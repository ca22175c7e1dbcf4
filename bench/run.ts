/**
 * npm run bench: the GraphQL lists and a write as a signed-in member against a hand-written
 * route doing the same work (bench/list.ts, bench/hand-written.ts), on PostgreSQL
 * (BENCH_DATABASE_URL) and then on PGlite; then the search, reminders, timeline, forms and
 * designer parts. Prints one line per figure beside the goal of quality.md.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { benchFiller } from './filler';
import { benchDesigner } from './designer';
import { benchList } from './list';
import { benchmarkPdf } from './pdf';
import { benchSearch } from './search';
import { benchReminders } from './reminders';
import { benchTimeline } from './timeline';

const ROOT = new URL('..', import.meta.url).pathname;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hub_bench';

const line = (name: string, value: string, goal: string) => console.log(`${name.padEnd(50)} ${value.padStart(10)}   goal: ${goal}`);

async function benchForms(): Promise<void> {
  console.log('\n== Forms');
  const pdf = await benchmarkPdf(50, 20);
  line('submission PDF, 50 questions (median)', `${pdf.medianMs.toFixed(1)} ms`, '<= 300 ms');
  line('submission PDF, 50 questions (first, cold)', `${pdf.firstMs.toFixed(1)} ms`, '-');
  await benchFiller(line);
}

async function benchFormDesigner(webDist?: string): Promise<void> {
  console.log('\n== Form designer');
  await benchDesigner(line, { webDist });
}

// BENCH_ONLY=list, search, reminders, timeline, forms or designer runs one part; BENCH_ENGINE=postgres or pglite one engine of the list.
const part = process.env.BENCH_ONLY;
const only = process.env.BENCH_ENGINE;
if (!part || part === 'list') {
  // The list runs against the built hub (the forms part builds its own page, bench/filler/).
  const web = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
  if (build.status !== 0 || web.status !== 0) process.exit(1);
  await benchList(line, PG_URL, only);
}
if (!part || part === 'search') {
  if (part === 'search') {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  await benchSearch(line, PG_URL);
}
// The reminder job over 100,000 assets and 50,000 licences (BENCH_ENGINE picks one engine here too).
if (!part || part === 'reminders') await benchReminders(line, PG_URL, only);
if (!part || part === 'timeline') {
  if (part === 'timeline') {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  await benchTimeline(line, PG_URL);
}
if (!part || part === 'forms') await benchForms();
// The designer runs on the hub's web app: the one the list part built, else its own build.
if (!part || part === 'designer') await benchFormDesigner(!part ? join(ROOT, 'web/dist') : undefined);

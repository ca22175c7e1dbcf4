import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, SESSION_COOKIE } from '../server/src/auth/session';
import { openPglite } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { diskStorage } from '../server/src/files/storage';
import { seedDemo } from '../server/src/seed/demo';
import { startProcess, stop } from './process';

/**
 * Bulk download memory (issue 11): the server's resident memory while it streams a zip of 20
 * and of 200 documents of 1 MB each. Constant memory means the peak does not grow with the
 * count (a server that buffered the zip would hold 200 MB more for 200 files).
 * Run: npx tsx bench/bulk-download.ts (BENCH_BULK_PORT, default 3921).
 */

const ROOT = new URL('..', import.meta.url).pathname;
const FILES = 200;
const FILE_BYTES = 1_000_000;
const PORT = process.env.BENCH_BULK_PORT ?? '3921';

/** Resident memory of a process in MB, from /proc (Linux). */
const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hub-bench-bulk-'));
  const db = await openPglite(dir);
  await migrate(db, join(ROOT, 'server/src/db/migrations'));
  await seedDemo(db, { force: true });
  const storage = diskStorage(join(dir, 'files'));
  const { rows: orgs } = await db.query<{ id: string }>("SELECT id FROM member_organisation WHERE member_code = 'DEMO1'");
  const { rows: types } = await db.query<{ id: string }>("SELECT id FROM document_types WHERE name = 'SWMS'");
  const ids: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const key = await storage.put(Buffer.alloc(FILE_BYTES, i % 251));
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO document (document_name, status, member_organisation_id, annual_review) VALUES ($1, 'ACTIVE', $2, true) RETURNING id`,
      [`Bench document ${i}`, orgs[0].id],
    );
    const file = await db.query<{ id: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key, owner_entity, owner_id) VALUES ($1, 'application/pdf', $2, $3, 'DocumentEntity', $4) RETURNING id`,
      [`Bench document ${i}.pdf`, FILE_BYTES, key, rows[0].id],
    );
    await db.query('UPDATE document SET document_upload_id = $1 WHERE id = $2', [file.rows[0].id, rows[0].id]);
    await db.query('INSERT INTO link_document_types_documents (document_types_id, documents_id) VALUES ($1, $2)', [
      types[0].id,
      rows[0].id,
    ]);
    ids.push(rows[0].id);
  }
  const { rows: users } = await db.query<{ id: string }>("SELECT id FROM mehub_account WHERE email = 'safetymanager@sparkright.example'");
  const cookie = await createSession(db, users[0].id, 'account', 12);
  await db.close();

  const hub = await startProcess(
    ['--import', 'tsx', 'server/src/main.ts'],
    { DATA_DIR: dir, PORT, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    /ready on/,
  );
  try {
    console.log(`\n== Bulk download, ${FILES} documents of ${FILE_BYTES / 1e6} MB (server RSS sampled every 20 ms)`);
    const rows: string[] = [];
    for (const count of [20, 200, 20, 200]) {
      if (global.gc) global.gc();
      await new Promise((r) => setTimeout(r, 500));
      const before = rssMb(hub.pid!);
      let peak = before;
      const timer = setInterval(() => (peak = Math.max(peak, rssMb(hub.pid!))), 20);
      const started = Date.now();
      // GET, as the web app calls it: 200 ids make a 9.6 kB address, under Node's 16 kB header limit.
      const query = ids
        .slice(0, count)
        .map((id) => `documentId=${id}`)
        .join('&');
      const res = await fetch(`http://127.0.0.1:${PORT}/api/files/bulkDocuments?${query}`, {
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      if (res.status !== 200) throw new Error(`bulk download answered ${res.status}: ${await res.text()}`);
      let bytes = 0;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
      clearInterval(timer);
      const ms = Date.now() - started;
      const length = Number(res.headers.get('content-length'));
      rows.push(
        `${String(count).padStart(4)} files  ${(bytes / 1e6).toFixed(1).padStart(6)} MB in ${String(ms).padStart(5)} ms` +
          `  RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)` +
          `  Content-Length ${length === bytes ? 'exact' : `WRONG (${length})`}`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await stop(hub);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

import { join } from 'node:path';
import { MB } from '@hub/model';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError, openPglite, openPostgres, type Db } from './db/client';
import { migrate } from './db/migrate';
import { diskStorage, sweepStorage, type FileStorage } from './files/storage';
import { UPLOAD_LIMITS } from './files/limits';
import { DEMO_PASSWORD, demoSignIns } from './seed/demo';
import { seedFirstStart } from './seed/first-start';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Migrations sit beside the source in development and are copied beside the bundle by the build. */
const migrationsDir = process.env.MIGRATIONS_DIR || join(here, here.endsWith('dist/') ? 'migrations' : 'db/migrations');

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  // The upload limits of this process (files/limits.ts; tests set them directly).
  UPLOAD_LIMITS.organisationBytes = config.uploads.storageQuotaMb * MB;
  UPLOAD_LIMITS.accountBytesPerHour = config.uploads.uploadRateMbPerHour * MB;
  let db: Db;
  try {
    db = config.databaseUrl
      ? await openPostgres(config.databaseUrl, undefined, { statementTimeoutMs: config.statementTimeoutMs })
      : await openPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await migrate(db, migrationsDir);
  const filesDir = join(config.dataDir, 'files');
  // Files in the S3 bucket when one is configured (several servers share it), else on local disk.
  let storage: FileStorage;
  if (config.s3) {
    // Loaded only when used: the AWS SDK is large, and a hub on local disk never needs it.
    const { s3Storage } = await import('./files/s3-storage');
    const s3 = s3Storage(config.s3);
    try {
      await s3.check();
    } catch (err) {
      console.error((err as Error).message);
      await db.close();
      process.exit(1);
    }
    storage = s3;
  } else storage = diskStorage(filesDir);
  const seeded = await seedFirstStart(db, { demo: config.seedDemo || !config.databaseUrl, storage }, (msg, err) => console.error(msg, err));
  if (!config.s3) {
    // Uploads a crash cut short (kill -9) were left in the staging directory: remove them.
    const swept = await sweepStorage(filesDir, { shared: Boolean(config.databaseUrl), startedAt: new Date(started) });
    if (swept) console.log(`Removed ${swept} partial upload${swept === 1 ? '' : 's'} left by an earlier run`);
  }
  const app = await buildApp({ config, db, storage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await db.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: when that wrapper dies,
  // even by kill -9, the channel closes and the hub stops too, rather than live on unseen
  // holding the port and the database while a supervisor starts a new one.
  if (process.send) process.on('disconnect', () => void shutdown('npm start ended'));

  await app.listen({ port: config.port, host: config.host });
  const where = `${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}${config.s3 ? `, files in S3 bucket ${config.s3.bucket}` : ''}`;
  // The demo sign-ins first, the ready line last: whoever waits for 'ready on' has read everything.
  if (seeded !== 'none') {
    console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const line of demoSignIns()) console.log(`  ${line}`);
  }
  // Scheduled work after listen, so a long start-up run never delays the first requests.
  if (config.jobs.enabled) await app.jobRunner.start();
  else console.log('Scheduled jobs are switched off on this server (JOBS_ENABLED=false)');
  console.log(`\nSafety hub ready on http://localhost:${config.port} (${where}) in ${Date.now() - started} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

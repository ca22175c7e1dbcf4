import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart-body';
import { UPLOAD_LIMITS } from '../files/limits';
import { sweepStorage } from '../files/storage';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * Uploads after the attack run (issue 8, second pass): a stalled upload is timed out and
 * leaves nothing, a caller sends a bounded number of uploads at once and all requests
 * together stage a bounded number of bytes (1); a crash leaves no partial file behind
 * (2); client text echoed in an error is cut short (3).
 */
let h: Harness;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-security-uploads2-'));
const filesDir = join(dataDir, 'files');
const stagingDir = join(dataDir, 'files-staging');
const defaults = { ...UPLOAD_LIMITS };
beforeAll(async () => {
  h = await startHarness({ config: { dataDir } });
});
beforeEach(async () => {
  await h.reset();
  for (const dir of [filesDir, stagingDir]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
});
afterEach(() => {
  Object.assign(UPLOAD_LIMITS, defaults);
});
afterAll(() => h.close());

const onDisk = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);
const fileRows = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file')).rows[0].n);

const ATTACH = `mutation($m: [AssetAttachmentsEntityInput!]!) {
  r: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id attachmentsId attachments { fileName size } } }`;

async function assetOf(who: string): Promise<string> {
  const res = await h.gql<{ assetEntitys: { id: string }[] }>(who, `{ assetEntitys(take: 1) { id } }`);
  return res.data!.assetEntitys[0].id;
}

/** An asset attachment upload of `size` bytes of text. */
async function attachment(who: string, size: number, filename = 'notes.txt') {
  return encodeMultipart([
    {
      name: 'operations',
      value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: await assetOf(who), attachments: null }] } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
    { name: '0', data: Buffer.alloc(size, 'a'), filename },
  ]);
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

/** Sends a multipart body through a stream the test controls: `sent` is what has gone so far. */
function streamed(who: string, type: string) {
  const payload = new PassThrough();
  const answer = h.app
    .inject({ method: 'POST', url: '/api/graphql', headers: { 'content-type': type, ...h.headers(who) }, payload })
    .then((res): Answer => ({ status: res.statusCode, headers: res.headers, body: res.json() }));
  return { payload, answer };
}

async function send(who: string, body: { body: Buffer; type: string }): Promise<Answer> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': body.type, ...h.headers(who) },
    payload: body.body,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (an upload has reached the server), at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await sleep(10);
  expect(check()).toBe(true);
}

describe('uploads are bounded in time, per caller and together (issue 8, second pass, 1)', () => {
  it('refuses a stalled upload (408) and removes what it staged', async () => {
    UPLOAD_LIMITS.idleMs = 300;
    const { body, type } = await attachment(SPARK_MANAGER, 200_000);
    const { payload, answer } = streamed(SPARK_MANAGER, type);
    payload.write(body.subarray(0, body.length - 50_000));
    // Then nothing more: the server gives up after the idle time.
    const res = await answer;
    expect(res.status).toBe(408);
    expect(res.body.errors![0].message).toBe('The upload stalled: nothing arrived for 1 second. Please send it again.');
    expect(res.headers.connection).toBe('close');
    await until(() => onDisk(stagingDir) + onDisk(filesDir) === 0);
    expect(await fileRows()).toBe(0);
    payload.destroy();
  }, 10_000);

  it('refuses an upload that trickles in and then stops, however long it kept moving', async () => {
    UPLOAD_LIMITS.idleMs = 300;
    const { body, type } = await attachment(SPARK_MANAGER, 20_000);
    const { payload, answer } = streamed(SPARK_MANAGER, type);
    for (let i = 0; i < 8; i++) {
      payload.write(body.subarray(i * 1000, (i + 1) * 1000));
      await sleep(100);
    }
    expect((await answer).status).toBe(408);
    payload.destroy();
  }, 10_000);

  it('accepts a slow upload that keeps moving, longer than the idle time in all', async () => {
    UPLOAD_LIMITS.idleMs = 300;
    const { body, type } = await attachment(SPARK_MANAGER, 40_000);
    const { payload, answer } = streamed(SPARK_MANAGER, type);
    const step = Math.ceil(body.length / 10);
    for (let i = 0; i < 10; i++) {
      payload.write(body.subarray(i * step, (i + 1) * step));
      await sleep(120);
    }
    payload.end();
    const res = await answer;
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
    expect(await fileRows()).toBe(1);
    expect(onDisk(filesDir)).toBe(1);
    expect(onDisk(stagingDir)).toBe(0);
  }, 10_000);

  it('lets a caller send 3 uploads at once; the next is refused (429) until one finishes', async () => {
    const { body, type } = await attachment(SPARK_MANAGER, 50_000);
    const open = [1, 2, 3].map(() => streamed(SPARK_MANAGER, type));
    for (const o of open) o.payload.write(body.subarray(0, body.length - 10_000));
    await until(() => onDisk(stagingDir) === 3);
    const fourth = await send(SPARK_MANAGER, { body, type });
    expect(fourth.status).toBe(429);
    expect(fourth.body.errors![0].message).toBe('You are already sending 3 uploads; wait for one to finish.');
    // Someone else is not held up by this caller.
    const other = await send(VOLT_MANAGER, await attachment(VOLT_MANAGER, 1000));
    expect(other.status).toBe(200);
    // One finishes: the caller may send again.
    open[0].payload.end(body.subarray(body.length - 10_000));
    expect((await open[0].answer).status).toBe(200);
    expect((await send(SPARK_MANAGER, { body, type })).status).toBe(200);
    for (const o of open.slice(1)) o.payload.end(body.subarray(body.length - 10_000));
    for (const o of open.slice(1)) expect((await o.answer).status).toBe(200);
    expect(await fileRows()).toBe(5);
  }, 15_000);

  it('refuses uploads (503, Retry-After) while all requests together stage too much, and keeps nothing of them', async () => {
    UPLOAD_LIMITS.stagingBytes = 150_000;
    const { body, type } = await attachment(SPARK_MANAGER, 120_000);
    const held = streamed(SPARK_MANAGER, type);
    held.payload.write(body.subarray(0, body.length - 10_000));
    await until(() => onDisk(stagingDir) === 1);
    await sleep(50);
    const refused = await send(SPARK_WORKER, await attachment(SPARK_WORKER, 100_000));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body.errors![0].message).toBe('The hub is receiving too many uploads at the moment. Please try again in a minute.');
    expect(onDisk(stagingDir)).toBe(1);
    held.payload.end(body.subarray(body.length - 10_000));
    expect((await held.answer).status).toBe(200);
    // Once the held upload is stored, there is room again.
    expect((await send(SPARK_WORKER, await attachment(SPARK_WORKER, 100_000))).status).toBe(200);
    expect(await fileRows()).toBe(2);
    expect(onDisk(stagingDir)).toBe(0);
  }, 15_000);
});

describe('a crash leaves no partial upload behind (issue 8, second pass, 2)', () => {
  it('stages an upload apart and moves it into place only when complete', async () => {
    const { body, type } = await attachment(SPARK_MANAGER, 100_000);
    const { payload, answer } = streamed(SPARK_MANAGER, type);
    payload.write(body.subarray(0, body.length - 10_000));
    await until(() => onDisk(stagingDir) === 1);
    expect(onDisk(filesDir)).toBe(0);
    payload.end(body.subarray(body.length - 10_000));
    expect((await answer).status).toBe(200);
    expect(onDisk(stagingDir)).toBe(0);
    expect(onDisk(filesDir)).toBe(1);
  });

  it('removes at start-up what a killed hub left half-written, and keeps stored files', async () => {
    const kept = await send(SPARK_MANAGER, await attachment(SPARK_MANAGER, 1000));
    expect(kept.status).toBe(200);
    const [stored] = readdirSync(filesDir);
    const earlier = new Date(Date.now() - 60_000);
    // A partial upload, and a stored file without a row (another database's, or one whose row is still to come).
    const partial = join(stagingDir, 'a6c1f2d4-0000-4000-8000-000000000001');
    const unreferred = join(filesDir, 'a6c1f2d4-0000-4000-8000-000000000002');
    writeFileSync(partial, 'half');
    writeFileSync(unreferred, 'no row');
    for (const f of [join(filesDir, stored), partial, unreferred]) utimesSync(f, earlier, earlier);
    expect(await sweepStorage(filesDir, { shared: false, startedAt: new Date() })).toBe(1);
    expect(existsSync(partial)).toBe(false);
    expect(readdirSync(filesDir).sort()).toEqual([stored, 'a6c1f2d4-0000-4000-8000-000000000002'].sort());
    const id = (kept.body.data as { r: { attachmentsId: string }[] }).r[0].attachmentsId;
    const res = await h.app.inject({ url: `/api/files/${id}`, headers: h.headers(SPARK_MANAGER) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(1000);
  });

  it('with a shared database and file store, leaves recent staged files alone (another server may be writing them)', async () => {
    const recent = join(stagingDir, 'b6c1f2d4-0000-4000-8000-000000000001');
    const old = join(stagingDir, 'b6c1f2d4-0000-4000-8000-000000000003');
    for (const f of [recent, old]) writeFileSync(f, 'x');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(recent, tenMinutesAgo, tenMinutesAgo);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepStorage(filesDir, { shared: true, startedAt: new Date() })).toBe(1);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(old)).toBe(false);
  });
});

describe('client text echoed in an error is cut short (issue 8, second pass, 3)', () => {
  const long = 'A'.repeat(80_000);
  const expectShort = (res: Answer, start: string) => {
    expect(res.status).toBe(400);
    const message = res.body.errors![0].message;
    expect(message.startsWith(start)).toBe(true);
    expect(message).toContain(`${'A'.repeat(100)}…'`);
    expect(message.length).toBeLessThan(300);
  };

  it('in multipart part names and map paths', async () => {
    const operations = {
      name: 'operations',
      value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: await assetOf(SPARK_MANAGER), attachments: null }] } }),
    };
    expectShort(await send(SPARK_MANAGER, await encodeMultipart([operations, { name: long, value: 'x' }])), "Unknown multipart field 'AAA");
    expectShort(
      await send(SPARK_MANAGER, await encodeMultipart([operations, { name: 'map', value: JSON.stringify({ 0: [long] }) }])),
      "The map path 'AAA",
    );
    expectShort(
      await send(
        SPARK_MANAGER,
        await encodeMultipart([
          operations,
          { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
          { name: long, data: Buffer.from('x'), filename: 'a.txt' },
        ]),
      ),
      "The file part 'AAA",
    );
  });

  it('in GraphQL errors that quote the query or its variables', async () => {
    const field = await h.gql(SPARK_MANAGER, `{ ${long} }`);
    expect(field.errors![0].message.length).toBeLessThan(300);
    expect(field.errors![0].message).toContain('…');
    const variable = await h.gql(SPARK_MANAGER, `query($n: Int) { assetEntitys(take: $n) { id } }`, { n: long });
    expect(variable.errors![0].message.length).toBeLessThan(300);
    expect(variable.errors![0].message).toContain('…');
  });
});

import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { StagingFullError, TooManyUploadsError, UPLOAD_LIMITS, admitUpload, clip, watchIdle } from './limits';

const defaults = { ...UPLOAD_LIMITS };
afterEach(() => void Object.assign(UPLOAD_LIMITS, defaults));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('admitUpload', () => {
  it('admits a few uploads per caller, and gives the slot back once', () => {
    const tickets = [1, 2, 3].map(() => admitUpload('a'));
    expect(() => admitUpload('a')).toThrow(TooManyUploadsError);
    admitUpload('b').release();
    tickets[0].release();
    tickets[0].release(); // twice changes nothing
    const again = admitUpload('a');
    expect(() => admitUpload('a')).toThrow(TooManyUploadsError);
    for (const t of [again, ...tickets.slice(1)]) t.release();
  });

  it('refuses bytes past what all requests may stage together, and frees them on release', () => {
    UPLOAD_LIMITS.stagingBytes = 100;
    const a = admitUpload('a');
    const b = admitUpload('b');
    a.take(60);
    expect(() => b.take(41)).toThrow(StagingFullError);
    b.take(40);
    expect(() => admitUpload('c')).toThrow(StagingFullError);
    a.release();
    b.take(50);
    b.release();
    admitUpload('c').release();
  });
});

describe('watchIdle', () => {
  it('fires only when no byte arrived for the idle time', async () => {
    const body = new PassThrough();
    body.resume();
    let fired = false;
    watchIdle(body, () => (fired = true), 150);
    for (let i = 0; i < 5; i++) {
      body.write('x');
      await sleep(60);
    }
    expect(fired).toBe(false);
    await sleep(200);
    expect(fired).toBe(true);
  });

  it('stops watching when the body ends', async () => {
    const body = new PassThrough();
    body.resume();
    let fired = false;
    watchIdle(body, () => (fired = true), 50);
    body.end('x');
    await sleep(120);
    expect(fired).toBe(false);
  });
});

it('clip cuts client text to 100 characters', () => {
  expect(clip('a'.repeat(100))).toBe('a'.repeat(100));
  expect(clip('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
});

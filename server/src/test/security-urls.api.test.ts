import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, startHarness, type Harness } from './harness';

/**
 * What the address itself carries (its encoding, its length, a parameter given twice) is
 * the client's to get wrong: a 4xx in the hub's own error shape, never a 500 or the web
 * framework's internal codes.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const body = (res: { json(): unknown }) => res.json() as { errors?: { message: string }[] } & Record<string, unknown>;

describe('addresses a client got wrong', () => {
  it.each([
    ['/api/files/%zz', 400, 'The address is not valid'],
    ['/api/files/%ED%A0%80', 400, 'The address is not valid'],
    [`/api/files/${'a'.repeat(300)}`, 414, 'The address is too long'],
    [`/api/files/metadata/${'b'.repeat(300)}`, 414, 'The address is too long'],
  ])('%s answers %i with a message in the hub shape', async (url, status, message) => {
    const res = await h.app.inject({ method: 'GET', url, headers: h.headers(SPARK_MANAGER) });
    expect(res.statusCode).toBe(status);
    const json = body(res);
    expect(json.errors).toEqual([{ message }]);
    expect(json.code).toBeUndefined();
  });

  it.each([
    '/api/account/valid-2fa?userName=a&userName=b',
    '/api/files/00000000-0000-4000-8000-000000000000?download=true&download=false',
    '/api/entity/AssetEntity/export?stringConditions=a&stringConditions=b',
  ])('a query parameter given twice is refused, not a 500: %s', async (url) => {
    const res = await h.app.inject({ method: 'GET', url, headers: h.headers(SPARK_MANAGER) });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[0].message).toMatch(/^The query parameter '\w+' is given more than once$/);
  });

  it('a page of the web app with a repeated parameter is still the page', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets?tab=a&tab=b' });
    // The harness has no built web app (503 'not built'); what matters is no refusal.
    expect(res.statusCode).not.toBe(400);
  });

  describe('an encoded spelling of an API address gets the same checks', () => {
    it('a NUL byte in sign-in through /%61pi/ is a 400', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/%61pi/authorization/login',
        headers: h.headers(null),
        payload: { username: 'worker@sparkright.example\u0000', password: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.[0].message).toMatch(/NUL/);
    });

    it('a repeated query parameter through /%61pi/ is a 400', async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: '/%61pi/entity/AssetEntity/export?stringConditions=[]&stringConditions=[]',
        headers: h.headers(SPARK_MANAGER),
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.[0].message).toBe("The query parameter 'stringConditions' is given more than once");
    });

    it('a signed-in member through /%61pi/ is still signed in (and still scoped)', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/%61pi/account/me', headers: h.headers(SPARK_MANAGER) });
      expect(res.statusCode).toBe(200);
    });
  });
});

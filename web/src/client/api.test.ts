import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, expects401, resetSessionEnded } from './api';
import { postForBlob } from './download';
import { graphqlRequest, GraphqlError } from './graphql';

/** member-site.md section 7: 'a 401 network error triggers logout redirecting back to the current path'. */
const assign = vi.fn();
const fetchMock = vi.fn();

const answer = (status: number, body: unknown = { errors: [{ message: 'You are not signed in' }] }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Where the browser was sent: the sign-out route, and from there the sign-in page with the way back. */
function destination(): { path: string; back: string | null; clean: string | null } {
  expect(assign).toHaveBeenCalledTimes(1);
  const url = new URL(assign.mock.calls[0][0] as string, 'https://hub.example');
  const signIn = new URL(url.searchParams.get('redirect') ?? '', 'https://hub.example');
  expect(signIn.pathname).toBe('/admin_login');
  return { path: url.pathname, back: signIn.searchParams.get('redirect'), clean: url.searchParams.get('clean') };
}

const realLocation = window.location;
/** The browser at `path` (jsdom's location cannot be spied on: a stand-in with the parts the client reads). */
function at(path: string) {
  const url = new URL(path, 'https://hub.example');
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...realLocation, pathname: url.pathname, search: url.search, assign },
  });
}

beforeEach(() => {
  resetSessionEnded();
  assign.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  at('/safety-form/f1/slide/2/?x=1');
  sessionStorage.setItem('recentActivityShown', 'true');
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the 401 rule', () => {
  it('a REST 401 (a draft check) signs out and returns to the current path, forgetting the session storage', async () => {
    fetchMock.mockResolvedValueOnce(answer(401));
    const call = api('GET', '/api/entity/FormSubmissionsEntity/hasDraft/f1');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(destination()).toEqual({ path: '/api/authorization/logout', back: '/safety-form/f1/slide/2/?x=1', clean: 'true' });
    expect(sessionStorage.getItem('recentActivityShown')).toBeNull();
  });

  it('a GraphQL 401 and a PDF download 401 go the same way', async () => {
    fetchMock.mockResolvedValueOnce(answer(401));
    await expect(graphqlRequest('{ a }')).rejects.toBeInstanceOf(GraphqlError);
    expect(destination().back).toBe('/safety-form/f1/slide/2/?x=1');

    resetSessionEnded();
    assign.mockReset();
    fetchMock.mockResolvedValueOnce(answer(401));
    await expect(postForBlob('/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: 's' })).rejects.toMatchObject({ status: 401 });
    expect(destination().path).toBe('/api/authorization/logout');
  });

  it('several calls failing at once sign out once', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(401)));
    await Promise.allSettled([api('GET', '/api/entity/FormsEntity/form_type/INCIDENT'), graphqlRequest('{ a }'), api('DELETE', '/api/x')]);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a 401 that is an answer stays an error for its caller: /api/account/me (signed out) and the sign-in routes', async () => {
    for (const path of ['/api/account/me', '/api/authorization/login', '/api/authorization/validate-2fa']) {
      fetchMock.mockResolvedValueOnce(answer(401, { errors: [{ message: 'Invalid username or password' }] }));
      await expect(api(path === '/api/account/me' ? 'GET' : 'POST', path, {})).rejects.toMatchObject({
        status: 401,
        message: 'Invalid username or password',
      });
    }
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('recentActivityShown')).toBe('true');
    expect(expects401('/api/account/me?x=1')).toBe(true);
    expect(expects401('/api/account/mentions')).toBe(false);
    expect(expects401('/api/account/has-keys')).toBe(false);
  });

  it('a caller may keep a 401 for itself; other failures never sign out', async () => {
    fetchMock.mockResolvedValueOnce(answer(401));
    await expect(api('GET', '/api/account/has-keys', undefined, { redirectOn401: false })).rejects.toMatchObject({ status: 401 });
    fetchMock.mockResolvedValueOnce(answer(403, { errors: [{ message: 'Forbidden' }] }));
    await expect(api('GET', '/api/jobs')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    fetchMock.mockResolvedValueOnce(answer(500, null));
    await expect(api('GET', '/api/jobs')).rejects.toMatchObject({ message: 'The server answered 500' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does nothing on the sign-in page itself (no loop)', async () => {
    at('/admin_login?redirect=%2Fhome');
    fetchMock.mockResolvedValueOnce(answer(401));
    await expect(graphqlRequest('{ a }')).rejects.toBeInstanceOf(GraphqlError);
    expect(assign).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH, safePath } from './safe-path';

/** Where a browser would go from https://hub.example if it followed `Location: <path>`. */
const landsOn = (path: string) => {
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash.
  const url = new URL(path.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), 'https://hub.example/admin_login');
  return url.origin;
};

/** Return paths an attacker would try: each must come back as '/'. */
const HOSTILE_RETURN_PATHS: string[] = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0d%0aSet-Cookie:%20x=1',
  '/\r\nSet-Cookie: x=1',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%255Cevil.example',
  'https://evil.example',
  'HTTPS://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  ' /home',
  '/home ',
  '/ho me',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\u0000',
  '/%00',
  '/\u007f',
  '/\u0085',
  'evil.example',
  '',
  '/..//evil.example',
  '/./',
  '/%2e%2e//evil.example',
  '/assets/../..//evil.example',
  '/%E0%A4%A',
  '/%',
  '/%zz',
  '/\uD800',
  `/${'a'.repeat(MAX_RETURN_PATH)}`,
];

describe('safePath', () => {
  it('keeps a same-origin path with its query and fragment', () => {
    for (const path of [
      '/',
      '/home',
      '/assets?x=1',
      '/admin/users?redirect=%2Fadmin',
      '/home#news',
      '/admin/asset/edit/{id}',
      '/a-b_c.d~e',
    ])
      expect(safePath(path)).toBe(path);
  });

  it('keeps an encoded space or percent in the query', () => {
    expect(safePath('/assets?search=fire%20extinguisher')).toBe('/assets?search=fire%20extinguisher');
    expect(safePath('/assets?discount=100%25')).toBe('/assets?discount=100%25');
  });

  it('percent-encodes characters outside ASCII, so the Location header stays valid', () => {
    expect(safePath('/assets?q=caf\u00e9')).toBe('/assets?q=caf%C3%A9');
    expect(safePath('/\u20ac')).toBe('/%E2%82%AC');
  });

  it('reduces anything that is not a string to /', () => {
    for (const value of [null, undefined, 42, ['/home'], { path: '/home' }]) expect(safePath(value)).toBe('/');
  });

  it.each(HOSTILE_RETURN_PATHS.map((p) => [JSON.stringify(p).slice(0, 60), p]))('reduces %s to /', (_label, path) => {
    expect(safePath(path)).toBe('/');
  });

  it('never gives a path a browser would follow off the site', () => {
    const tricky = [...HOSTILE_RETURN_PATHS, '/home', '/a/b?c=d#e', '/%5C%5C', '/x?y=//evil.example', '/x#//evil.example'];
    for (const path of tricky) {
      const out = safePath(path);
      expect(out.startsWith('/') && !out.startsWith('//')).toBe(true);
      expect(out).toMatch(/^[\x21-\x7e]+$/);
      expect(landsOn(out)).toBe('https://hub.example');
    }
  });
});

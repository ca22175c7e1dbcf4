import { describe, expect, it } from 'vitest';
import { activityPath } from './ActivityList';
import { linkTarget } from './links';

describe('where a link from the server may lead', () => {
  it('keeps hub paths and http(s) addresses', () => {
    expect(linkTarget('/safety-form/f1')).toEqual({ kind: 'internal', to: '/safety-form/f1' });
    expect(linkTarget('/documentlibrary#mea-master-library')).toEqual({ kind: 'internal', to: '/documentlibrary#mea-master-library' });
    expect(linkTarget('https://standards.example/a b')).toEqual({ kind: 'external', href: 'https://standards.example/a%20b' });
    expect(linkTarget('HTTP://example.com')).toEqual({ kind: 'external', href: 'http://example.com/' });
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/\\evil.example',
    '/%2F/evil.example',
    '/\tx',
    '/a\u0000b',
    'https://',
    'mailto:a@b.example',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(linkTarget(value as string | null | undefined)).toBeNull();
  });

  it('activity opens hub paths only', () => {
    expect(activityPath('/user-submissions/INCIDENT/f/view/s')).toBe('/user-submissions/INCIDENT/f/view/s');
    for (const url of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/%5Cevil'])
      expect(activityPath(url)).toBeNull();
  });
});

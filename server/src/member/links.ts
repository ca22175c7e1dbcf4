import { safePath } from '@hub/model';

/**
 * A stored address (a safety link's create or view, a standard's link, a document's link) as
 * the member site may offer it: a path of the hub, or an absolute http(s) address. Anything
 * else (`javascript:`, `//host`, a relative path, a path that safePath refuses) is null, so a
 * record cannot turn a member's click into script or a hidden hop to another site.
 */
export function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (v.startsWith('/')) {
    const path = safePath(v);
    return path === '/' && v !== '/' ? null : path;
  }
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

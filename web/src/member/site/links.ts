import { safePath } from '@hub/model/safe-path';

/**
 * Where a link from the server may lead: a path of the hub (opened through the router) or an
 * absolute http(s) address (opened in a new tab); anything else (javascript:, //host, data:)
 * is no link at all.
 */
export type Target = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export function linkTarget(value: string | null | undefined): Target | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  if (value.startsWith('/')) {
    const to = safePath(value);
    return to === '/' && value !== '/' ? null : { kind: 'internal', to };
  }
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'external', href: url.href } : null;
  } catch {
    return null;
  }
}

/** Attributes of a link that opens another site in a new tab. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

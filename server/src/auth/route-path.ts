import type { FastifyRequest } from 'fastify';

/**
 * The path a request is routed by, for the checks that depend on it (session, anti-forgery,
 * query and NUL guards): the matched route's pattern, else the decoded address. The router
 * decodes `/%61pi/...` into `/api/...`, so a check on the raw address would let an encoded
 * spelling of a route skip it.
 */
export function routedPath(req: FastifyRequest): string {
  // Asked by several hooks on every request; Fastify's routeOptions builds a new object each time.
  let path = routed.get(req);
  if (path === undefined) routed.set(req, (path = readRoutedPath(req)));
  return path;
}

const routed = new WeakMap<FastifyRequest, string>();

function readRoutedPath(req: FastifyRequest): string {
  const matched = req.routeOptions.url;
  if (matched) return matched;
  const raw = req.url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the JSON API (`/api/...`), however its address is spelt. */
export const isApiRequest = (req: FastifyRequest): boolean => routedPath(req).startsWith('/api/');

/** The slide number of {routePath}/slide/{n}/, or 1 when missing or out of range. */
export function slideFromPath(pathname: string, routePath: string, count: number): number {
  const base = routePath.replace(/\/+$/, '');
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const match = /^\/slide\/(\d+)\/?$/.exec(rest);
  const n = match ? Number(match[1]) : 1;
  return n >= 1 && n <= count ? n : 1;
}

/** The part of `pathname` after `routePath` when it is the filler's own address (the base or a slide), else null. */
export function fillerPath(pathname: string, routePath: string): string | null {
  const base = routePath.replace(/\/+$/, '');
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  const rest = pathname.slice(base.length);
  return rest === '' || rest === '/' || /^\/slide\/[^/]*\/?$/.test(rest) ? rest : null;
}

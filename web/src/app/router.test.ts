import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_READY } from '../member/site/menu';
import { HOME_TILES } from '../member/site/HomeTiles';
import { router } from './router';

describe('the menu and the tiles lead to pages that exist', () => {
  it('every page the menu table calls ready has a route, and none that is not ready does', () => {
    for (const [path, ready] of Object.entries(PAGE_READY)) {
      const match = matchRoutes(router.routes, path)?.at(-1)?.route.path;
      expect(match === '*' ? false : !!match, path).toBe(ready);
    }
  });

  it('every internal home tile lands on a route', () => {
    for (const tile of HOME_TILES) {
      if (!('to' in tile.target)) continue;
      const to = PAGE_READY[tile.target.to] ? tile.target.to : tile.target.until;
      expect(to, tile.label).toBeTruthy();
      expect(matchRoutes(router.routes, to!.replace(/#.*$/, ''))?.at(-1)?.route.path, tile.label).not.toBe('*');
    }
  });
});

describe('the paged asset addresses (/assets-{pageNo}/...)', () => {
  const routeOf = (path: string) => matchRoutes(router.routes, path)?.at(-1)?.route.path;

  it('never shadow a page with a static first segment (the back-office create screen was once the 404 page)', () => {
    expect(routeOf('/admin/assetentity/create')).toBe('/admin/*');
    expect(routeOf('/admin/assetentity/view/3b0c9a34-1f3a-4c55-9a3e-2f6a6f0b1c01')).toBe('/admin/*');
    expect(routeOf('/safety-form/3b0c9a34-1f3a-4c55-9a3e-2f6a6f0b1c01/create')).toBe('/safety-form/:formId/*');
    expect(routeOf('/users/create')).toBe('/users/create');
  });

  it('route /assets-2 and its sub-pages to the asset pages', () => {
    for (const path of ['/assets-2', '/assets-2/create', '/assets-2/view/x', '/assets-3/x/create']) expect(routeOf(path)).toBe('/:page/*');
  });
});

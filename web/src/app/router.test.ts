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

// Mantine reads media queries and observes sizes; jsdom has neither.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

// The machines running the suite are shared and often loaded: findBy*/waitFor wait up to 5 s
// (a real failure still fails, only later) instead of Testing Library's 1 s default.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot unmount by itself: every file's screens
// are unmounted after each test, so nothing (a popover's transition) runs once its environment is gone.
afterEach(cleanup);

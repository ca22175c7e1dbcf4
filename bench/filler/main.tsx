/**
 * The filler benchmark's page, built from the web's own components by bench/filler/vite.config.ts
 * into bench/dist/filler (never part of the hub's bundle). It wraps the page in the providers
 * the hub's App gives every page and loads it on demand, as the hub loads its form pages.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../web/src/app/theme';

const FillerBenchPage = lazy(() => import('./FillerBenchPage').then((m) => ({ default: m.FillerBenchPage })));
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <Suspense
          fallback={
            <Center mih="100dvh">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <FillerBenchPage />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

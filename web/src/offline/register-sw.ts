import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (production builds only: main.tsx). A new version of the hub
 * waits until the member chooses to reload, so an open tab keeps the build it started with
 * (its lazy chunks stay precached) and nothing typed is lost by a reload the member did not ask for.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: 'hub-update',
        color: 'navy',
        title: 'A new version of the hub is ready',
        message: 'Reload to use it. Answers you are typing are kept on this device.',
        autoClose: false,
        withCloseButton: true,
        onClick: () => void update(true),
        style: { cursor: 'pointer' },
      });
    },
  });
}

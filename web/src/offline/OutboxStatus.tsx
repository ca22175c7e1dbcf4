import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useOffline } from '../client/connectivity';
import { keptAnswersOf, type OutboxItem } from './db';
import { GraphqlError } from '../client/graphql';
import { deliver, isPending, outboxItems, Refused, retryDelay, subscribeOutbox, type DeliveryDeps } from './outbox';

export const OFFLINE_MESSAGE = 'You are offline. Forms you fill in are kept on this device and sent when you are back online.';

/** '1 form waiting to send', '2 forms waiting to send'. */
export const waitingText = (n: number) => `${n} ${n === 1 ? 'form' : 'forms'} waiting to send`;
/** '1 form was not accepted', '2 forms were not accepted'. */
export const refusedText = (n: number) => `${n} ${n === 1 ? 'form was' : 'forms were'} not accepted`;

/** The user's outbox items, kept current (this tab's and other tabs' changes). */
export function useOutboxItems(userId: string | undefined): OutboxItem[] {
  const [state, setState] = useState<{ userId: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      void outboxItems(userId)
        .then((items) => live && setState({ userId, items }))
        .catch(() => live && setState({ userId, items: [] }));
    read();
    const off = subscribeOutbox(read);
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return state && state.userId === userId ? state.items : NONE;
}

const NONE: OutboxItem[] = [];

// The panel's open state, shared by the top bar's badge and the strip under it.
let panelOpen = false;
const panelListeners = new Set<() => void>();
const setPanel = (open: boolean) => {
  panelOpen = open;
  panelListeners.forEach((l) => l());
};
const subscribePanel = (l: () => void) => {
  panelListeners.add(l);
  return () => void panelListeners.delete(l);
};
export const openOutboxPanel = () => setPanel(true);

// Asks the mounted delivery to run now (a save was just queued).
const kickListeners = new Set<() => void>();
export function kickDelivery(): void {
  kickListeners.forEach((l) => l());
}

/**
 * Delivers the signed-in user's outbox (offline/outbox.ts): at start, when the browser is
 * back online, when an item is queued, when the tab is shown again, and after a failed run
 * with a growing delay. Tells the member what was delivered and what was refused.
 */
export function useOutboxDelivery(userId: string | undefined): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const again = useRef<() => void>(() => {});
  const run = useCallback(async () => {
    if (!userId) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // Nothing waiting: nothing to load or ask (the sender and the form model load only when needed, keeping home small).
    const pending = (await outboxItems(userId).catch(() => [])).some(isPending);
    if (!pending) return;
    const [{ currentUserId, sendOutboxItem }, { releaseLocalPhotos, restoreMissingPhotos, uploadPendingPhotos }] = await Promise.all([
      import('./send'),
      import('../forms/photos/pending'),
    ]);
    const deps: DeliveryDeps = {
      currentUserId,
      send: sendOutboxItem,
      async uploadPendingPhotos(answers, id) {
        try {
          return await uploadPendingPhotos(answers, id);
        } catch (err) {
          // The hub refused a photo (its message): the save is refused with it; no answer: it waits.
          if (err instanceof GraphqlError && err.errors.length) throw new Refused(err.message);
          throw err;
        }
      },
      async restoreMissingPhotos(answers, id) {
        try {
          return await restoreMissingPhotos(answers, id);
        } catch (err) {
          if (err instanceof GraphqlError && err.errors.length) throw new Refused(err.message);
          throw err;
        }
      },
      onDelivered(item) {
        // The photos went with it: the device's copies are no longer needed.
        void releaseLocalPhotos(item.answers, item.userId);
        notifications.show({
          // At the bottom: a delivery happens in the background, and the top holds the bar and the list of waiting forms.
          position: 'bottom-center',
          color: item.kind === 'submit' ? 'green' : 'yellow',
          title: item.formName,
          message: item.kind === 'submit' ? 'The form has been submitted successfully.' : 'The draft has been submitted successfully.',
        });
        void client.invalidateQueries({ queryKey: ['forms-of-type'] });
        void client.invalidateQueries({ queryKey: ['fill', item.formId] });
      },
      onRefused(item) {
        notifications.show({
          position: 'bottom-center',
          color: 'red',
          title: `${item.formName} was not accepted`,
          message: `${sentence(item.message ?? 'The hub did not accept it.')} Open the form to fix it and send it again.`,
          autoClose: false,
        });
      },
    };
    const result = await deliver(userId, deps).catch((error: unknown) => ({ stopped: 'error' as const, error }));
    if (result.stopped === 'offline' || result.stopped === 'error') {
      const first = (await outboxItems(userId).catch(() => [])).find(isPending);
      if (first) timer.current = setTimeout(() => again.current(), retryDelay(first.attempts));
    }
  }, [userId, client]);

  useEffect(() => {
    again.current = () => void run();
  }, [run]);

  useEffect(() => {
    if (!userId) return;
    void run();
    if (!pruned.has(userId)) {
      pruned.add(userId);
      void prunePhotoCopies(userId).catch(() => undefined);
    }
    const onOnline = () => {
      // Back online: who is signed in is asked again (a 401 signs out), then the outbox goes.
      void client.invalidateQueries({ queryKey: ['me'] });
      void run();
    };
    const onVisible = () => document.visibilityState === 'visible' && void run();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    kickListeners.add(onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      kickListeners.delete(onOnline);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [userId, run, client]);
}

// Users whose photo copies this page has pruned (once a page load).
const pruned = new Set<string>();

/** The user's photo copies no answers kept on the device name any more go (after a grace period, pending.ts). */
async function prunePhotoCopies(userId: string): Promise<void> {
  // Most page loads have no copies: the photo code (and the form model it needs) is loaded only when there are.
  const { localPhotosOf } = await import('../forms/photos/local-store');
  if ((await localPhotosOf(userId)).length === 0) return;
  const [{ pruneLocalPhotos }, named] = await Promise.all([import('../forms/photos/pending'), keptAnswersOf(userId)]);
  await pruneLocalPhotos(userId, named);
}

/** A message as a sentence: ends with a full stop unless it has its own. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const OutboxPanel = lazy(() => import('./OutboxPanel').then((m) => ({ default: m.OutboxPanel })));

/** The top bar's badge: how many forms wait on this device (opens the list). */
export function OutboxBadge({ userId }: { userId: string | undefined }) {
  const items = useOutboxItems(userId);
  const pending = items.filter(isPending).length;
  const refused = items.length - pending;
  if (!items.length) return null;
  const label = [pending ? waitingText(pending) : '', refused ? refusedText(refused) : ''].filter(Boolean).join(', ');
  return (
    <Button
      variant="white"
      color={refused ? 'red' : 'navy'}
      size="xs"
      mih={44}
      px={10}
      leftSection={<IconCloudUpload size={18} aria-hidden />}
      aria-label={label}
      title={label}
      onClick={openOutboxPanel}
    >
      {items.length}
    </Button>
  );
}

/**
 * Under the top bar on every member page: the offline message, and how many forms wait on
 * this device (or were not accepted), with the list.
 */
export function OutboxStrip({ items }: { items: OutboxItem[] }) {
  const offline = useOffline();
  const panelShown = useSyncExternalStore(
    subscribePanel,
    () => panelOpen,
    () => false,
  );
  const pending = items.filter(isPending).length;
  const refused = items.length - pending;
  return (
    <>
      {(offline || items.length > 0) && (
        <Paper
          component="aside"
          aria-label="Connection and forms waiting to send"
          radius={0}
          bg={refused ? 'red.0' : offline ? 'gray.1' : 'navy.0'}
          px="md"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group gap="sm" wrap="nowrap" align="center">
            {offline ? (
              <IconCloudOff size={20} aria-hidden style={{ flexShrink: 0 }} />
            ) : (
              <IconCloudUpload size={20} aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              {offline && (
                <Text size="sm" role="status">
                  {OFFLINE_MESSAGE}
                </Text>
              )}
              {items.length > 0 && (
                <UnstyledButton onClick={openOutboxPanel} mih={32} fz="sm" fw={600} td="underline" style={{ textAlign: 'left' }}>
                  {[pending ? waitingText(pending) : '', refused ? refusedText(refused) : ''].filter(Boolean).join(' · ')}
                </UnstyledButton>
              )}
            </Stack>
          </Group>
        </Paper>
      )}
      {panelShown && (
        <Suspense fallback={null}>
          <OutboxPanel items={items} onClose={() => setPanel(false)} />
        </Suspense>
      )}
    </>
  );
}

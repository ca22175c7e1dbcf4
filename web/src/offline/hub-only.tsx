import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isNetworkError, useOffline } from '../client/connectivity';

/** While the hub cannot be reached, a query of what only the hub has asks again this often (the browser may not say when it is back). */
export const HUB_RETRY_MS = 20_000;

/**
 * A query of what only the hub has, not kept on the device (docs/offline.md): a form's
 * attachments, a submitted form, the hub's photos. Offline it never waits for ever (React
 * Query holds a query while the browser says it is offline, and a page showed its spinner
 * for as long): it fails at once and says `offline`, keeps what it had already shown, and
 * asks again by itself when the connection is back (the browser says so, another request got
 * an answer, or every HUB_RETRY_MS while the hub does not answer). Answers other than 'no
 * answer at all' are errors as before.
 */
export function useHubQuery<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
): UseQueryResult<T, Error> & { offline: boolean } {
  const offline = useOffline();
  const retry = options.retry ?? 1;
  const query = useQuery<T, Error, T, K>({
    ...options,
    // Asked whatever the browser says: without an answer it fails at once with a NetworkError.
    networkMode: 'always',
    retry: (count, err) =>
      !isNetworkError(err) && (typeof retry === 'function' ? retry(count, err) : typeof retry === 'number' ? count < retry : retry),
    refetchInterval: offline ? HUB_RETRY_MS : options.refetchInterval,
  });
  const { refetch, isError, data } = query;
  const wasOffline = useRef(offline);
  useEffect(() => {
    const back = wasOffline.current && !offline;
    wasOffline.current = offline;
    if (back && (isError || data === undefined) && options.enabled !== false) void refetch();
  }, [offline, isError, data, refetch, options.enabled]);
  return { ...query, offline: offline || isNetworkError(query.error) };
}

/** The member is told, in the voice of the other offline messages, what waits for the connection. */
export function OfflineNote({ children }: { children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
      <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

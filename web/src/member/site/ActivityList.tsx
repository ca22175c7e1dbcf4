import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { safePath } from '@hub/model/safe-path';
import type { ActivityPriority, RecentActivity } from '@hub/model/site';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearReviewNotification, useRecentActivity } from './site-api';

export const NO_ACTIVITY = 'No recent activities.';

/** Filled badges in shades with white text above 4.5:1 (the word carries the meaning too). */
const PRIORITY_COLOR: Record<ActivityPriority, string> = { High: 'red.9', Medium: 'safety.9', Low: 'teal.9' };

/** Where View goes: a path of the hub only (anything else has no View). */
export const activityPath = (url: string | null): string | null =>
  url && url.startsWith('/') && safePath(url) !== '/' ? safePath(url) : null;

function Item({ item, onView }: { item: RecentActivity; onView: (item: RecentActivity, to: string) => void }) {
  const to = activityPath(item.url);
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={600} size="sm">
            {item.title}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="gray.7">
              {item.owner}
            </Text>
            <Badge size="sm" variant="filled" color={PRIORITY_COLOR[item.priority] ?? 'gray.8'}>
              {`${item.priority} priority`}
            </Badge>
          </Group>
        </Stack>
        {to && (
          <Button size="sm" miw={72} mih={44} onClick={() => onView(item, to)} aria-label={`View ${item.title}`}>
            View
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * The recent activity of the caller (owner, title, priority, View). View on a review
 * activity first clears its notification, then opens its page.
 */
export function ActivityList({ onNavigate, limit }: { onNavigate?: () => void; limit?: number }) {
  const activity = useRecentActivity();
  const navigate = useNavigate();
  const client = useQueryClient();
  const onView = async (item: RecentActivity, to: string) => {
    if (item.requestId) {
      // Clearing the notification must not keep the reader from the page.
      await clearReviewNotification(item.requestId).catch(() => undefined);
      void client.invalidateQueries({ queryKey: ['recent-activity'] });
    }
    onNavigate?.();
    void navigate(to);
  };
  if (activity.isPending)
    return (
      <Stack gap="xs" aria-label="Loading recent activity">
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  if (activity.isError)
    return <Text c="red">{`Something went wrong while connecting to the server. The error is ${activity.error.message}`}</Text>;
  const items = limit ? activity.data.slice(0, limit) : activity.data;
  if (items.length === 0) return <Text>{NO_ACTIVITY}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item, i) => (
        <Item key={`${item.requestId ?? item.url ?? ''}-${i}`} item={item} onView={(it, to) => void onView(it, to)} />
      ))}
    </Stack>
  );
}

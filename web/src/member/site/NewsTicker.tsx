import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconSpeakerphone, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useLatestNews } from './site-api';
import { formatNewsDate, hideTicker, tickerShown } from './ticker';

/** The news notice under the navigation bar on every member page (member-site.md, News ticker). */
export function NewsTicker() {
  const news = useLatestNews().data;
  const [hidden, setHidden] = useState<string | null>(null);
  const notice = news?.notice?.trim() || null;
  if (!news || !notice || hidden === notice || !tickerShown(notice)) return null;
  const date = news.showtime ? formatNewsDate(news.modified) : '';
  return (
    <Paper
      component="aside"
      aria-label="News"
      radius={0}
      bg="safety.0"
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-safety-2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <IconSpeakerphone size={20} color="var(--mantine-color-safety-9)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          {date && (
            <Text span fw={700} mr={6}>
              {date}:
            </Text>
          )}
          {notice}
        </Text>
        <ActionIcon
          variant="subtle"
          color="dark"
          size={44}
          aria-label="Hide news"
          onClick={() => {
            hideTicker();
            setHidden(notice);
          }}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

import { Badge } from '@mantine/core';

/** Darker than Mantine's green.9 (#2b8a3e, 4.4:1 under white text, short of AA): about 6.6:1. */
const PUBLISHED_GREEN = '#1b6b2f';

/**
 * A form's or a version's status as the server derives it, in words and colour (the words carry it,
 * the colour only repeats them): Published on dark green with white text, Draft on yellow, any other
 * (Active version) on grey, both with dark text.
 */
export function StatusBadge({ status }: { status: string }) {
  const published = status === 'Published' || status === 'Published version';
  return (
    <Badge
      component="span"
      variant="filled"
      color={published ? PUBLISHED_GREEN : status === 'Draft' ? 'yellow.4' : 'gray.2'}
      c={published ? 'white' : 'dark'}
      // Whole words even in a squeezed table column on a phone (Mantine's badge would cut them to "PU…").
      miw="max-content"
    >
      {status}
    </Badge>
  );
}

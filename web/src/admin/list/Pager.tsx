import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

interface Props {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** With it, a "Go to page" box beside the buttons (its text as typed). */
  onGoTo?: (input: string) => void;
}

/** First, Previous, "page of pages", Next, Last, and optionally Go to page. */
export function Pager({ page, pages, onPage, onGoTo }: Props) {
  const [pageInput, setPageInput] = useState('');
  const buttons = (
    <Group gap="xs">
      <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(1)}>
        First
      </Button>
      <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm" px="xs">
        {page} of {pages}
      </Text>
      <Button variant="default" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
      <Button variant="default" size="sm" disabled={page >= pages} onClick={() => onPage(pages)}>
        Last
      </Button>
    </Group>
  );
  if (!onGoTo) return buttons;
  return (
    <Group justify="space-between" wrap="wrap">
      {buttons}
      <Group gap="xs">
        <TextInput
          aria-label="Go to page"
          placeholder="Page"
          value={pageInput}
          onChange={(e) => setPageInput(e.currentTarget.value)}
          w={80}
          size="sm"
        />
        <Button variant="default" size="sm" onClick={() => onGoTo(pageInput)}>
          Go to page
        </Button>
      </Group>
    </Group>
  );
}

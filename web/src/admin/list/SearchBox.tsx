import { Button, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

interface Props {
  /** The term in force when the box appears. */
  initial: string;
  placeholder?: string;
  /** Enter or Go: the text as typed. */
  onSearch(term: string): void;
}

/** The search box of a list and its Go button (place it in a Group). */
export function SearchBox({ initial, placeholder, onSearch }: Props) {
  const [text, setText] = useState(initial);
  return (
    <>
      <TextInput
        label="Search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch(text)}
        leftSection={<IconSearch size={16} />}
        w={320}
        maw="100%"
      />
      <Button onClick={() => onSearch(text)}>Go</Button>
    </>
  );
}

import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** Longest search term a page's own search box takes. */
export const PAGE_SEARCH_MAX = 200;

/** The search box above a member page's list (library, standards): labelled, bounded, phone-sized. */
export function PageSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={18} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.slice(0, PAGE_SEARCH_MAX))}
      maxLength={PAGE_SEARCH_MAX}
      size="md"
      mb="md"
      type="search"
    />
  );
}

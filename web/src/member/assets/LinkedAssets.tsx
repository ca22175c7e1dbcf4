import { ActionIcon, Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LOOKUP_DEBOUNCE_MS } from '@hub/model';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ancestorsOf, candidateAssets, candidateConditions, type AssetRef } from './asset-api';

/** The form value of the child assets: undefined until changed (then the save sends the whole list). */
export const CHILDREN = 'assetss';

/**
 * Link asset (member-site.md 2 and 4): the parent, read-only; the child assets, and in create and
 * edit a picker offering only assets in service, without a parent, of the same organisation,
 * never the asset itself or one of its ancestors (the server checks the same).
 */
export function LinkedAssets(props: {
  self?: string;
  parent: { id: string; description?: string } | null;
  organisationId: string | null;
  /** The children as loaded. */
  loaded: AssetRef[];
  /** The children as changed on the form (undefined: unchanged). */
  changed: AssetRef[] | undefined;
  editable: boolean;
  recordPath: string;
  onChange(children: AssetRef[]): void;
}) {
  const children = props.changed ?? props.loaded;
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text, LOOKUP_DEBOUNCE_MS);
  const ancestors = useQuery({
    queryKey: ['asset-ancestors', props.parent?.id ?? null],
    queryFn: () => ancestorsOf(props.parent?.id ?? null),
    enabled: props.editable,
  });
  const candidates = useQuery({
    queryKey: ['asset-candidates', props.self, ancestors.data, props.organisationId, term],
    queryFn: () =>
      candidateAssets(
        candidateConditions({ self: props.self, ancestors: ancestors.data ?? [], organisationId: props.organisationId, text: term }),
      ),
    enabled: props.editable && ancestors.isSuccess,
  });
  const offered = (candidates.data ?? []).filter((c) => !children.some((x) => x.id === c.id));

  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          Parent Asset
        </Text>
        {props.parent ? (
          <Anchor component={Link} to={`${props.recordPath}/view/${props.parent.id}`} size="sm">
            {props.parent.description ?? props.parent.id}
          </Anchor>
        ) : (
          <Text size="sm" c="gray.7">
            None
          </Text>
        )}
      </div>
      <div role="group" aria-label="Child Assets">
        <Text size="sm" fw={600}>
          Child Assets
        </Text>
        {children.length === 0 && (
          <Text size="sm" c="gray.7">
            No child assets linked
          </Text>
        )}
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {children.map((c) => (
            <Group component="li" key={c.id} gap="xs" wrap="nowrap" mih={44}>
              <Anchor component={Link} to={`${props.recordPath}/view/${c.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.description}
                {c.assetID ? ` (${c.assetID})` : ''}
              </Anchor>
              {props.editable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={`Unlink ${c.description}`}
                  onClick={() => props.onChange(children.filter((x) => x.id !== c.id))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      </div>
      {props.editable && (
        <Select
          label="Link a child asset"
          description="Assets in service without a parent asset"
          placeholder="Search assets"
          searchable
          searchValue={text}
          onSearchChange={setText}
          data={offered.map((c) => ({ value: c.id, label: c.assetID ? `${c.description} (${c.assetID})` : c.description }))}
          value={null}
          filter={({ options }) => options}
          onChange={(id) => {
            const picked = offered.find((c) => c.id === id);
            if (picked) props.onChange([...children, picked]);
            setText('');
          }}
          nothingFoundMessage={candidates.isError ? 'There was an error loading the combobox data' : 'No assets can be linked'}
          styles={{ input: { minHeight: 44 } }}
        />
      )}
    </Stack>
  );
}

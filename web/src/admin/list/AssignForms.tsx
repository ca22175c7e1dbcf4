import { Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import type { Where } from './query';

/** Organisations' bulk action: add forms to every selected organisation (back-office 2.4). */
export function AssignForms({ conditions, onDone }: { conditions: Where[][]; onDone(): void }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [forms, setForms] = useState<string[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const options = useQuery({
    queryKey: ['assign-forms-options'],
    queryFn: () => graphqlRequest<{ r: { id: string; name: string }[] }>('{ r: formsEntitys(orderBy: [{path: "name"}]) { id name } }'),
    enabled: open,
    select: (d) => d.r.map((f) => ({ value: f.id, label: f.name })),
  });

  async function assign() {
    setState('loading');
    try {
      const { r } = await graphqlRequest<{ r: { id: string }[] }>(
        'query($c: [[WhereExpressionGraph!]!]) { r: memberOrganisationEntitys(conditions: $c) { id } }',
        { c: conditions },
      );
      await graphqlRequest(
        'mutation($m: [MemberOrganisationEntityInput!]!) { updateMemberOrganisationEntity(memberOrganisationEntityModels: $m, mergeReferences: ["formss"]) { id } }',
        {
          m: r.map((o) => ({ id: o.id, formss: forms.map((id) => ({ id })) })),
        },
      );
      setState('done');
      void client.invalidateQueries({ queryKey: ['list', 'MemberOrganisationEntity'] });
    } catch (err) {
      setState('idle');
      notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err), autoClose: false });
    }
  }

  const close = () => {
    setOpen(false);
    if (state === 'done') onDone();
    setState('idle');
    setForms([]);
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Assign Forms
      </Button>
      <Modal opened={open} onClose={close} title="Assign Forms" centered>
        {state === 'done' ? (
          <Stack>
            <Text>The forms are assigned to the selected organisations.</Text>
            <Button onClick={close}>Close</Button>
          </Stack>
        ) : (
          <Stack>
            <MultiSelect
              label="Forms"
              data={options.data ?? []}
              value={forms}
              onChange={setForms}
              searchable
              rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
            />
            <Group justify="flex-end">
              <Button variant="subtle" onClick={close}>
                Cancel
              </Button>
              <Button onClick={assign} loading={state === 'loading'} disabled={!forms.length}>
                Assign
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

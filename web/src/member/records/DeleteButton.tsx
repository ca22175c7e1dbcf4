import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { opNames, type EntityDef } from '@hub/model';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import { deleteFailure } from '../../admin/list/useListController';

/**
 * Delete of one record, confirmed first; the failure is the spec's delete message (data-layer.md 8,
 * e.g. an asset with linked child/parent assets), staying until closed. Show it only when the
 * viewer may delete (the caller decides, e.g. canDeleteAsset). `onDeleted`: where to go next.
 */
export function DeleteButton({ entity, id, name, onDeleted }: { entity: EntityDef; id: string; name: string; onDeleted(): void }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const n = opNames(entity.name);
  const remove = useMutation({
    mutationFn: () => graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: [id] }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Deleted successfully' });
      void client.invalidateQueries({ queryKey: ['list', entity.name] });
      onDeleted();
    },
    onError: (err) =>
      notifications.show({ color: 'red', message: deleteFailure(err, false), autoClose: false, style: { whiteSpace: 'pre-line' } }),
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button color="red" variant="light" mih={44} leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${entity.label.toLowerCase()}`} centered>
        <Stack>
          <Text>Are you sure you want to delete {name}? This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" mih={44} loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

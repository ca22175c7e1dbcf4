import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconFileExport, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ListController } from './useListController';

interface Props {
  list: ListController;
  id: string;
  /** The row's name in the buttons' accessible names. */
  name: string;
  basePath: string;
  showView: boolean;
  editLabel: string;
}

/** A row's View, Edit (or Review) and Delete buttons, and its More menu (copy id, CSV of the row). */
export function RowActions({ list, id, name, basePath, showView, editLabel }: Props) {
  return (
    <Group gap={4} wrap="nowrap">
      {showView && (
        <Tooltip label="View">
          <ActionIcon component={Link} to={`${basePath}/view/${id}`} variant="subtle" aria-label={`View ${name}`}>
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {list.allowed('update') && (
        <Tooltip label={editLabel}>
          <ActionIcon component={Link} to={`${basePath}/edit/${id}`} variant="subtle" aria-label={`${editLabel} ${name}`}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {list.allowed('delete') && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => list.setConfirm({ ids: [id] })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>More</Menu.Label>
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => list.copyId(id)}>
            Copy id
          </Menu.Item>
          {list.allowed('read') && (
            <Menu.Item
              leftSection={<IconFileExport size={14} />}
              onClick={() => list.exportCsv([[{ path: 'id', comparison: 'in', value: [id] }]])}
            >
              Export CSV of this row
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

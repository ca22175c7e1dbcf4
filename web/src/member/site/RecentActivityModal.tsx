import { Button, CloseButton, Group, Stack, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActivityList } from './ActivityList';
import { ACTIVITY_SHOWN } from './activity';
import classes from './site.module.css';

/**
 * Shown once per browser session: the first page of the session opens it, later pages do not.
 * A native modal dialog (focus stays inside, Escape closes, the page behind is inert): it
 * weighs a few hundred bytes where Mantine's Modal brings its focus trap and positioning
 * code (about 27 kB gzipped) into home's first load.
 */
export function ActivityModalOnce() {
  const [opened, setOpened] = useState(() => !sessionStorage.getItem(ACTIVITY_SHOWN));
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  useEffect(() => {
    if (!opened) return;
    sessionStorage.setItem(ACTIVITY_SHOWN, 'true');
    const d = dialog.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, [opened]);
  if (!opened) return null;
  const close = () => setOpened(false);
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <Stack gap="md" p="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id={titleId}>
            Recent Activity
          </Title>
          <CloseButton aria-label="Close" size={44} onClick={close} />
        </Group>
        <ActivityList onNavigate={close} limit={10} />
        <Group justify="flex-end">
          <Button
            variant="light"
            mih={44}
            onClick={() => {
              close();
              void navigate('/activity');
            }}
          >
            See all recent activity
          </Button>
        </Group>
      </Stack>
    </dialog>
  );
}

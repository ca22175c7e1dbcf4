import { Button, Group, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActivityList } from './ActivityList';
import { ACTIVITY_SHOWN } from './activity';

/** Shown once per browser session: the first page of the session opens it, later pages do not. */
export function ActivityModalOnce() {
  const [opened, setOpened] = useState(() => !sessionStorage.getItem(ACTIVITY_SHOWN));
  const navigate = useNavigate();
  useEffect(() => {
    if (opened) sessionStorage.setItem(ACTIVITY_SHOWN, 'true');
  }, [opened]);
  const close = () => setOpened(false);
  return (
    <Modal opened={opened} onClose={close} title="Recent Activity" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <ActivityList onNavigate={close} limit={10} />
      <Group justify="flex-end" mt="md">
        <Button
          variant="light"
          onClick={() => {
            close();
            void navigate('/activity');
          }}
        >
          See all recent activity
        </Button>
      </Group>
    </Modal>
  );
}

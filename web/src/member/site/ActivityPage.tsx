import { Container, Title } from '@mantine/core';
import { Crumbs } from '../../ui/Crumbs';
import { ActivityList } from './ActivityList';

/** /activity: the full recent-activity page (not a safety page). */
export function ActivityPage() {
  return (
    <Container size="md" py="md">
      <Crumbs safety={false} items={[{ label: 'Recent Activity' }]} />
      <Title order={1} mb="md">
        Recent Activity
      </Title>
      <ActivityList />
    </Container>
  );
}

import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Back-office 2.4: a signed-in back-office user opened a screen they have no right to. */
export function AccessDenied() {
  return (
    <Paper withBorder p="xl" maw={640} role="alert">
      <Text size="lg">
        Access denied.{' '}
        <Anchor component={Link} to="/admin">
          Click Here
        </Anchor>{' '}
        to return to the admin main page.
      </Text>
    </Paper>
  );
}

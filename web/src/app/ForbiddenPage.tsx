import { Anchor } from '@mantine/core';
import { MessagePage } from '../ui/MessagePage';

export function ForbiddenPage() {
  return (
    <MessagePage code="403" message="Oops! Unfortunately you are not allowed to access this page!">
      <Anchor href="/api/authorization/logout" fw={600}>
        Logout
      </Anchor>
    </MessagePage>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { GlobalSearch } from '../member/site/GlobalSearch';
import { HomeTiles } from '../member/site/HomeTiles';
import { recordPageView } from '../member/site/site-api';
import { useMe } from './session';

/** The member home (member-site.md, Home and navigation): greeting, global search, the eight tiles. */
export function HomePage() {
  const me = useMe().data;
  // Opening home records a page view (once per visit of the page; a failure is not the reader's concern).
  useEffect(() => {
    recordPageView('home').catch(() => undefined);
  }, []);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{me?.givenName ? `Welcome ${me.givenName}` : 'Welcome'}</Title>
          <Text fz="lg">Let's get started.</Text>
        </Stack>
        <GlobalSearch />
        <HomeTiles />
      </Stack>
    </Container>
  );
}

import { Alert, Loader, Tabs } from '@mantine/core';
import type { EntityDef } from '@hub/model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import { ListPage } from './ListPage';

/** Templates (back-office 2.4): one tab per document type that is not a member-body type and has templates, in the types' order. */
export function TemplatesPage({ entity, basePath }: { entity: EntityDef; basePath: string }) {
  const types = useQuery({
    queryKey: ['template-tabs'],
    queryFn: () =>
      graphqlRequest<{ r: { id: string; name: string }[] }>(
        `{ r: documentTypesEntitys(conditions: [[{path: "meaDocument", comparison: notEqual, value: ["true"]}]], has: [{path: "templatess"}], orderBy: [{path: "order"}]) { id name } }`,
      ),
  });
  const [tab, setTab] = useState<string | null>(null);
  if (types.isPending) return <Loader size="sm" aria-label="Loading Templates" />;
  if (types.isError) return <Alert color="red">Error Loading Templates</Alert>;
  const list = types.data.r;
  if (!list.length) return <ListPage entity={entity} title="Templates" basePath={basePath} />;
  const active = tab ?? list[0].name;
  return (
    <Tabs value={active} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        {list.map((t) => (
          <Tabs.Tab key={t.id} value={t.name}>
            {t.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {list.map((t) => (
        <Tabs.Panel key={t.id} value={t.name}>
          <ListPage
            key={t.id}
            entity={entity}
            title={`Templates: ${t.name}`}
            basePath={basePath}
            base={[[{ path: 'documentTypess.name', comparison: 'equal', value: [t.name] }]]}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { hasRoleFact } from '@hub/model/roles';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { useCreateForm } from './DraftPrompt';
import { FORM_TYPE_SUMMARY, formTypeLabel, formTypesFor, type FormTypeKey } from './form-types';
import { formsOfType } from './forms-api';

function FormTypeTile({ type, onCreate }: { type: FormTypeKey; onCreate: (formId: string) => void }) {
  const forms = useQuery({ queryKey: ['forms-of-type', type], queryFn: () => formsOfType(type) });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`type-${type}`}>
      <Group gap="xs" mb={4} wrap="nowrap">
        <IconFileText size={22} color="var(--mantine-color-navy-6)" aria-hidden />
        <Title order={2} fz="lg" id={`type-${type}`}>
          {formTypeLabel(type)}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {FORM_TYPE_SUMMARY[type]}
      </Text>
      {forms.isPending ? (
        <Stack gap={6}>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : forms.isError ? (
        <Text size="sm" c="red">
          {`Something went wrong while connecting to the server. The error is ${(forms.error as Error).message}`}
        </Text>
      ) : forms.data.length === 0 ? (
        <Text size="sm">No forms are currently available.</Text>
      ) : (
        <Stack gap={6}>
          {forms.data.map((f) => (
            <Group key={f.id} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {f.name}
                </Text>
                {f.hasDraft && (
                  <Badge color="safety" variant="light" size="sm">
                    DRAFT
                  </Badge>
                )}
              </Group>
              <Button size="sm" miw={80} style={{ flexShrink: 0 }} onClick={() => onCreate(f.id)} aria-label={`Create ${f.name}`}>
                Create
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={`/user-submissions/${type}`} size="sm" mt="sm">
        View submissions
      </Anchor>
    </Card>
  );
}

/** /mesafety: one tile per form type the user's role works with, each listing its forms. */
export function SafetyPage() {
  const me = useMe().data;
  const { open, prompt } = useCreateForm();
  const types = formTypesFor(me?.roleName);
  return (
    <Container size="xl" py="md">
      <Crumbs items={[]} safety />
      <Title order={1} mb="md">
        Safety
      </Title>
      {hasRoleFact('marketingTile', me?.roleName) && (
        <Alert
          color="navy"
          variant="light"
          mb="md"
          icon={<IconExternalLink aria-hidden />}
          title="Access the full suite of safety resources"
        >
          Your membership gives you these forms. The association's safety pages hold the full suite of safety resources.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {types.map((t) => (
          <FormTypeTile key={t} type={t} onCreate={(id) => void open(id)} />
        ))}
      </SimpleGrid>
      {prompt}
    </Container>
  );
}

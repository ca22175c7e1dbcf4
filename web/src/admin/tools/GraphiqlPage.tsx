import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { xsrfHeaders } from '../../client/api';

interface Outcome {
  status: number;
  body: unknown;
}

/**
 * The query explorer at /admin/graphiql (loaded on demand, administrators only): the
 * query and its variables are posted as they are, and the answer is shown whole.
 */
export default function GraphiqlPage() {
  const [query, setQuery] = useState('{ countAssetEntitys }');
  const [variables, setVariables] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  async function run() {
    setProblem(null);
    let parsed: unknown;
    try {
      parsed = variables.trim() ? JSON.parse(variables) : undefined;
    } catch (err) {
      return setProblem(`The variables are not valid JSON: ${(err as Error).message}`);
    }
    setRunning(true);
    try {
      const res = await fetch('/api/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...xsrfHeaders() },
        body: JSON.stringify({ query, variables: parsed }),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: shown as it came.
      }
      setOutcome({ status: res.status, body });
    } catch (err) {
      setProblem(`The request failed: ${(err as Error).message}`);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1}>GraphiQL</Title>
      <Text c="dimmed" size="sm">
        Runs a GraphQL request at /api/graphql as you. Field names follow the entities, e.g. assetEntitys and countAssetEntitys; see the API
        documentation for the conventions. Ctrl+Enter runs the query.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack gap="sm">
          <Textarea
            label="Query"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && void run()}
            autosize
            minRows={10}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
          />
          <Textarea
            label="Variables"
            description="A JSON object, or empty"
            value={variables}
            onChange={(e) => setVariables(e.currentTarget.value)}
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
          />
          <Group>
            <Button onClick={() => void run()} loading={running} leftSection={<IconPlayerPlay size={16} />} disabled={!query.trim()}>
              Run
            </Button>
          </Group>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
        <Paper withBorder p="sm" aria-live="polite">
          <Text fw={600} size="sm" mb="xs">
            Result{outcome ? ` (HTTP ${outcome.status})` : ''}
          </Text>
          <Code block aria-label="Result" mih={200} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {outcome
              ? typeof outcome.body === 'string'
                ? outcome.body
                : JSON.stringify(outcome.body, null, 2)
              : 'Run a query to see its result.'}
          </Code>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { ACTION_DESCRIPTION_MAX } from '@hub/model';
import {
  ACTION_PRIORITIES,
  actionKey,
  actionMessages,
  canRaiseOnNo,
  defaultDueDate,
  draftAction,
  failingAnswer,
  riskMatrixKeys,
  toDayString,
  type ActionAnswer,
  type ActionPriority,
  type Question,
} from '@hub/model/forms';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { DayInput } from '../ui/DayInput';
import { formatDay } from '../ui/dates';
import { assigneeOptions, isDeactivated } from './assignees';
import { domId, useFiller } from './context';
import { useStoreSelector, useStoreValue } from './answer-store';

/** Priorities as people read them (the spec's Priority enum), each with its own word: never colour alone. */
export const PRIORITY_LABELS: Record<ActionPriority, string> = { low: 'Low', moderate: 'Moderate', high: 'High' };

/** Whether a question can ever raise an action: a risk matrix, or a 'No' question marked for it. */
export function mayRaiseAction(q: Question): boolean {
  return q.questionType === 'riskMatrix' || (!!q.raisesAction && canRaiseOnNo(q));
}

/** The answer keys whose change may make the question fail or pass. */
const keysOf = (q: Question) => (q.questionType === 'riskMatrix' ? Object.values(riskMatrixKeys(q.id)) : [q.id]);

/**
 * 'Raise corrective action' under a failing answer (issue 15): a risk score at or above High,
 * or 'No' on a question marked `raisesAction`. The action lives in the answers under
 * `{questionId}-action` (description, assignee, priority, due date), so it is saved with the
 * draft, kept on the device and sent with the submission; the server raises it when the form
 * is submitted. Re-renders only when the question's own answers change.
 */
export function ActionPanel({ q, readOnly }: { q: Question; readOnly: boolean }) {
  const ctx = useFiller();
  const key = actionKey(q.id);
  const deps = useMemo(() => keysOf(q), [q]);
  const select = useCallback((all: Record<string, unknown>) => failingAnswer(q, all)?.answer ?? null, [q]);
  // The failing answer's text (a primitive: unchanged answers do not re-render), and the action itself.
  const failingText = useStoreSelector(ctx.answers, deps, select);
  const action = (useStoreValue(ctx.answers, key) as ActionAnswer | undefined) ?? null;
  const failing = failingText === null ? null : failingAnswer(q, ctx.answers.getAll());
  if (!failing) return null;
  const ids = `${domId(ctx, q.id)}-action`;
  const today = toDayString(new Date());
  const set = (next: ActionAnswer | undefined) => ctx.answers.set(key, next);

  if (readOnly)
    return action ? (
      <Paper withBorder p="sm" radius="md" mt="xs" aria-label="Corrective action">
        <Text fw={700}>Corrective action raised</Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {action.description}
        </Text>
        <Text size="sm" c="gray.8">
          Priority: {PRIORITY_LABELS[action.priority] ?? action.priority} · Due {formatDay(action.dueDate)}
          {action.assigneeId && ` · Assigned to ${ctx.users.find((u) => u.id === action.assigneeId)?.name ?? 'a colleague'}`}
        </Text>
      </Paper>
    ) : null;

  if (!action)
    return (
      <Paper withBorder p="sm" radius="md" mt="xs" bg="yellow.0" style={{ borderColor: 'var(--mantine-color-yellow-7)' }}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-yellow-9)" />
            <Text size="sm">
              <strong>{failing.answer}</strong>: this answer can raise a corrective action.
            </Text>
          </Group>
          <Button mih={44} onClick={() => set(draftAction(failing, today))}>
            Raise corrective action
          </Button>
        </Group>
      </Paper>
    );

  const tooLong = action.description.length > ACTION_DESCRIPTION_MAX;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      mt="xs"
      component="fieldset"
      aria-describedby={`${ids}-why`}
      style={{ borderColor: 'var(--mantine-color-orange-7)' }}
    >
      <Text component="legend" fw={700} px={4}>
        Corrective action
      </Text>
      <Stack gap="sm">
        <Text size="sm" id={`${ids}-why`} c="gray.8">
          Raised on the answer {failing.answer}. It is sent with this form and assigned when you submit.
        </Text>
        <Textarea
          label="Description"
          withAsterisk
          rows={3}
          value={action.description}
          error={
            action.description.trim() === ''
              ? 'Please describe the corrective action'
              : tooLong
                ? `At most ${ACTION_DESCRIPTION_MAX} characters`
                : undefined
          }
          onChange={(e) => set({ ...action, description: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Assignee"
            placeholder="Choose a colleague"
            searchable
            clearable
            data={assigneeOptions(ctx.users, action.assigneeId)}
            value={action.assigneeId}
            error={isDeactivated(ctx.users, action.assigneeId) ? actionMessages.assigneeInactive : undefined}
            nothingFoundMessage="No colleague of that name"
            onChange={(v) => set({ ...action, assigneeId: v })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Priority"
            withAsterisk
            allowDeselect={false}
            data={ACTION_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={action.priority}
            // The due date follows the priority (high 7, moderate 14, low 30 days), until changed by hand after.
            onChange={(v) => v && set({ ...action, priority: v as ActionPriority, dueDate: defaultDueDate(v as ActionPriority, today) })}
            comboboxProps={{ withinPortal: true }}
          />
          <DayInput
            label="Due date"
            withAsterisk
            value={action.dueDate}
            minDate={today}
            error={!action.dueDate ? 'Please choose a due date' : action.dueDate < today ? 'The due date cannot be in the past' : undefined}
            onChange={(day) => set({ ...action, dueDate: day ?? '' })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={() => set(undefined)}>
            Don’t raise an action
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

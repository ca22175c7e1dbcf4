import { ActionIcon, Button, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { freshId, type QuestionOption } from '@hub/model/forms';
import { memo } from 'react';
import type { EditorChange } from './editor-values';
import classes from './questionEditor.module.css';

/** A fresh option id (the model's ids: 'option-' and a random part), kept for the option's life. */
export const newOptionId = (options: QuestionOption[]): string => freshId('option', new Set(options.map((o) => o.id)));

/** A value no other option has: 'Option {n}'. */
function newOptionValue(options: QuestionOption[]): string {
  const taken = new Set(options.map((o) => o.value.trim().toLowerCase()));
  let n = options.length + 1;
  while (taken.has(`option ${n}`)) n += 1;
  return `Option ${n}`;
}

/** Values given to more than one option (the filler would show them once), compared as typed apart from spaces. */
function repeatedValues(options: QuestionOption[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const o of options) {
    const v = o.value.trim();
    if (seen.has(v)) repeated.add(v);
    seen.add(v);
  }
  return repeated;
}

export interface OptionsEditorProps {
  questionId: string;
  options: QuestionOption[] | undefined;
  onChange: EditorChange;
}

/** The choices of a radio button, list or combobox question: add, rename, reorder, remove (one stays). */
export const OptionsEditor = memo(function OptionsEditor({ questionId, options, onChange }: OptionsEditorProps) {
  const list = options ?? [];
  const set = (next: QuestionOption[], key?: string) => onChange({ options: next }, key);
  const move = (from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(next);
  };
  const repeated = repeatedValues(list);
  return (
    <section className={classes.section} aria-labelledby={`${questionId}-options`}>
      <h3 id={`${questionId}-options`} className={classes.heading}>
        Options
      </h3>
      <ol className={classes.options}>
        {list.map((o, i) => {
          const name = o.value.trim() || `option ${i + 1}`;
          return (
            <li key={o.id} className={classes.option}>
              <TextInput
                className={classes.grow}
                classNames={{ input: classes.input }}
                aria-label={`Option ${i + 1}`}
                value={o.value}
                error={
                  o.value.trim() === ''
                    ? 'An option needs a value'
                    : repeated.has(o.value.trim())
                      ? 'Another option has this value: members see it once'
                      : undefined
                }
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set(
                    list.map((x) => (x.id === o.id ? { ...x, value } : x)),
                    `${questionId}.options.${o.id}`,
                  );
                }}
              />
              <ActionIcon size="xl" variant="default" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                <IconArrowUp size={20} aria-hidden />
              </ActionIcon>
              <ActionIcon
                size="xl"
                variant="default"
                aria-label={`Move ${name} down`}
                disabled={i === list.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <IconArrowDown size={20} aria-hidden />
              </ActionIcon>
              <ActionIcon
                size="xl"
                variant="subtle"
                color="red"
                aria-label={`Remove ${name}`}
                disabled={list.length <= 1}
                title={list.length <= 1 ? 'A question with options keeps at least one' : undefined}
                onClick={() => set(list.filter((x) => x.id !== o.id))}
              >
                <IconTrash size={20} aria-hidden />
              </ActionIcon>
            </li>
          );
        })}
      </ol>
      <Button
        variant="light"
        className={classes.touch}
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => set([...list, { id: newOptionId(list), value: newOptionValue(list) }])}
      >
        Add option
      </Button>
    </section>
  );
});

import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { allQuestions, renameSlide, updateQuestion, type FormDefinition, type Question } from '@hub/model/forms';
import { useCallback, useEffect } from 'react';
import { showRefusal } from './notify';
import { targetsSignature, useTargets } from './ConditionsEditor';
import { QuestionEditor } from './QuestionEditor';
import { SlideList } from './SlideList';
import { useDesigner, useDesignerStore } from './store';

/** The build area's sidebar in its three modes (back-office.md 2.8): view, edit-slide, edit question. */
export function Sidebar() {
  const mode = useDesigner((s) => s.mode);
  if (mode === 'edit-slide') return <SlideEditor />;
  if (mode === 'edit') return <QuestionPanel />;
  return <SlideList />;
}

function SlideEditor() {
  const store = useDesignerStore();
  const index = useDesigner((s) => s.slide);
  const slide = useDesigner((s) => (s.slide === null ? undefined : s.history.present.slides[s.slide]));
  // The slide went away (undo, delete): back to the list.
  if (index === null || !slide) return <ResetOnMissing />;
  return (
    <Stack gap="sm">
      <Text fw={600}>Edit slide</Text>
      <TextInput
        label="Slide Name"
        value={slide.name}
        data-autofocus
        onChange={(e) => showRefusal(store.edit((def) => renameSlide(def, index, e.currentTarget.value), `slide.${index}.name`))}
      />
      <Group>
        <Button variant="default" onClick={() => store.reset()}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Edit mode. Subscribes to the question being edited and to its condition targets' signature, not
 * to the whole definition: typing re-renders the editor only, and its selects only when what they
 * list changed.
 */
function QuestionPanel() {
  const store = useDesignerStore();
  const questionId = useDesigner((s) => s.question);
  const question = useDesigner((s) => (s.question === null ? undefined : questionIn(s.history.present, s.question)));
  const targets = useTargets(useDesigner((s) => (s.question === null ? '[]' : targetsSignature(s.history.present, s.question))));
  const onChange = useCallback(
    (patch: Partial<Question>, key?: string) => {
      if (questionId) showRefusal(store.edit((def) => updateQuestion(def, questionId, patch), key));
    },
    [store, questionId],
  );
  const onClose = useCallback(() => store.reset(), [store]);
  if (!question || questionId === null) return <ResetOnMissing />;
  return <QuestionEditor question={question} questionId={questionId} targets={targets} onChange={onChange} onClose={onClose} />;
}

/** What was being edited no longer exists (an undo removed it): show the list again. */
function ResetOnMissing() {
  const store = useDesignerStore();
  useEffect(() => store.reset(), [store]);
  return null;
}

/** The questions of a definition by id, worked out once per definition (every edit makes a new one). */
const questionMaps = new WeakMap<FormDefinition, Map<string, Question>>();

/** A question of the definition, anywhere in it (sections included); the stored object itself. */
export function questionIn(definition: FormDefinition, id: string): Question | undefined {
  let byId = questionMaps.get(definition);
  if (!byId) questionMaps.set(definition, (byId = new Map(allQuestions(definition).map((q) => [q.id, q]))));
  return byId.get(id);
}

import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { locateQuestion, renameSlide, updateQuestion, type Question } from '@hub/model/forms';
import { useCallback, useEffect } from 'react';
import { showRefusal } from './notify';
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

function QuestionPanel() {
  const store = useDesignerStore();
  const questionId = useDesigner((s) => s.question);
  const definition = useDesigner((s) => s.history.present);
  const exists = questionId !== null && locateQuestion(definition, questionId) !== null;
  const onChange = useCallback(
    (patch: Partial<Question>, key?: string) => {
      if (questionId) showRefusal(store.edit((def) => updateQuestion(def, questionId, patch), key));
    },
    [store, questionId],
  );
  const onClose = useCallback(() => store.reset(), [store]);
  if (!exists || questionId === null) return <ResetOnMissing />;
  return <QuestionEditor definition={definition} questionId={questionId} onChange={onChange} onClose={onClose} />;
}

/** What was being edited no longer exists (an undo removed it): show the list again. */
function ResetOnMissing() {
  const store = useDesignerStore();
  useEffect(() => store.reset(), [store]);
  return null;
}

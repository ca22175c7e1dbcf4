import { Accordion, ActionIcon, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  addQuestion,
  addSlide,
  allQuestions,
  deleteQuestion,
  deleteSlide,
  duplicateQuestion,
  duplicateSlide,
  locateQuestion,
  moveQuestion,
  moveSlide,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  type FormDefinition,
  type Question,
  type QuestionType,
  type Slide,
  type SlideKind,
} from '@hub/model/forms';
import { IconAsterisk, IconChecklist, IconDots, IconEye, IconGripVertical, IconPlus } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { LazyMenu } from './LazyMenu';
import { showRefusal } from './notify';
import { useDesigner, useDesignerStore, type DesignerStore } from './store';
import classes from './Designer.module.css';

const SLIDE_KINDS: { kind: SlideKind; label: string }[] = [
  { kind: 'standard', label: 'Standard' },
  { kind: 'notification', label: 'Notification' },
  { kind: 'review', label: 'Review' },
];

/** Where a drop on `overId` puts the dragged question (a question row, or the end of a slide or section list). */
export function dropTarget(
  def: FormDefinition,
  activeId: string,
  overId: string,
): { slide: number; section: string | null; index: number } | null {
  const from = locateQuestion(def, activeId);
  if (!from) return null;
  const end = (slide: number, section: string | null, length: number) => ({
    slide,
    section,
    index: from.slide === slide && from.section === section ? length - 1 : length,
  });
  // A slide's list, or its header (a closed slide takes drops there).
  if (overId.startsWith('slide:') || overId.startsWith('slide-head:')) {
    const slide = Number(overId.slice(overId.indexOf(':') + 1));
    return def.slides[slide] ? end(slide, null, def.slides[slide].contents.length) : null;
  }
  if (overId.startsWith('section:')) {
    const id = overId.slice(8);
    const at = locateQuestion(def, id);
    if (!at) return null;
    const list = at.section === null ? def.slides[at.slide].contents : null;
    const section = (list ?? findSectionList(def, at)).find((q) => q.id === id);
    return end(at.slide, id, section?.contents?.length ?? 0);
  }
  return locateQuestion(def, overId);
}

function findSectionList(def: FormDefinition, at: { slide: number; section: string | null }): Question[] {
  const walk = (qs: Question[]): Question[] | null => {
    for (const q of qs) {
      if (q.id === at.section) return q.contents ?? [];
      const inner = q.contents ? walk(q.contents) : null;
      if (inner) return inner;
    }
    return null;
  };
  return walk(def.slides[at.slide]?.contents ?? []) ?? [];
}

/** Moves a question one place up or down within its list (the keyboard-friendly menu items). */
export function stepQuestion(store: DesignerStore, id: string, delta: -1 | 1) {
  showRefusal(
    store.edit((def) => {
      const at = locateQuestion(def, id);
      if (!at) return { ok: false, message: 'This question no longer exists.' };
      const list = at.section === null ? def.slides[at.slide].contents : findSectionList(def, at);
      const index = at.index + delta;
      if (index >= 0 && index < list.length) return moveQuestion(def, id, { slide: at.slide, section: at.section, index });
      // Past the edge of a section: out of it, just before or after it.
      if (at.section !== null) {
        const section = locateQuestion(def, at.section);
        if (!section) return { ok: false, message: 'This question no longer exists.' };
        return moveQuestion(def, id, { slide: section.slide, section: section.section, index: section.index + (delta < 0 ? 0 : 1) });
      }
      // Past the end of a slide's own list: on to the neighbouring slide.
      const slide = at.slide + delta;
      if (!def.slides[slide])
        return { ok: false, message: delta < 0 ? 'This question is already first.' : 'This question is already last.' };
      return moveQuestion(def, id, { slide, section: null, index: delta < 0 ? def.slides[slide].contents.length : 0 });
    }),
  );
}

/** Moves a question out of its form section, to just after the section (same slide). */
export function moveOutOfSection(store: DesignerStore, id: string) {
  showRefusal(
    store.edit((def) => {
      const at = locateQuestion(def, id);
      if (!at) return { ok: false, message: 'This question no longer exists.' };
      if (at.section === null) return { ok: false, message: 'This question is not in a section.' };
      const section = locateQuestion(def, at.section)!;
      return moveQuestion(def, id, { slide: section.slide, section: section.section, index: section.index + 1 });
    }),
  );
}

const questionIn = (def: FormDefinition, id: string) => allQuestions(def).find((q) => q.id === id);
const quoted = (def: FormDefinition, id: string) => `"${questionIn(def, id)?.title || 'Untitled question'}"`;
const questionName = (def: FormDefinition, id: string) => `question ${quoted(def, id)}`;
const slideName = (def: FormDefinition, index: number) => `slide ${index + 1}, "${def.slides[index]?.name || 'Untitled slide'}"`;

/** What a screen reader says for a drop target: a question, the end of a slide or of a section. */
export function droppableName(def: FormDefinition, overId: UniqueIdentifier): string {
  const id = String(overId);
  if (id.startsWith('slide:') || id.startsWith('slide-head:')) return `the end of ${slideName(def, Number(id.slice(id.indexOf(':') + 1)))}`;
  if (id.startsWith('section:')) return `the end of section "${questionIn(def, id.slice(8))?.title || 'Untitled section'}"`;
  return questionName(def, id);
}

/** Drag-and-drop announcements naming questions and slides by their titles (not internal ids). */
export function dragAnnouncements(definition: () => FormDefinition): Announcements {
  const where = (def: FormDefinition, id: string) => {
    const at = locateQuestion(def, id);
    return at ? slideName(def, at.slide) : 'the form';
  };
  return {
    onDragStart: ({ active }) => {
      const def = definition();
      return `Picked up ${questionName(def, String(active.id))} on ${where(def, String(active.id))}.`;
    },
    onDragOver: ({ active, over }) => {
      const def = definition();
      return over
        ? `Question ${quoted(def, String(active.id))} is over ${droppableName(def, over.id)}.`
        : `Question ${quoted(def, String(active.id))} is no longer over a place to drop it.`;
    },
    onDragEnd: ({ active, over }) => {
      const def = definition();
      return over
        ? `Question ${quoted(def, String(active.id))} was dropped on ${droppableName(def, over.id)}.`
        : `Question ${quoted(def, String(active.id))} was dropped where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${questionName(definition(), String(active.id))} was cancelled.`,
  };
}

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a question, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel. The question menu also moves it up, down and out of a section.',
};

/**
 * View mode: slides as accordions with their questions; drag and drop or keyboard to reorder.
 * Only the first slide and those opened or edited since are open (the store keeps them across
 * the sidebar's modes), and a closed slide renders no rows: a form of a hundred questions opens
 * as fast as one of ten.
 */
export function SlideList() {
  const store = useDesignerStore();
  const slides = useDesigner((s) => s.history.present.slides);
  const open = useDesigner((s) => s.open);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const [announcements] = useState(() => dragAnnouncements(() => store.definition));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return;
    const activeId = String(active.id);
    const to = dropTarget(store.definition, activeId, String(over.id));
    if (to) showRefusal(store.edit((def) => moveQuestion(def, activeId, to)));
  };

  const add = (kind: SlideKind) => {
    const result = showRefusal(store.edit((def) => addSlide(def, kind)));
    if (result.ok) store.setOpen(store.opened(result.definition.slides.length - 1));
  };

  return (
    <div>
      {slides.length === 0 && (
        <Text c="dimmed" size="sm" py="sm">
          This form has no slides yet.
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <Accordion multiple value={open} onChange={store.setOpen} variant="separated" chevronPosition="left">
          {slides.map((slide, i) => (
            <SlideItem key={i} slide={slide} index={i} count={slides.length} opened={open.includes(String(i))} />
          ))}
        </Accordion>
      </DndContext>
      <LazyMenu
        position="bottom-start"
        target={
          <Button mt="md" variant="light" leftSection={<IconPlus size={16} />}>
            Add a new slide
          </Button>
        }
      >
        {SLIDE_KINDS.map((k) => (
          <Menu.Item key={k.kind} onClick={() => add(k.kind)}>
            {k.label}
          </Menu.Item>
        ))}
      </LazyMenu>
    </div>
  );
}

const SlideItem = memo(function SlideItem({
  slide,
  index,
  count,
  opened,
}: {
  slide: Slide;
  index: number;
  count: number;
  opened: boolean;
}) {
  const store = useDesignerStore();
  const [confirm, setConfirm] = useState(false);
  const edit = (change: (def: FormDefinition) => ReturnType<typeof deleteSlide>) => showRefusal(store.edit(change));
  // A closed slide takes a dragged question on its header (to the end of its list).
  const { setNodeRef, isOver } = useDroppable({ id: `slide-head:${index}`, disabled: opened });
  return (
    <Accordion.Item value={String(index)} data-testid={`slide-${index}`}>
      <div ref={setNodeRef} className={classes.slideHead} data-over={isOver || undefined}>
        {/* The visible text names the control (its number shown): "Slide 1: Site 3 questions". */}
        <Accordion.Control>
          <Text fw={600} size="sm">
            Slide {index + 1}: {slide.name || 'Untitled slide'}
          </Text>
          <Text size="xs" c="dimmed">
            {slide.contents.length} {slide.contents.length === 1 ? 'question' : 'questions'}
          </Text>
        </Accordion.Control>
        <LazyMenu
          position="bottom-end"
          withinPortal
          target={
            <ActionIcon variant="subtle" color="gray" className={classes.target} aria-label={`Slide menu: ${slide.name}`} mr="xs">
              <IconDots size={18} />
            </ActionIcon>
          }
        >
          <Menu.Item onClick={() => store.editSlide(index)}>Edit Slide</Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirm(true)}>
            Delete
          </Menu.Item>
          <Menu.Item onClick={() => edit((def) => duplicateSlide(def, index))}>Duplicate</Menu.Item>
          <Menu.Item disabled={index === 0} onClick={() => edit((def) => moveSlide(def, index, 'up'))}>
            Move Slide Up
          </Menu.Item>
          <Menu.Item disabled={index === count - 1} onClick={() => edit((def) => moveSlide(def, index, 'down'))}>
            Move Slide Down
          </Menu.Item>
        </LazyMenu>
      </div>
      {confirm && (
        <Group className={classes.confirm} role="alertdialog" aria-label="Please confirm" gap="xs" px="md" py="xs">
          <Text size="sm">Delete the slide &ldquo;{slide.name}&rdquo; and its questions?</Text>
          <Button
            size="xs"
            color="red"
            onClick={() => {
              setConfirm(false);
              edit((def) => deleteSlide(def, index));
            }}
          >
            Delete
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm(false)}>
            Cancel
          </Button>
        </Group>
      )}
      <Accordion.Panel>{opened && <QuestionList questions={slide.contents} slide={index} section={null} />}</Accordion.Panel>
    </Accordion.Item>
  );
});

const QuestionList = memo(function QuestionList({
  questions,
  slide,
  section,
}: {
  questions: Question[];
  slide: number;
  section: string | null;
}) {
  const { setNodeRef } = useDroppable({ id: section === null ? `slide:${slide}` : `section:${section}` });
  return (
    <div ref={setNodeRef} className={section === null ? classes.list : classes.sectionList}>
      <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
        {questions.map((q) => (
          <QuestionRow key={q.id} question={q} slide={slide} inSection={section !== null} />
        ))}
      </SortableContext>
      {questions.length === 0 && (
        <Text size="xs" c="dimmed" py={4}>
          {section === null ? 'No questions on this slide: add one or drop one here.' : 'No questions in this section: drop one here.'}
        </Text>
      )}
      <AddQuestionMenu slide={slide} section={section} />
    </div>
  );
});

function AddQuestionMenu({ slide, section }: { slide: number; section: string | null }) {
  const store = useDesignerStore();
  const add = (type: QuestionType) => {
    const result = showRefusal(store.edit((def) => addQuestion(def, { slide, section }, type)));
    if (result.ok && result.id) store.editQuestion(result.id, slide);
  };
  return (
    <LazyMenu
      position="bottom-start"
      withinPortal
      dropdownProps={{ mah: 360, style: { overflowY: 'auto' } }}
      target={
        <Button size="compact-sm" variant="subtle" mt={4} leftSection={<IconPlus size={14} />}>
          {section === null ? 'Add question' : 'Add question to section'}
        </Button>
      }
    >
      {QUESTION_TYPES.map((t) => (
        <Menu.Item key={t} onClick={() => add(t)}>
          {QUESTION_TYPE_NAMES[t]}
        </Menu.Item>
      ))}
    </LazyMenu>
  );
}

const QuestionRow = memo(function QuestionRow({ question, slide, inSection }: { question: Question; slide: number; inSection: boolean }) {
  const store = useDesignerStore();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: question.id });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : undefined };
  const typeName = QUESTION_TYPE_NAMES[question.questionType] ?? question.questionType;
  return (
    <div ref={setNodeRef} style={style} className={classes.row} data-testid={`question-${question.id}`}>
      <Group gap={4} wrap="nowrap" align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={`${classes.handle} ${classes.target}`}
          aria-label={`Drag to reorder: ${question.title}`}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <UnstyledButton className={classes.rowButton} onClick={() => store.editQuestion(question.id, slide)}>
          <Text size="sm" truncate>
            {question.title || 'Untitled question'}
          </Text>
          <Group gap={8} wrap="wrap">
            <Text size="xs" c="dimmed">
              {typeName}
            </Text>
            <RuleMarkers question={question} />
          </Group>
        </UnstyledButton>
        <LazyMenu
          position="bottom-end"
          withinPortal
          target={
            <ActionIcon variant="subtle" color="gray" size="sm" className={classes.target} aria-label={`Question menu: ${question.title}`}>
              <IconDots size={16} />
            </ActionIcon>
          }
        >
          <Menu.Item onClick={() => store.editQuestion(question.id, slide)}>Edit</Menu.Item>
          <Menu.Item onClick={() => stepQuestion(store, question.id, -1)}>Move up</Menu.Item>
          <Menu.Item onClick={() => stepQuestion(store, question.id, 1)}>Move down</Menu.Item>
          {inSection && <Menu.Item onClick={() => moveOutOfSection(store, question.id)}>Move out of section</Menu.Item>}
          <Menu.Item onClick={() => showRefusal(store.edit((def) => duplicateQuestion(def, question.id)))}>Duplicate</Menu.Item>
          <Menu.Item color="red" onClick={() => showRefusal(store.edit((def) => deleteQuestion(def, question.id)))}>
            Delete
          </Menu.Item>
        </LazyMenu>
      </Group>
      {question.questionType === 'formSection' && <QuestionList questions={question.contents ?? []} slide={slide} section={question.id} />}
    </div>
  );
});

/** Badges for a row's rules: shown only under conditions, required, and the number of other checks. */
export function ruleMarkers(question: Question): string[] {
  const markers: string[] = [];
  if (question.showConditions?.length) markers.push('Conditional');
  const validators = question.validators ?? [];
  if (validators.some((v) => v.validator === 'required')) markers.push('Required');
  const checks = validators.filter((v) => v.validator !== 'required').length;
  if (checks) markers.push(checks === 1 ? '1 check' : `${checks} checks`);
  return markers;
}

const MARKER_ICONS: Record<string, typeof IconEye> = { Conditional: IconEye, Required: IconAsterisk };

function RuleMarkers({ question }: { question: Question }) {
  return ruleMarkers(question).map((m) => {
    const Icon = MARKER_ICONS[m] ?? IconChecklist;
    return (
      <Text key={m} size="xs" c="dimmed" className={classes.marker}>
        <Icon size={12} aria-hidden />
        {m}
      </Text>
    );
  });
}

import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Fieldset,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { inputKey, kinds, messages, type EntityDef } from '@hub/model';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldInput } from '../../admin/record/FieldInput';
import { FileListField } from '../../admin/record/FileListField';
import type { Values } from '../../admin/record/record-values';
import { useRecordController, type RecordMode } from '../../admin/record/useRecordController';
import { formatLocal } from '../../ui/dates';
import { Crumbs, type Crumb } from '../../ui/Crumbs';
import classes from './touch.module.css';

export type RecordController = ReturnType<typeof useRecordController>;

/** A section of a member record page: a heading, then fields of the entity, a file list, or its own content. */
export interface RecordSection {
  legend: string;
  /** Fields of the entity, by name, in this order. */
  fields?: string[];
  /** A file list of the entity (a children field naming an attachment entity), e.g. 'assetAttachmentss'. */
  files?: string;
  /** Anything else, below the fields (e.g. linked child assets). */
  render?(rec: RecordController): ReactNode;
}

/** What a save asks first (e.g. taking an asset out of service): null when it asks nothing. */
export interface SaveQuestion {
  title: string;
  message: ReactNode;
  confirm: string;
}

/**
 * The member record frame (issue 11): crumbs, a title, sections with headings, view / edit /
 * create modes, Save and Cancel (sticky at the bottom on phones), the model's validation (the
 * server's own messages, instantly), the spec's error and success texts, upload progress. Built on
 * the back-office's useRecordController and FieldInput (no second record machine).
 *
 * Props:
 * - entity, mode, id; `listPath`: where Cancel goes when there is no previous page; `editPath`: the
 *   view's Edit (default {listPath}/edit/{id}); `canEdit`: narrows Edit below the update right.
 * - `heading(loaded)`: the view's title (create and edit say 'Create {label}' / 'Edit {label}');
 *   `crumbs(loaded)`: the trail after Home (Crumbs skips view and edit steps); `safety`.
 * - `sections`; `locked(rec)`: fields shown read-only in edit (with `lockedNote` above them);
 *   `fieldOverride`: a field's own input (e.g. a computed date);
 *   `fieldView`: a field's value in view, drawn by the page (a due date with its marker).
 * - `texts` { saved, failed }, `onSaved`, `savedPath`, `shapeInput`, `initial`: as useRecordController's.
 * - `ask(rec)`: a question before saving (confirm or stay); `actions(rec)`: buttons in the header (Delete).
 */
export function MemberRecordPage(props: {
  entity: EntityDef;
  mode: RecordMode;
  id?: string;
  listPath: string;
  editPath?: string;
  canEdit?: boolean;
  heading(loaded: Values | null): string;
  crumbs(loaded: Values | null): Crumb[];
  safety?: boolean;
  sections: RecordSection[];
  locked?(rec: RecordController): string[];
  lockedNote?: ReactNode;
  fieldOverride?: Record<string, (rec: RecordController) => ReactNode>;
  /** In view, a field's value shown this way instead of formatted (e.g. a due date with its marker); undefined: as formatted. */
  fieldView?: Record<string, (rec: RecordController) => ReactNode>;
  texts?: { saved?: string; failed?: string };
  onSaved?(id: string): void;
  /** Where a save goes instead of back (a new record's view), as useRecordController's. */
  savedPath?(id: string): string | null;
  shapeInput?(input: Values, values: Values): Values;
  initial?: Values;
  ask?(rec: RecordController): SaveQuestion | null;
  actions?(rec: RecordController): ReactNode;
}) {
  const { entity, mode, id } = props;
  const rec = useRecordController({
    entity,
    mode,
    id,
    listPath: props.listPath,
    texts: props.texts,
    onSaved: props.onSaved,
    savedPath: props.savedPath,
    shapeInput: props.shapeInput,
    initial: props.initial,
  });
  const { record, loaded, current, issues, submitted, serverErrors } = rec;
  const phone = useMatches({ base: true, sm: false });
  const [showDetails, setShowDetails] = useState(false);
  const [question, setQuestion] = useState<SaveQuestion | null>(null);
  // A save refused by the form's own checks: the first invalid field gets the focus, in view.
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refused) return;
    const form = formRef.current;
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] input, [data-error] input');
    const target = invalid ?? bannerRef.current;
    if (!target) return;
    // Centred, so the sticky Save bar on phones never covers it.
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
  }, [refused]);

  // Loading, and the frame between a load and its values: never a blank page.
  if ((mode !== 'create' && record.isPending) || (!current && !record.isError && (mode === 'create' || loaded)))
    return (
      <Center py="xl">
        <Loader size="sm" mr="sm" aria-hidden />
        <Text>Loading {entity.label}...</Text>
      </Center>
    );
  if (mode !== 'create' && (record.isError || !loaded))
    return (
      <Container size="md" py="md">
        <Alert color="red" title={`Error Loading ${entity.label}`}>
          {record.error instanceof Error ? record.error.message : 'The record does not exist or you are not allowed to see it'}
        </Alert>
      </Container>
    );
  if (!current) return null;

  const locked = new Set(mode === 'edit' ? (props.locked?.(rec) ?? []) : []);
  const fieldDefs = new Map(rec.fields);
  const renderField = (name: string) => {
    const own = props.fieldOverride?.[name];
    if (own) return <div key={name}>{own(rec)}</div>;
    const f = fieldDefs.get(name);
    if (!f || (mode === 'view' && f.writeOnly)) return null;
    const key = inputKey(name, f);
    const upload = kinds[f.kind].upload;
    return (
      <FieldInput
        key={name}
        name={name}
        field={f}
        value={upload && current[name] instanceof File ? current[name] : current[key]}
        record={loaded}
        mode={locked.has(name) ? 'view' : mode}
        error={rec.errorFor(key)}
        onChange={(v) => rec.set(upload ? name : key, v)}
        onBlur={() => rec.touch(key)}
        shown={mode === 'view' ? props.fieldView?.[name]?.(rec) : undefined}
      />
    );
  };
  const renderFiles = (name: string) => {
    const list = rec.lists.find((l) => l.name === name);
    if (!list) return null;
    return (
      <FileListField
        key={name}
        list={list}
        parentId={mode === 'create' ? undefined : id}
        mode={locked.has(name) ? 'view' : mode}
        change={rec.fileChanges[list.name] ?? { add: [], remove: [] }}
        onChange={(c) => rec.setFileChange(list.name, c)}
        canAdd={rec.allowed('create', list.target.name)}
        canRemove={rec.allowed('delete', list.target.name)}
        multiple={false}
        saveWord="Save"
      />
    );
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (issues.length) setRefused((n) => n + 1);
    const q = issues.length ? null : (props.ask?.(rec) ?? null);
    if (q) setQuestion(q);
    else void rec.submit();
  }

  const canEdit = rec.allowed('update') && (props.canEdit ?? true);
  const title = mode === 'create' ? `Create ${entity.label}` : mode === 'edit' ? `Edit ${entity.label}` : props.heading(loaded);
  const bar = phone
    ? ({
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
        paddingBlock: 'var(--mantine-spacing-xs)',
      } as const)
    : undefined;
  const size = phone ? 'md' : 'sm';

  return (
    <Container size="md" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={props.crumbs(loaded)} safety={props.safety} />
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap="sm">
          {mode === 'view' && canEdit && (
            <Button component={Link} to={props.editPath ?? `${props.listPath}/edit/${id}`} mih={44}>
              Edit
            </Button>
          )}
          {props.actions?.(rec)}
        </Group>
      </Group>
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={title}
        className={classes.touch}
        ref={formRef}
      >
        <Stack gap="md">
          {submitted && issues.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive" ref={bannerRef} tabIndex={-1}>
              <Text>{messages.genericForm}</Text>
              <Stack component="ul" gap={2} mt={6} mb={0} pl="md">
                {problemsOf(issues, fieldDefs).map((p) => (
                  <Text component="li" key={p} size="sm">
                    {p}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {serverErrors.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive" title={props.texts?.failed ?? messages.couldNotSave}>
              {serverErrors.length === 1 ? (
                <Text size="sm">{serverErrors[0]}</Text>
              ) : (
                <>
                  <Anchor component="button" type="button" size="sm" onClick={() => setShowDetails((s) => !s)}>
                    {showDetails ? 'Hide Detailed Errors' : 'Show Detailed Errors'}
                  </Anchor>
                  {showDetails &&
                    serverErrors.map((m) => (
                      <Text key={m} size="sm">
                        {m}
                      </Text>
                    ))}
                </>
              )}
            </Alert>
          )}
          {locked.size > 0 && props.lockedNote && (
            <Alert color="yellow" variant="light">
              {props.lockedNote}
            </Alert>
          )}
          {props.sections.map((s) => (
            <Fieldset key={s.legend} legend={s.legend} variant="filled" radius="md">
              <Stack gap="sm">
                {s.fields?.map(renderField)}
                {s.files && renderFiles(s.files)}
                {s.render?.(rec)}
              </Stack>
            </Fieldset>
          ))}
          {mode !== 'create' && loaded && (
            <Text size="xs" c="gray.7">
              Created {formatLocal(loaded.created as string)} · Modified {formatLocal(loaded.modified as string)}
            </Text>
          )}
          {rec.progress && (
            <Stack gap={4} aria-live="polite">
              <Text size="sm">
                Uploading {rec.progress.fileName}... {Math.round(rec.progress.fraction * 100)}%
              </Text>
              <Progress value={rec.progress.fraction * 100} aria-label={`Uploading ${rec.progress.fileName}`} />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm" style={bar} grow={phone}>
            <Button variant="default" size={size} onClick={() => rec.back()}>
              {mode === 'view' ? 'Back' : 'Cancel'}
            </Button>
            {mode !== 'view' && (
              <Button type="submit" size={size} loading={rec.saving}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Modal opened={!!question} onClose={() => setQuestion(null)} title={question?.title} centered>
        <Stack>
          <div>{question?.message}</div>
          {/* One line at 375 px: the two share the row (the smaller size on phones). */}
          <Group justify="flex-end" wrap="nowrap" gap="xs">
            <Button variant="default" onClick={() => setQuestion(null)} mih={44} size={phone ? 'sm' : 'md'} px="sm">
              Cancel
            </Button>
            <Button
              color="red"
              mih={44}
              size={phone ? 'sm' : 'md'}
              px="sm"
              onClick={() => {
                setQuestion(null);
                void rec.submit();
              }}
            >
              {question?.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

/** The banner's lines after a refused save: each problem once, named by its field ('Document Link: ...'), the first few. */
export function problemsOf(issues: { path: string; message: string }[], fields: Map<string, { label?: string }>): string[] {
  const lines = issues.map((i) => {
    const name = i.path.split('.')[0];
    const field = fields.get(name) ?? fields.get(name.replace(/Id$/, ''));
    return field?.label && !i.message.includes(field.label) ? `${field.label}: ${i.message}` : i.message;
  });
  const unique = [...new Set(lines)];
  return unique.length > 4 ? [...unique.slice(0, 4), `and ${unique.length - 4} more`] : unique;
}

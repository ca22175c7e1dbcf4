import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Modal, Select, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openVersion, saveDecision, type VersionSummary } from '@hub/model/forms';
import { parseWireDate } from '@hub/model/values';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useBlocker, useNavigate, useParams, useSearchParams, type BlockerFunction } from 'react-router';
import { StatusBadge } from '../StatusBadge';
import { definitionOf, loadForm, saveVersion, type DesignerForm } from './api';
import classes from './Designer.module.css';
import { LivePreview } from './Preview';
import { Sidebar } from './Sidebar';
import { DesignerContext, DesignerStore, useDesigner, useDesignerStore } from './store';

/** Where the designer goes after saving and on Cancel (back-office.md section 4: the return route). */
export const RETURN_ROUTE = '/admin/forms';

declare global {
  interface Window {
    /** performance.now() when the designer first showed a loaded form (bench/designer.ts). */
    __designerReady?: number;
  }
}

/**
 * The form designer (back-office.md 2.8), /admin/forms/build/:entity/:id[?version=<id>]: the
 * entity is FormsEntity in any letter case, anything else goes to /404.
 */
export default function DesignerPage() {
  const { entity, id } = useParams();
  const [search] = useSearchParams();
  if (entity !== undefined && entity.toLowerCase() !== 'formsentity') return <Navigate to="/404" replace />;
  if (!id)
    return (
      <Stack align="center" py="xl">
        <Title order={2}>No Version</Title>
        <Anchor component={Link} to={RETURN_ROUTE}>
          Back to the Forms Builder
        </Anchor>
      </Stack>
    );
  return <DesignerLoader key={id} formId={id} requestedVersion={search.get('version')} />;
}

type Loaded = { form: DesignerForm; versions: VersionSummary[]; selected: VersionSummary; store: DesignerStore };

function open(form: DesignerForm, requested: string | null): Omit<Loaded, 'store'> & { definition: ReturnType<typeof definitionOf> } {
  const { versions, selected } = openVersion(form, requested);
  return { form, versions, selected, definition: definitionOf(selected) };
}

function DesignerLoader({ formId, requestedVersion }: { formId: string; requestedVersion: string | null }) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & Loaded)>({
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    loadForm(formId)
      .then((form) => {
        const o = open(form, requestedVersion);
        if (live) setState({ status: 'ready', ...o, store: new DesignerStore(o.definition) });
      })
      .catch((e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [formId, requestedVersion]);

  if (state.status === 'loading')
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (state.status === 'error')
    return (
      <Alert color="red" title="Something went wrong with loading the data." role="alert">
        {state.message}
      </Alert>
    );
  return (
    <DesignerContext.Provider value={state.store}>
      <Designer initial={state} />
    </DesignerContext.Provider>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A wire date as YYYY-MM-DD HH:mm:ss in the viewer's time zone (2.8's last-updated time). */
export function lastUpdated(wire: string | null | undefined): string {
  const d = wire ? parseWireDate(wire) : null;
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const versionKey = (v: VersionSummary) => v.id ?? `new-${v.version}`;

function Designer({ initial }: { initial: Omit<Loaded, 'store'> }) {
  const store = useDesignerStore();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial.form);
  const [versions, setVersions] = useState(initial.versions);
  const [selected, setSelected] = useState(initial.selected);
  const [tab, setTab] = useState<string | null>('build');
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null);
  const [leaving, setLeaving] = useState<null | { then: () => void }>(null);
  const dirty = useDesigner((s) => s.history.present !== s.saved);

  useEffect(() => {
    window.__designerReady ??= performance.now();
  }, []);

  // Unsaved changes: the browser asks before the page is left.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Undo: Ctrl+Z; redo: Ctrl+Shift+Z or Ctrl+Y (Cmd on a Mac).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) store.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') store.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const guard = (then: () => void) => (store.dirty ? setLeaving({ then }) : then());

  // Leaving inside the app (Cancel, a sidebar link, the browser's Back) with unsaved changes:
  // the leave modal asks first. Not once saved, nor for the address's ?version= alone.
  const saving = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => !saving.current && store.dirty && nextLocation.pathname !== currentLocation.pathname,
      [store],
    ),
  );
  const asking = leaving !== null || blocker.state === 'blocked';
  const stay = () => {
    setLeaving(null);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    const then = leaving?.then;
    setLeaving(null);
    if (blocker.state === 'blocked') blocker.proceed();
    then?.();
  };

  const pick = (key: string | null) => {
    const v = versions.find((x) => versionKey(x) === key);
    if (!v || v === selected) return;
    guard(() => {
      try {
        store.load(definitionOf(v));
        setSelected(v);
      } catch (e) {
        notifications.show({ color: 'red', title: 'Something went wrong with loading the data.', message: (e as Error).message });
      }
    });
  };

  const save = async (publishVersion: boolean) => {
    setBusy(publishVersion ? 'publish' : 'draft');
    const definition = store.definition;
    try {
      const saved = await saveVersion(saveDecision(form, selected), {
        formId: form.id,
        versionId: selected.id,
        definition,
        publishVersion,
      });
      store.markSaved();
      // Saved: going to the return route is not leaving unsaved changes (edits typed meanwhile included).
      saving.current = true;
      // The version list is replaced by the server's; the saved version is selected.
      const fresh = await loadForm(form.id).catch(() => null);
      if (fresh) {
        const o = openVersion(fresh, saved.id);
        setForm(fresh);
        setVersions(o.versions);
        setSelected(o.selected);
      }
      notifications.show({
        color: 'green',
        message: publishVersion ? `Version ${saved.version} published` : `Version ${saved.version} saved`,
      });
      void navigate(RETURN_ROUTE);
    } catch (e) {
      saving.current = false;
      notifications.show({ color: 'red', title: 'Could not save form version', message: (e as Error).message, autoClose: false });
    } finally {
      setBusy(null);
    }
  };

  const published = selected.id !== null && selected.id === form.publishedVersionId;
  return (
    <Stack gap="md" data-testid="designer">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2}>{form.name}</Title>
          <Group gap="sm">
            {/* The Forms Builder's badge: Published on dark green, Draft on yellow, both AA. */}
            <span data-testid="designer-status">
              <StatusBadge status={published ? 'Published' : 'Draft'} />
            </span>
            {selected.modified && (
              <Text size="sm" c="dimmed">
                Last updated {lastUpdated(selected.modified)}
              </Text>
            )}
            {dirty && (
              // Darker than orange.9 (#d9480f, 4.3:1 on white, short of AA): about 5.8:1.
              <Text size="sm" c="#b04107">
                Unsaved changes
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs" align="center">
          <Select
            aria-label="Version"
            w={215}
            allowDeselect={false}
            value={versionKey(selected)}
            onChange={pick}
            data={[...versions]
              .sort((a, b) => b.version - a.version)
              .map((v) => ({
                value: versionKey(v),
                label: `Version ${v.version}${v.id !== null && v.id === form.publishedVersionId ? ' (published)' : v.id === null ? ' (new)' : ''}`,
              }))}
          />
          <UndoRedo />
          <Button variant="default" onClick={() => void navigate(RETURN_ROUTE)}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => void save(false)} loading={busy === 'draft'} disabled={busy === 'publish'}>
            Save Draft
          </Button>
          <Button onClick={() => void save(true)} loading={busy === 'publish'} disabled={busy === 'draft'}>
            Save and Publish
          </Button>
        </Group>
      </Group>
      <FormSettings />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="build">Build</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <div className={classes.build}>
            <aside className={classes.sidebar} aria-label="Slides and questions">
              <Sidebar />
            </aside>
            <section className={classes.preview} aria-label="Live preview">
              <LivePreview follow />
            </section>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <section className={classes.preview} aria-label="Preview">
            <LivePreview follow={false} />
          </section>
        </Tabs.Panel>
      </Tabs>
      <Modal opened={asking} onClose={stay} title="Unsaved changes" centered>
        <Text mb="md">You have unsaved changes. Leave without saving?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={stay} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={leave}>
            Leave
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Settings of the whole form (not of a slide or question): whether photos keep their location and time. */
function FormSettings() {
  const store = useDesignerStore();
  const keep = useDesigner((s) => !!s.history.present.keepPhotoMetadata);
  return (
    <Checkbox
      label="Keep photo location and time"
      description="Photos taken for this form keep where and when they were taken (EXIF GPS and date). Otherwise the device removes them before uploading."
      checked={keep}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        store.edit((def) => {
          const { keepPhotoMetadata: _was, ...rest } = def;
          return { ok: true, definition: on ? { ...rest, keepPhotoMetadata: true } : rest };
        });
      }}
    />
  );
}

function UndoRedo() {
  const store = useDesignerStore();
  const undoable = useDesigner((s) => s.history.past.length > 0);
  const redoable = useDesigner((s) => s.history.future.length > 0);
  return (
    <Button.Group>
      <Tooltip label="Undo (Ctrl+Z)">
        <Button variant="default" px="xs" aria-label="Undo" disabled={!undoable} onClick={() => store.undo()}>
          <IconArrowBackUp size={18} />
        </Button>
      </Tooltip>
      <Tooltip label="Redo (Ctrl+Shift+Z)">
        <Button variant="default" px="xs" aria-label="Redo" disabled={!redoable} onClick={() => store.redo()}>
          <IconArrowForwardUp size={18} />
        </Button>
      </Tooltip>
    </Button.Group>
  );
}

import { describe, it, expect } from 'vitest';
import {
  emptyDefinition,
  formStatus,
  hasDraft,
  openVersion,
  saveDecision,
  versionActions,
  versionStatus,
  type FormVersions,
  type VersionSummary,
} from './versions';
import { parseFormDefinition } from './definition';

const v = (id: string, version: number, extra: Partial<VersionSummary> = {}): VersionSummary => ({ id, version, active: true, ...extra });
const form = (publishedVersionId: string | null, ...formVersions: VersionSummary[]): FormVersions => ({ publishedVersionId, formVersions });

const v1 = v('v1', 1);
const v2 = v('v2', 2);
const v3 = v('v3', 3);

describe('version status (versions page Status column)', () => {
  it('names the published version, the latest draft and the other active versions', () => {
    const f = form('v2', v1, v2, v3);
    expect([v1, v2, v3].map((x) => versionStatus(f, x))).toEqual(['Active version', 'Published version', 'Draft']);
  });

  it('calls the latest version published, not draft, when it is the published one', () => {
    const f = form('v3', v1, v2, v3);
    expect(versionStatus(f, v3)).toBe('Published version');
    expect(versionStatus(f, v2)).toBe('Active version');
  });

  it('calls every version but the latest active when nothing is published', () => {
    const f = form(null, v1, v2);
    expect([v1, v2].map((x) => versionStatus(f, x))).toEqual(['Active version', 'Draft']);
  });

  it('does not take an unsaved version (id null) for the published one', () => {
    const unsaved: VersionSummary = { id: null, version: 1 };
    expect(versionStatus(form(null, unsaved), unsaved)).toBe('Draft');
  });
});

describe('form status', () => {
  it('is Draft without versions', () => {
    expect(formStatus(form(null))).toBe('Draft');
  });
  it('is Draft when nothing is published', () => {
    expect(formStatus(form(null, v1))).toBe('Draft');
  });
  it('is Published when the published version is the latest', () => {
    expect(formStatus(form('v2', v1, v2))).toBe('Published');
  });
  it('is Draft when a newer version than the published one exists', () => {
    expect(formStatus(form('v1', v1, v2))).toBe('Draft');
  });
  it('is Draft when the published version is not among the versions', () => {
    expect(formStatus(form('gone', v1))).toBe('Draft');
  });
});

describe('hasDraft (the draft prompt)', () => {
  it('is false without versions and when the latest is published', () => {
    expect(hasDraft(form(null))).toBe(false);
    expect(hasDraft(form('v2', v1, v2))).toBe(false);
  });
  it('is true with a version newer than the published one', () => {
    expect(hasDraft(form('v2', v1, v2, v3))).toBe(true);
  });
  it('is true when versions exist and none is published', () => {
    expect(hasDraft(form(null, v1))).toBe(true);
  });
});

describe('version actions', () => {
  it('gives the published version no actions', () => {
    expect(versionActions(form('v2', v1, v2, v3), v2)).toEqual({ archive: false, promote: false });
  });
  it('lets the latest draft be archived but not promoted', () => {
    expect(versionActions(form('v2', v1, v2, v3), v3)).toEqual({ archive: true, promote: false });
  });
  it('lets an older active version be archived and promoted', () => {
    expect(versionActions(form('v2', v1, v2, v3), v1)).toEqual({ archive: true, promote: true });
  });
  it('offers nothing on an archived (inactive) version', () => {
    const old = v('v1', 1, { active: false });
    expect(versionActions(form('v2', old, v2, v3), old)).toEqual({ archive: false, promote: false });
    const unknown = v('v1', 1, { active: null });
    expect(versionActions(form('v2', unknown, v2, v3), unknown)).toEqual({ archive: false, promote: false });
  });
});

describe('opening the designer', () => {
  it('starts a form without versions on an empty, active, unsaved version 1', () => {
    const { versions, selected } = openVersion(form(null));
    expect(versions).toEqual([{ id: null, version: 1, active: true, formData: emptyDefinition() }]);
    expect(selected).toBe(versions[0]);
    expect(emptyDefinition()).toEqual({ slides: [], pagination: { type: '' }, customOptions: [] });
    expect(parseFormDefinition(emptyDefinition()).ok).toBe(true);
  });

  it('opens the requested version when it exists', () => {
    expect(openVersion(form('v2', v1, v2, v3), 'v1').selected).toBe(v1);
  });

  it('opens the published version when none or an unknown one is requested', () => {
    expect(openVersion(form('v2', v1, v2, v3)).selected).toBe(v2);
    expect(openVersion(form('v2', v1, v2, v3), 'nope').selected).toBe(v2);
  });

  it('opens the highest version when nothing is published', () => {
    expect(openVersion(form(null, v2, v3, v1)).selected).toBe(v3);
  });

  it('keeps the form versions as the list', () => {
    const f = form('v1', v1, v2);
    expect(openVersion(f).versions).toBe(f.formVersions);
  });

  it('gives each call its own empty definition', () => {
    const a = openVersion(form(null)).selected.formData;
    const b = openVersion(form(null)).selected.formData;
    expect(a).not.toBe(b);
  });
});

describe('save decision', () => {
  it('creates a version for an unsaved one', () => {
    expect(saveDecision(form(null), { id: null, version: 1 })).toBe('create');
  });
  it('creates a version when nothing is published yet', () => {
    expect(saveDecision(form(null, v1), v1)).toBe('create');
  });
  it('creates a version when saving the published one (it is immutable)', () => {
    expect(saveDecision(form('v2', v1, v2), v2)).toBe('create');
  });
  it('updates the selected version when another version is published', () => {
    expect(saveDecision(form('v1', v1, v2), v2)).toBe('update');
  });
  it('creates a version when submissions were filled on the selected one', () => {
    expect(saveDecision(form('v1', v1, v2), { ...v2, inUse: true })).toBe('create');
  });
});

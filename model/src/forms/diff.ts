import type { FormDefinition, Question, Slide, QuestionOption, QuestionType, QuestionValidator, ShowCondition } from './types';
import { QUESTION_TYPE_NAMES } from './designer';

/**
 * A readable difference between two form definitions (issue 12 item 8): what a promotion or a
 * new version changes. Questions are matched by id, slides by name (when unique) and otherwise
 * by position.
 */
export type DefinitionChange =
  | { kind: 'slideAdded' | 'slideRemoved'; slide: string; index: number }
  | { kind: 'slideMoved'; slide: string; from: number; to: number }
  | { kind: 'slideRenamed'; index: number; before: string; after: string }
  | { kind: 'questionAdded' | 'questionRemoved'; id: string; title: string; slide: string }
  | { kind: 'questionMoved'; id: string; title: string; from: string; to: string }
  | { kind: 'questionChanged'; id: string; title: string; field: string; before: unknown; after: unknown }
  | { kind: 'paginationChanged'; before: string; after: string };

export const DIFF_FIELDS = [
  'title',
  'questionType',
  'toolTip',
  'className',
  'content',
  'options',
  'showConditions',
  'validators',
  'notAfterChange',
] as const;

interface Placed {
  q: Question;
  slide: number;
  section: Question | null;
  index: number;
}

function place(def: FormDefinition): Map<string, Placed> {
  const out = new Map<string, Placed>();
  const walk = (qs: Question[], slide: number, section: Question | null): void =>
    qs.forEach((q, index) => {
      if (!out.has(q.id)) out.set(q.id, { q, slide, section, index });
      if (q.contents) walk(q.contents, slide, q);
    });
  def.slides.forEach((s, i) => walk(s.contents, i, null));
  return out;
}

/** Indexes (into `seq`) of a longest strictly increasing subsequence. */
function longestIncreasing(seq: number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array<number>(seq.length).fill(-1);
  seq.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  });
  const keep = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) keep.add(i);
  return keep;
}

/** Canonical JSON (sorted keys) so equal values compare equal whatever their key order. */
function canonical(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * An absent list and an empty one mean the same to the filler; so does a validator without a
 * `path` and one whose path is its own question (the definition's parser fills it in, and the
 * designer writes it out: the stored JSON of an unchanged question differed on it).
 */
function normalise(field: string, v: unknown, questionId: string): unknown {
  if ((field === 'options' || field === 'showConditions' || field === 'validators') && Array.isArray(v) && v.length === 0) return undefined;
  if (field === 'validators' && Array.isArray(v))
    return v.map((x) => {
      if (!x || typeof x !== 'object' || Array.isArray(x)) return x;
      const { path, ...rest } = x as Record<string, unknown>;
      return path === undefined || path === '' || path === questionId ? rest : { ...rest, path };
    });
  return v;
}

export function diffDefinitions(before: FormDefinition, after: FormDefinition): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  if ((before.pagination?.type ?? '') !== (after.pagination?.type ?? ''))
    changes.push({ kind: 'paginationChanged', before: before.pagination?.type ?? '', after: after.pagination?.type ?? '' });

  // Slides: by unique name first, then the rest by position.
  const slideMap = new Map<number, number>(); // before index -> after index
  const countNames = (def: FormDefinition): Map<string, number> => {
    const m = new Map<string, number>();
    def.slides.forEach((s) => m.set(s.name, (m.get(s.name) ?? 0) + 1));
    return m;
  };
  const beforeNames = countNames(before);
  const afterNames = countNames(after);
  before.slides.forEach((s, i) => {
    if (beforeNames.get(s.name) === 1 && afterNames.get(s.name) === 1)
      slideMap.set(
        i,
        after.slides.findIndex((a) => a.name === s.name),
      );
  });
  const takenAfter = new Set(slideMap.values());
  // A renamed slide: the unmatched slide sharing the most question ids.
  const idsOf = (slide: Slide): Set<string> =>
    new Set(
      slide.contents.flatMap(function ids(x: Question): string[] {
        return [x.id, ...(x.contents ?? []).flatMap(ids)];
      }),
    );
  before.slides.forEach((s, i) => {
    if (slideMap.has(i)) return;
    const mine = idsOf(s);
    let best = -1;
    let bestShared = 0;
    after.slides.forEach((a, j) => {
      if (takenAfter.has(j)) return;
      const shared = [...idsOf(a)].filter((id) => mine.has(id)).length;
      if (shared > bestShared) [best, bestShared] = [j, shared];
    });
    if (best >= 0) {
      slideMap.set(i, best);
      takenAfter.add(best);
    }
  });
  before.slides.forEach((_, i) => {
    if (!slideMap.has(i) && i < after.slides.length && !takenAfter.has(i)) {
      slideMap.set(i, i);
      takenAfter.add(i);
    }
  });
  const pairs = [...slideMap.entries()].sort((a, b) => a[0] - b[0]);
  const stay = longestIncreasing(pairs.map(([, a]) => a));
  before.slides.forEach((s, i) => {
    if (!slideMap.has(i)) changes.push({ kind: 'slideRemoved', slide: s.name, index: i });
  });
  after.slides.forEach((s, i) => {
    if (!takenAfter.has(i)) changes.push({ kind: 'slideAdded', slide: s.name, index: i });
  });
  pairs.forEach(([b, a], k) => {
    if (before.slides[b].name !== after.slides[a].name)
      changes.push({ kind: 'slideRenamed', index: a, before: before.slides[b].name, after: after.slides[a].name });
    if (!stay.has(k)) changes.push({ kind: 'slideMoved', slide: after.slides[a].name, from: b, to: a });
  });

  // Questions by id.
  const was = place(before);
  const now = place(after);
  const label = (def: FormDefinition, p: Placed): string =>
    p.section ? `${def.slides[p.slide].name} / ${p.section.title}` : def.slides[p.slide].name;
  for (const [id, p] of was)
    if (!now.has(id)) changes.push({ kind: 'questionRemoved', id, title: p.q.title, slide: before.slides[p.slide].name });

  // Questions staying in their container may still be reordered within it.
  const containers = new Map<string, { id: string; beforeIndex: number; afterIndex: number }[]>();
  for (const [id, p] of now) {
    const old = was.get(id);
    if (!old) {
      changes.push({ kind: 'questionAdded', id, title: p.q.title, slide: after.slides[p.slide].name });
      continue;
    }
    const sameContainer = slideMap.get(old.slide) === p.slide && (old.section?.id ?? null) === (p.section?.id ?? null);
    if (!sameContainer) changes.push({ kind: 'questionMoved', id, title: p.q.title, from: label(before, old), to: label(after, p) });
    else {
      const key = `${p.slide}/${p.section?.id ?? ''}`;
      const list = containers.get(key) ?? [];
      list.push({ id, beforeIndex: old.index, afterIndex: p.index });
      containers.set(key, list);
    }
    for (const field of DIFF_FIELDS) {
      const b = normalise(field, (old.q as unknown as Record<string, unknown>)[field], id);
      const a = normalise(field, (p.q as unknown as Record<string, unknown>)[field], id);
      if (canonical(b) !== canonical(a)) changes.push({ kind: 'questionChanged', id, title: p.q.title, field, before: b, after: a });
    }
  }
  for (const list of containers.values()) {
    list.sort((x, y) => x.beforeIndex - y.beforeIndex);
    const keep = longestIncreasing(list.map((x) => x.afterIndex));
    list.forEach((x, k) => {
      if (keep.has(k)) return;
      const p = now.get(x.id)!;
      const where = label(after, p);
      changes.push({ kind: 'questionMoved', id: x.id, title: p.q.title, from: where, to: where });
    });
  }
  return changes;
}

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  questionType: 'type',
  toolTip: 'tooltip',
  className: 'class',
  content: 'content',
  options: 'options',
  showConditions: 'show conditions',
  validators: 'validators',
  notAfterChange: '"not after change"',
};

const quote = (s: string): string => `"${s}"`;

const OPERATOR_WORDS: Record<string, string> = {
  equal: 'is',
  notEqual: 'is not',
  contains: 'contains',
  greaterThan: 'is greater than',
  greaterThanOrEqual: 'is at least',
  lessThan: 'is less than',
  lessThanOrEqual: 'is at most',
};

const conditionValue = (v: unknown): string =>
  Array.isArray(v) ? v.map(conditionValue).join(' or ') : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');

function formatValue(field: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return 'nothing';
  if (field === 'questionType') return quote(QUESTION_TYPE_NAMES[v as QuestionType] ?? String(v));
  if (field === 'options' && Array.isArray(v)) return quote((v as QuestionOption[]).map((o) => o.value).join(', '));
  if (field === 'showConditions' && Array.isArray(v))
    return quote(
      (v as ShowCondition[]).map((c) => `${c.path} ${OPERATOR_WORDS[c.condition] ?? c.condition} ${conditionValue(c.value)}`).join(' and '),
    );
  if (field === 'validators' && Array.isArray(v))
    return quote(
      (v as QuestionValidator[])
        .map((x) =>
          x.additionalData === undefined || x.additionalData === '' ? x.validator : `${x.validator} ${String(x.additionalData)}`,
        )
        .join(', '),
    );
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return quote(typeof v === 'string' ? v : JSON.stringify(v));
}

/** One English sentence for a change, old and new values quoted. */
export function describeChange(c: DefinitionChange): string {
  switch (c.kind) {
    case 'slideAdded':
      return `Slide ${quote(c.slide)} added.`;
    case 'slideRemoved':
      return `Slide ${quote(c.slide)} removed.`;
    case 'slideMoved':
      return `Slide ${quote(c.slide)} moved from position ${c.from + 1} to ${c.to + 1}.`;
    case 'slideRenamed':
      return `Slide ${c.index + 1} renamed from ${quote(c.before)} to ${quote(c.after)}.`;
    case 'questionAdded':
      return `Question ${quote(c.title)} added to slide ${quote(c.slide)}.`;
    case 'questionRemoved':
      return `Question ${quote(c.title)} removed from slide ${quote(c.slide)}.`;
    case 'questionMoved':
      return c.from === c.to
        ? `Question ${quote(c.title)} reordered within ${quote(c.to)}.`
        : `Question ${quote(c.title)} moved from ${quote(c.from)} to ${quote(c.to)}.`;
    case 'questionChanged':
      return `Question ${quote(c.title)} ${FIELD_NAMES[c.field] ?? c.field} changed from ${formatValue(c.field, c.before)} to ${formatValue(c.field, c.after)}.`;
    case 'paginationChanged':
      return `Pagination changed from ${c.before ? quote(c.before) : 'nothing'} to ${c.after ? quote(c.after) : 'nothing'}.`;
  }
}

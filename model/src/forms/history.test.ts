import { describe, it, expect } from 'vitest';
import { canRedo, canUndo, createHistory, pushHistory, redo, undo, type History } from './history';

const typeText = (h: History<string>, text: string, start: number, key = 'q1.title'): History<string> =>
  [...text].reduce((acc, _, i) => pushHistory(acc, text.slice(0, i + 1), { key, now: start + i * 200 }), h);

describe('undo history', () => {
  it('undoes and redoes single steps', () => {
    let h = createHistory('a');
    expect(canUndo(h)).toBe(false);
    h = pushHistory(h, 'b', { now: 0 });
    h = pushHistory(h, 'c', { now: 10 });
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present).toBe('c');
    expect(redo(h)).toBe(h);
  });

  it('undoes typing in one field as one step, back to the state before the typing began', () => {
    let h = pushHistory(createHistory(''), 'added question', { now: 0 });
    h = typeText(h, 'Site name', 5000);
    expect(h.present).toBe('Site name');
    h = undo(h);
    expect(h.present).toBe('added question');
    expect(redo(h).present).toBe('Site name');
  });

  it('starts a new step after a pause of more than 1000 ms or on another key', () => {
    let h = createHistory('');
    h = pushHistory(h, 'S', { key: 'q1.title', now: 0 });
    h = pushHistory(h, 'Si', { key: 'q1.title', now: 900 });
    h = pushHistory(h, 'Sit', { key: 'q1.title', now: 2000 });
    h = pushHistory(h, 'Sit!', { key: 'q1.toolTip', now: 2100 });
    expect(h.past).toEqual(['', 'Si', 'Sit']);
    expect(undo(h).present).toBe('Sit');
    expect(undo(undo(h)).present).toBe('Si');
  });

  it('does not coalesce edits without a key, and undo breaks a coalescing run', () => {
    let h = createHistory(0);
    h = pushHistory(h, 1, { now: 0 });
    h = pushHistory(h, 2, { now: 1 });
    expect(h.past).toEqual([0, 1]);
    let t = typeText(createHistory(''), 'ab', 0);
    t = undo(t);
    t = pushHistory(t, 'x', { key: 'q1.title', now: 450 });
    expect(t.past).toEqual(['']);
    expect(t.present).toBe('x');
  });

  it('clears redo on a new edit and ignores pushing the present', () => {
    let h = pushHistory(pushHistory(createHistory('a'), 'b', { now: 0 }), 'c', { now: 1 });
    h = undo(h);
    h = pushHistory(h, 'd', { now: 2 });
    expect(canRedo(h)).toBe(false);
    expect(pushHistory(h, h.present)).toBe(h);
  });

  it('keeps 100 steps by default (at least 50) and respects a given limit', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 150; i++) h = pushHistory(h, i, { now: i * 5000 });
    expect(h.past).toHaveLength(100);
    let back = h;
    for (let i = 0; i < 100; i++) back = undo(back);
    expect(back.present).toBe(50);
    expect(canUndo(back)).toBe(false);
    let small = createHistory(0);
    for (let i = 1; i <= 10; i++) small = pushHistory(small, i, { limit: 3 });
    expect(small.past).toEqual([7, 8, 9]);
  });
});

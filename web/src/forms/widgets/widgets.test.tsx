import type { Answers, Question } from '@hub/model/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFillerProps } from '../FormFiller';
import { makeDefinition, question, renderFiller, required } from '../test-utils';
import { fitDrawing, MIN_FRAME } from './CanvasDrawWidget';

/** One slide of questions; returns a function that submits and resolves the answers handed over. */
function fill(contents: Question[], extra: Partial<FormFillerProps> = {}) {
  const onSubmit = vi.fn(async (_answers: Answers) => {});
  renderFiller({ definition: makeDefinition([{ name: 'Slide', contents }], 'scroll'), onSubmit, ...extra });
  return async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    return onSubmit.mock.calls[0][0];
  };
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Text without the soft hyphens the risk matrix puts in long words. */
const plain = (el: Element) => el.textContent?.replace(/\u00AD/g, '');
const options = (...values: string[]) => values.map((value, i) => ({ id: String(i), value }));

describe('number widget', () => {
  it('shows the number messages while typing and keeps no answer for bad text', () => {
    const onSubmit = vi.fn(async () => {});
    renderFiller({
      definition: makeDefinition(
        [{ name: 'S', contents: [question('n', 'number'), question('w', 'number', { className: 'integer' })] }],
        'scroll',
      ),
      onSubmit,
    });
    type('Title n', 'abc');
    expect(screen.getByText('The value must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Title n').getAttribute('aria-invalid')).toBe('true');
    type('Title n', '-');
    expect(screen.queryByText('The value must be a number')).toBeNull();
    expect((screen.getByLabelText('Title n') as HTMLInputElement).value).toBe('-');
    type('Title w', '1.5');
    expect(screen.getByText('The value must be a whole number')).toBeTruthy();
    // Bad text blocks the submit.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The value must be a whole number')).toBeTruthy();
    // Revalidation is on now: clearing the text clears the message (the field is optional).
    type('Title w', '');
    expect(screen.queryByText('The value must be a whole number')).toBeNull();
    type('Title n', 'x');
    type('Title n', '');
    expect(screen.queryByText('The value must be a number')).toBeNull();
  });

  it('stores numbers, and nothing for an empty field', async () => {
    const submit = fill([question('n', 'number'), question('m', 'number', { validators: required('m') })], { initialAnswers: { n: 3 } });
    expect((screen.getByLabelText('Title n') as HTMLInputElement).value).toBe('3');
    type('Title n', '');
    type('Title m*', '-12.5');
    expect(await submit()).toEqual({ m: -12.5 });
  });
});

describe('risk matrix widget', () => {
  it('is a 5x5 grid whose cells carry score and level word; choosing one sets the three answers', async () => {
    const submit = fill([question('risk', 'riskMatrix', { validators: required('risk') })]);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('button')).toHaveLength(25);
    // Headers keep whole words (no break points inside them).
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Almost Certain', 'Likely', 'Possible', 'Unlikely', 'Rare']);

    const cell = screen.getByRole('button', { name: 'Likelihood Possible, consequence Minor: risk score 6, Moderate' });
    expect(plain(cell)).toBe('6Moderate');
    fireEvent.click(cell);
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Risk score 6 — Moderate')).toBeTruthy();
    expect(screen.getByText(/Work can only proceed with the permission of the worker in charge/)).toBeTruthy();
    expect(await submit()).toEqual({ 'risk-selectedConsequence': 2, 'risk-selectedLikelihood': 3, 'risk-riskScore': 6 });
  });

  it('marks the extreme cells with their words', () => {
    fill([question('risk', 'riskMatrix')]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Likelihood Almost Certain, consequence Catastrophic: risk score 25, Catastrophic' }),
    );
    expect(screen.getByText('Risk score 25 — Catastrophic')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Likelihood Rare, consequence Insignificant: risk score 1, Low/ }).textContent).toBe('1Low');
  });

  it('requires a choice', () => {
    fill([question('risk', 'riskMatrix', { validators: required('risk') })]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
  });
});

describe('canvas widget', () => {
  beforeEach(() => {
    // jsdom has no canvas: getContext gives null (the widget must cope) and there is no PNG.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws with pointer events and saves the strokes and the picture on stroke end; Clear removes both', async () => {
    fill([question('sketch', 'canvasDraw')]);
    const canvas = screen.getByRole('img', { name: 'Title sketch: drawing area' }) as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([400, 300]);
    expect(canvas.parentElement!.style.width).toBe('420px');
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 30, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  });

  it('saves both keys', async () => {
    const submit = fill([question('sketch', 'canvasDraw')]);
    const canvas = screen.getByRole('img', { name: 'Title sketch: drawing area' });
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 30, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    const answers = await submit();
    expect(answers['sketch-canvas-draw-dataURL']).toBe('data:image/png;base64,AAAA');
    const data = JSON.parse(answers['sketch-canvas-draw-data-string'] as string);
    expect(data.width).toBe(400);
    expect(data.height).toBe(300);
    expect(data.lines).toHaveLength(1);
    expect(data.lines[0]).toMatchObject({ brushColor: 'grey', brushRadius: 4 });
    expect(data.lines[0].points.length).toBe(2);
  });

  it('clears and resizes from the keyboard, not below the minimum', async () => {
    const submit = fill([question('sketch', 'canvasDraw')], {
      initialAnswers: { 'sketch-canvas-draw-data-string': '{"lines":[],"width":400,"height":300}', 'sketch-canvas-draw-dataURL': 'data:x' },
    });
    const handle = screen.getByRole('button', { name: 'Resize drawing area (arrow keys)' });
    for (let i = 0; i < 40; i++) fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowUp', shiftKey: true });
    const frame = handle.parentElement!;
    expect(frame.style.width).toBe('170px');
    expect(frame.style.height).toBe('270px');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await submit()).toEqual({});
  });

  it('stores the size of the canvas drawn on with the strokes (a phone canvas is nearly square)', async () => {
    const submit = fill([question('sketch', 'canvasDraw')]);
    const canvas = screen.getByRole('img', { name: 'Title sketch: drawing area' }) as HTMLCanvasElement;
    canvas.width = 301;
    canvas.height = 298;
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 301, height: 298 } as DOMRect);
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 300, clientY: 290, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    const data = JSON.parse((await submit())['sketch-canvas-draw-data-string'] as string);
    expect([data.width, data.height]).toEqual([301, 298]);
    expect(data.lines[0].points).toEqual([
      { x: 10, y: 20 },
      { x: 300, y: 290 },
    ]);
  });

  it('redraws a drawing of another shape with one scale factor, centred, and maps new strokes into it', async () => {
    const calls: [string, number, number][] = [];
    const context = new Proxy(
      {},
      {
        get: (_t, name) =>
          typeof name === 'string' && ['moveTo', 'lineTo'].includes(name) ? (x: number, y: number) => calls.push([name, x, y]) : () => {},
        set: () => true,
      },
    ) as CanvasRenderingContext2D;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const square = {
      lines: [
        {
          points: [
            { x: 0, y: 0 },
            { x: 200, y: 200 },
          ],
          brushColor: 'grey',
          brushRadius: 4,
        },
      ],
      width: 200,
      height: 200,
    };
    const submit = fill([question('sketch', 'canvasDraw')], {
      initialAnswers: { 'sketch-canvas-draw-data-string': JSON.stringify(square) },
    });
    // On the 400x300 canvas: scale 1.5 both ways, 50 px margins left and right.
    expect(calls).toContainEqual(['moveTo', 50, 0]);
    expect(calls).toContainEqual(['lineTo', 350, 300]);
    const canvas = screen.getByRole('img', { name: 'Title sketch: drawing area' }) as HTMLCanvasElement;
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 300 } as DOMRect);
    fireEvent.pointerDown(canvas, { clientX: 200, clientY: 150, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 10, clientY: 150, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    const data = JSON.parse((await submit())['sketch-canvas-draw-data-string'] as string);
    expect([data.width, data.height]).toEqual([200, 200]);
    // The centre is the centre; a point in the margin stays on the area's edge.
    expect(data.lines[1].points).toEqual([
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ]);
  });

  it('fits any drawing uniformly', () => {
    const fit = fitDrawing({ width: 301, height: 298 }, 400, 300);
    expect(fit.scale).toBeCloseTo(300 / 298);
    expect(fit.dy).toBeCloseTo(0);
    expect(fit.dx).toBeCloseTo((400 - 301 * fit.scale) / 2);
    expect(fitDrawing({ width: 400, height: 300 }, 301, 298)).toMatchObject({ scale: 301 / 400, dx: 0 });
    // The smallest frame holds the spec's smallest canvas.
    expect(MIN_FRAME).toEqual({ w: 170, h: 120 });
  });

  it('shows the saved picture read-only', () => {
    fill([question('sketch', 'canvasDraw')], {
      mode: 'view',
      initialAnswers: { 'sketch-canvas-draw-dataURL': 'data:image/png;base64,AAAA' },
    });
    expect(screen.getByRole('img', { name: 'Title sketch' }).getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });
});

describe('choice, text and other widgets', () => {
  it('store the answer shapes of the spec', async () => {
    const submit = fill([
      question('t', 'text'),
      question('ta', 'textArea'),
      question('jn', 'jobNumber'),
      question('ja', 'jobAddress'),
      question('c', 'checkbox'),
      question('r', 'radiobutton', { options: options('Yes', 'No'), className: 'horizontal' }),
      question('l', 'list', { options: options('Red', 'Blue') }),
    ]);
    type('Title t', 'one');
    type('Title ta', 'two\nlines');
    type('Title jn', 'J-42');
    type('Title ja', '1 Main St');
    fireEvent.click(screen.getByLabelText('Title c'));
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.change(screen.getByLabelText('Title l'), { target: { value: 'Blue' } });
    expect(await submit()).toEqual({ t: 'one', ta: 'two\nlines', jn: 'J-42', ja: '1 Main St', c: true, r: 'No', l: 'Blue' });
  });

  it('keep multi-select and user answers as lists and show them read-only by name', () => {
    fill(
      [
        question('m', 'multicombobox', { options: options('A', 'B', 'C') }),
        question('u', 'selectUserProfile'),
        question('d', 'date'),
        question('dt', 'datetime'),
        question('cb', 'combobox', { options: options('X', 'Y') }),
      ],
      {
        mode: 'view',
        users: [
          { id: 'u1', name: 'Ann Lee' },
          { id: 'u2', name: 'Bo Chan' },
        ],
        initialAnswers: { m: ['A', 'C'], u: ['u2', 'u1'], d: '2024-03-05', dt: new Date(2024, 2, 5, 14, 7).toISOString(), cb: 'Y' },
      },
    );
    expect(screen.getByText('A, C')).toBeTruthy();
    expect(screen.getByText('Bo Chan, Ann Lee')).toBeTruthy();
    expect(screen.getByText('05/03/2024')).toBeTruthy();
    expect(screen.getByText('05/03/2024 02:07 PM')).toBeTruthy();
    expect(screen.getByText('Y')).toBeTruthy();
  });

  it('render the pickers with their values when filling', () => {
    fill(
      [
        question('m', 'multicombobox', { options: options('A', 'B') }),
        question('u', 'selectUserProfile'),
        question('d', 'date'),
        question('cb', 'combobox', { options: options('X', 'Y') }),
      ],
      { users: [{ id: 'u1', name: 'Ann Lee' }], initialAnswers: { m: ['B'], u: ['u1'], d: '2024-03-05', cb: 'Y' } },
    );
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('B')).toBeTruthy();
    expect(screen.getByText('05/03/2024')).toBeTruthy();
    expect((screen.getByLabelText('Title cb') as HTMLInputElement).value).toBe('Y');
  });

  it('show statements (Important as an alert), tooltips and sections', () => {
    fill([
      question('s1', 'statement', { className: 'Important', content: 'Stop work if unsure.' }),
      question('s2', 'statement', { className: 'Light', content: 'Just so you know.' }),
      question('sec', 'formSection', { contents: [question('inner', 'text', { toolTip: 'The serial on the plate' })] }),
    ]);
    expect(within(screen.getByRole('alert')).getByText('Stop work if unsure.')).toBeTruthy();
    expect(screen.getByText('Just so you know.')).toBeTruthy();
    expect(screen.getByRole('group', { name: /Title sec/ })).toBeTruthy();
    const tip = screen.getByRole('button', { name: 'More information' });
    expect(tip.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip', { hidden: true }).id);
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('The serial on the plate');
    expect(screen.getByLabelText('Title inner')).toBeTruthy();
  });

  it('announce errors under the question', () => {
    fill([question('t', 'text', { validators: [{ path: 't', validator: 'email' }] })]);
    type('Title t', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const message = screen.getByText('Please enter a valid email');
    expect(message.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByLabelText('Title t').getAttribute('aria-describedby')).toBe(message.id);
  });
});

describe('pickers mounted on demand', () => {
  it('combobox: pressing the stand-in opens the searchable select; the answer is the option value', async () => {
    const submit = fill([question('cb', 'combobox', { options: options('X', 'Y') })]);
    const standIn = screen.getByRole('combobox', { name: 'Title cb' });
    fireEvent.pointerDown(standIn);
    fireEvent.click(await screen.findByRole('option', { name: 'Y' }));
    expect(await submit()).toEqual({ cb: 'Y' });
  });

  it('multicombobox: the click that ends a tap on the stand-in never removes a chosen item', async () => {
    const submit = fill([question('m', 'multicombobox', { options: options('A', 'B', 'C') })], { initialAnswers: { m: ['A', 'B'] } });
    const frame = document.querySelector('[data-question-id="m"]')!;
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title m' }), { pointerType: 'touch' });
    // The real control has mounted: the finger comes up over the second item's remove button.
    const remove = await waitFor(() => {
      const buttons = frame.querySelectorAll('button');
      expect(buttons.length).toBeGreaterThan(0);
      return buttons[buttons.length > 1 ? 1 : 0];
    });
    fireEvent.click(remove);
    expect(await submit()).toEqual({ m: ['A', 'B'] });
  });

  it('multicombobox and user select: the answer is the list of values or account ids', async () => {
    const submit = fill([question('m', 'multicombobox', { options: options('A', 'B', 'C') }), question('u', 'selectUserProfile')], {
      users: [
        { id: 'u1', name: 'Ann Lee' },
        { id: 'u2', name: 'Bo Chan' },
      ],
    });
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title m' }));
    fireEvent.click(await screen.findByRole('option', { name: 'C' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A' }));
    fireEvent.focus(screen.getByRole('combobox', { name: 'Title u' }));
    await waitFor(() => expect(document.activeElement?.id).toBe(screen.getByLabelText('Title u').id));
    fireEvent.click(await screen.findByRole('option', { name: 'Bo Chan' }));
    expect(await submit()).toEqual({ m: ['C', 'A'], u: ['u2'] });
  });

  it('date: pressing the stand-in opens the calendar; the answer is YYYY-MM-DD', async () => {
    const submit = fill([question('d', 'date')], { initialAnswers: { d: '2024-03-05' } });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Title d' }), { pointerType: 'mouse' });
    const day = await screen.findByRole('button', { name: '12 March 2024' });
    fireEvent.click(day);
    expect(await submit()).toEqual({ d: '2024-03-12' });
  });

  it('datetime: Now answers the current minute; a typed time and a picked day apply at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 2, 5, 9, 41, 27));
    try {
      const submit = fill([question('dt', 'datetime')]);
      fireEvent.click(screen.getByRole('button', { name: 'Now (Title dt)' }));
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 09:41 AM');
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Title dt' }), { pointerType: 'mouse' });
      const dialog = await screen.findByRole('dialog', { name: 'Choose date and time' });
      const time = within(dialog).getByLabelText('Time') as HTMLInputElement;
      expect(time.type).toBe('time');
      expect(time.value).toBe('09:41');
      // Half typed (the browser reports ''): the answer waits for a whole time.
      fireEvent.change(time, { target: { value: '' } });
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 09:41 AM');
      fireEvent.change(time, { target: { value: '14:30' } });
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 02:30 PM');
      fireEvent.click(within(dialog).getByRole('button', { name: '12 March 2024' }));
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('12/03/2024 02:30 PM');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      expect(await submit()).toEqual({ dt: new Date(2024, 2, 12, 14, 30).toISOString() });
    } finally {
      vi.useRealTimers();
    }
  });

  it('datetime: a time typed before any day means today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 2, 5, 9, 41, 27));
    try {
      const submit = fill([question('dt', 'datetime')]);
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Title dt' }), { pointerType: 'mouse' });
      const dialog = await screen.findByRole('dialog', { name: 'Choose date and time' });
      fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '07:05' } });
      expect(await submit()).toEqual({ dt: new Date(2024, 2, 5, 7, 5).toISOString() });
    } finally {
      vi.useRealTimers();
    }
  });
});

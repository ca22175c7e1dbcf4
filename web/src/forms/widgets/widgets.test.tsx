import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeDefinition, options, question, renderFiller, required } from '../test-utils';
import { fitDrawing, MIN_FRAME } from './CanvasDrawWidget';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

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
    type('Title n', '1-2');
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
    type('Title n', '1..');
    type('Title n', '');
    expect(screen.queryByText('The value must be a number')).toBeNull();
  });

  it('refuses letters as typed or pasted and opens the numeric keypad (digits only for whole numbers)', async () => {
    const submit = fill([question('n', 'number'), question('w', 'number', { className: 'integer' })]);
    const n = screen.getByLabelText('Title n') as HTMLInputElement;
    const w = screen.getByLabelText('Title w') as HTMLInputElement;
    expect(n.inputMode).toBe('decimal');
    expect(w.inputMode).toBe('numeric');
    type('Title n', '12');
    for (const refused of ['12a', 'abc', '1e3', 'Infinity', '0x1f', '12,5']) {
      type('Title n', refused);
      expect(n.value).toBe('12');
    }
    expect(screen.queryByText('The value must be a number')).toBeNull();
    type('Title n', '-12.5');
    type('Title w', '7');
    type('Title w', '7x');
    expect(w.value).toBe('7');
    expect(await submit()).toEqual({ n: -12.5, w: 7 });
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

    const cell = screen.getByRole('button', { name: 'Likelihood Possible, consequence Minor: risk score 6 Moderate' });
    // Phones see the word's start as an abbr titled with the word (never broken mid-word), wide screens the word;
    // both are part of the name.
    const abbr = cell.querySelector('abbr')!;
    expect([abbr.textContent, abbr.getAttribute('title')]).toEqual(['Mod', 'Moderate']);
    expect(cell.textContent).toBe('6 ModModerate');
    fireEvent.click(cell);
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Risk score 6 — Moderate')).toBeTruthy();
    expect(screen.getByText(/Work can only proceed with the permission of the worker in charge/)).toBeTruthy();
    expect(await submit()).toEqual({ 'risk-selectedConsequence': 2, 'risk-selectedLikelihood': 3, 'risk-riskScore': 6 });
  });

  it('marks the extreme cells with their words', () => {
    fill([question('risk', 'riskMatrix')]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Likelihood Almost Certain, consequence Catastrophic: risk score 25 Catastrophic' }),
    );
    expect(screen.getByText('Risk score 25 — Catastrophic')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Likelihood Rare, consequence Insignificant: risk score 1 Low/ }).textContent).toBe('1 Low');
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
        question('ticked', 'checkbox'),
        question('unticked', 'checkbox'),
      ],
      {
        mode: 'view',
        users: [
          { id: 'u1', name: 'Ann Lee' },
          { id: 'u2', name: 'Bo Chan' },
        ],
        initialAnswers: {
          m: ['A', 'C'],
          u: ['u2', 'u1'],
          d: '2024-03-05',
          dt: new Date(2024, 2, 5, 14, 7).toISOString(),
          cb: 'Y',
          ticked: true,
        },
      },
    );
    expect(screen.getByText('A, C')).toBeTruthy();
    // A box never ticked reads 'No', as the PDF says it.
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
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

import { Button, Group, Text } from '@mantine/core';
import { CANVAS, canvasKeys } from '@hub/model/forms';
import { IconArrowDownRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useAnswer, useFiller } from '../context';
import { QuestionFrame, type WidgetProps } from './QuestionFrame';
import classes from './widgets.module.css';

interface Point {
  x: number;
  y: number;
}
interface Line {
  points: Point[];
  brushColor: string;
  brushRadius: number;
}
/**
 * The strokes answer ({id}-canvas-draw-data-string), in the react-canvas-draw save format:
 * points in the coordinates of a `width` x `height` drawing area (the canvas size the first
 * stroke was drawn on), so any canvas can redraw them with one scale factor.
 */
export interface CanvasSaveData {
  lines: Line[];
  width: number;
  height: number;
}

/** Frame to canvas on each side (CSS padding 9px plus the 1px border): 420x320 holds 400x300. */
const INSET = (CANVAS.frameWidth - CANVAS.width) / 2;
/** The smallest frame: its canvas is the spec's minimum, 150x100. */
export const MIN_FRAME = { w: CANVAS.minWidth + 2 * INSET, h: CANVAS.minHeight + 2 * INSET };
const MAX_FRAME_HEIGHT = 1200;

export function parseSaveData(text: unknown): CanvasSaveData {
  const empty = { lines: [], width: CANVAS.width, height: CANVAS.height };
  if (typeof text !== 'string' || !text) return empty;
  try {
    const data = JSON.parse(text) as Partial<CanvasSaveData>;
    if (!Array.isArray(data.lines)) return empty;
    return {
      lines: data.lines.filter((l) => l && Array.isArray(l.points)),
      width: Number(data.width) > 0 ? Number(data.width) : CANVAS.width,
      height: Number(data.height) > 0 ? Number(data.height) : CANVAS.height,
    };
  } catch {
    return empty;
  }
}

/** How a drawing area shows in a canvas: one scale for both axes, centred (letterboxed). */
export interface Fit {
  scale: number;
  dx: number;
  dy: number;
}

export function fitDrawing(data: { width: number; height: number }, canvasWidth: number, canvasHeight: number): Fit {
  const scale = Math.min(canvasWidth / data.width, canvasHeight / data.height);
  return { scale, dx: (canvasWidth - data.width * scale) / 2, dy: (canvasHeight - data.height * scale) / 2 };
}

function drawLine(g: CanvasRenderingContext2D, line: Line, fit: Fit) {
  const pts = line.points;
  if (!pts.length) return;
  const x = (p: Point) => p.x * fit.scale + fit.dx;
  const y = (p: Point) => p.y * fit.scale + fit.dy;
  g.strokeStyle = line.brushColor || CANVAS.brushColor;
  g.fillStyle = line.brushColor || CANVAS.brushColor;
  const radius = (line.brushRadius || CANVAS.brushRadius) * fit.scale;
  if (pts.length === 1) {
    g.beginPath();
    g.arc(x(pts[0]), y(pts[0]), radius, 0, Math.PI * 2);
    g.fill();
    return;
  }
  g.lineWidth = radius * 2;
  g.lineCap = 'round';
  g.lineJoin = 'round';
  g.beginPath();
  g.moveTo(x(pts[0]), y(pts[0]));
  for (let i = 1; i < pts.length; i++) g.lineTo(x(pts[i]), y(pts[i]));
  g.stroke();
}

/** The picture answer: the drawing area alone at its own size on white, whatever the canvas shows. Undefined without a canvas (jsdom). */
function imageOf(data: CanvasSaveData): string | undefined {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(data.width));
    canvas.height = Math.max(1, Math.round(data.height));
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = 'white';
      g.fillRect(0, 0, canvas.width, canvas.height);
      const fit = fitDrawing(data, canvas.width, canvas.height);
      for (const line of data.lines) drawLine(g, line, fit);
    }
    const url = canvas.toDataURL('image/png');
    return typeof url === 'string' && url.startsWith('data:') ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * canvasDraw: a 400x300 drawing area in a 420x320 frame the user can resize (drag or arrow
 * keys on the corner handle, down to 150x100); grey brush of radius 4; finger or mouse via
 * pointer events. Each finished stroke saves the strokes as JSON and the picture as a PNG
 * data URL. Strokes keep their shape on any screen: a drawing made on a phone's near-square
 * canvas shows on a desktop's 4:3 one uniformly scaled, with margins (and the other way round).
 */
export function CanvasDrawWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const keys = canvasKeys(q.id);
  const dataText = useAnswer(keys.data);
  const image = useAnswer(keys.dataURL);
  if (readOnly)
    return (
      <QuestionFrame q={q} readOnly>
        {typeof image === 'string' && image ? (
          <img src={image} alt={q.title} style={{ maxWidth: '100%', border: '1px solid var(--mantine-color-default-border)' }} />
        ) : (
          <Text c="gray.7">—</Text>
        )}
      </QuestionFrame>
    );
  return <CanvasEditor q={q} dataText={dataText} onSave={(data, url) => answers.setMany({ [keys.data]: data, [keys.dataURL]: url })} />;
}

function CanvasEditor({ q, dataText, onSave }: { q: WidgetProps['q']; dataText: unknown; onSave(data?: string, url?: string): void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const saved = useRef<CanvasSaveData>(parseSaveData(dataText));
  const lastText = useRef<unknown>(dataText);
  const current = useRef<Line | null>(null);
  const [frame, setFrame] = useState({ w: CANVAS.frameWidth, h: CANVAS.frameHeight });

  const fitNow = (canvas: HTMLCanvasElement) => fitDrawing(saved.current, canvas.width, canvas.height);
  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    g.clearRect(0, 0, canvas.width, canvas.height);
    if (!saved.current.lines.length) return;
    const fit = fitDrawing(saved.current, canvas.width, canvas.height);
    // The margins around a drawing of another shape are shaded: strokes stay inside the area.
    const w = saved.current.width * fit.scale;
    const h = saved.current.height * fit.scale;
    if (fit.dx >= 1 || fit.dy >= 1) {
      g.fillStyle = '#e9ecef';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.clearRect(fit.dx, fit.dy, w, h);
    }
    for (const line of saved.current.lines) drawLine(g, line, fit);
  }, []);

  // An answer changed from outside (a loaded draft, a reset): take it.
  useEffect(() => {
    if (dataText !== lastText.current) {
      lastText.current = dataText;
      saved.current = parseSaveData(dataText);
    }
    redraw();
  }, [dataText, redraw]);

  // Keep the canvas's pixels equal to its shown size; redraw the strokes scaled. Only the
  // observer reads the size (its first call comes after layout), so mounting forces no layout.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const w = Math.round(canvas.clientWidth);
      const h = Math.round(canvas.clientHeight);
      if (w > 0 && h > 0 && (w !== canvas.width || h !== canvas.height)) {
        canvas.width = w;
        canvas.height = h;
        redraw();
      }
    };
    const ro = new ResizeObserver(fit);
    ro.observe(canvas);
    return () => ro.disconnect();
  }, [redraw]);

  /** The pointer in drawing-area coordinates (kept inside the area). */
  const toBase = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const canvas = e.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const rw = rect.width || canvas.width;
    const rh = rect.height || canvas.height;
    const fit = fitNow(canvas);
    const px = ((e.clientX - rect.left) / rw) * canvas.width;
    const py = ((e.clientY - rect.top) / rh) * canvas.height;
    const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), max) * 100) / 100;
    return { x: clamp((px - fit.dx) / fit.scale, saved.current.width), y: clamp((py - fit.dy) / fit.scale, saved.current.height) };
  };

  /** Draw only the stroke in progress (its last segment would do, but a stroke is short). */
  const redrawLast = () => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g || !current.current) return;
    const pts = current.current.points;
    drawLine(g, { ...current.current, points: pts.length > 2 ? pts.slice(-2) : pts }, fitNow(canvas));
  };

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    // A new drawing takes the shape of the canvas it is drawn on.
    if (!saved.current.lines.length) saved.current = { lines: [], width: e.currentTarget.width, height: e.currentTarget.height };
    current.current = { points: [toBase(e)], brushColor: CANVAS.brushColor, brushRadius: CANVAS.brushRadius };
    saved.current = { ...saved.current, lines: [...saved.current.lines, current.current] };
    redrawLast();
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!current.current) return;
    current.current.points.push(toBase(e));
    redrawLast();
  };
  const onUp = () => {
    if (!current.current) return;
    current.current = null;
    const text = JSON.stringify(saved.current);
    lastText.current = text;
    onSave(text, imageOf(saved.current));
  };
  const clear = () => {
    saved.current = { lines: [], width: saved.current.width, height: saved.current.height };
    lastText.current = undefined;
    redraw();
    onSave(undefined, undefined);
  };

  // Resizing from the corner handle: pointer drag or arrow keys.
  const drag = useRef<{ x: number; y: number; w: number; h: number } | null>(null);
  const clampFrame = (w: number, h: number) => {
    const maxW = Math.max(MIN_FRAME.w, frameRef.current?.parentElement?.clientWidth || Number.POSITIVE_INFINITY);
    return {
      w: Math.round(Math.min(Math.max(w, MIN_FRAME.w), maxW)),
      h: Math.round(Math.min(Math.max(h, MIN_FRAME.h), MAX_FRAME_HEIGHT)),
    };
  };
  const onHandleDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const rect = frameRef.current?.getBoundingClientRect();
    drag.current = { x: e.clientX, y: e.clientY, w: rect?.width || frame.w, h: rect?.height || frame.h };
  };
  const onHandleMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (d) setFrame(clampFrame(d.w + e.clientX - d.x, d.h + e.clientY - d.y));
  };
  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 50 : 10;
    const delta = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] }[e.key];
    if (!delta) return;
    e.preventDefault();
    setFrame((f) => clampFrame(f.w + delta[0], f.h + delta[1]));
  };

  return (
    <QuestionFrame q={q} group>
      <Text size="sm" c="gray.7">
        Draw with your finger or the mouse. Drag the corner to resize.
      </Text>
      <div ref={frameRef} className={classes.canvasFrame} style={{ width: frame.w, height: frame.h }}>
        <canvas
          ref={canvasRef}
          className={classes.canvas}
          width={CANVAS.width}
          height={CANVAS.height}
          role="img"
          aria-label={`${q.title}: drawing area`}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        />
        <button
          type="button"
          className={classes.resizeHandle}
          aria-label="Resize drawing area (arrow keys)"
          onPointerDown={onHandleDown}
          onPointerMove={onHandleMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onHandleKey}
        >
          <IconArrowDownRight size={18} aria-hidden />
        </button>
      </div>
      <Group>
        <Button variant="default" mih={44} onClick={clear}>
          Clear
        </Button>
      </Group>
    </QuestionFrame>
  );
}

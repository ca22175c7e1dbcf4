/** The shapes of a photo's markup, in the photo's own pixels, and how they are drawn (editor and burn-in alike). */

export type MarkupTool = 'arrow' | 'circle' | 'text';

export type Shape =
  | { kind: 'arrow'; colour: string; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'circle'; colour: string; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'text'; colour: string; x: number; y: number; text: string };

export const MARKUP_COLOURS = [
  { name: 'Red', value: '#e03131' },
  { name: 'Yellow', value: '#fcc419' },
  { name: 'White', value: '#ffffff' },
  { name: 'Black', value: '#000000' },
] as const;

/** Line width and text size grow with the photo, so marks read the same on any size. */
export const strokeOf = (width: number, height: number) => Math.max(3, Math.round(Math.max(width, height) / 160));
export const fontOf = (width: number, height: number) => Math.max(16, Math.round(Math.max(width, height) / 28));

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function drawShape(g: Ctx, s: Shape, width: number, height: number): void {
  const line = strokeOf(width, height);
  g.save();
  g.strokeStyle = s.colour;
  g.fillStyle = s.colour;
  g.lineWidth = line;
  g.lineCap = 'round';
  g.lineJoin = 'round';
  // A dark outline keeps light colours readable on light photos (and light on dark).
  g.shadowColor = s.colour === '#000000' ? 'rgba(255,255,255,0.8)' : 'rgba(0,0,0,0.6)';
  g.shadowBlur = line;
  if (s.kind === 'arrow') {
    const angle = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
    const head = line * 5;
    g.beginPath();
    g.moveTo(s.x1, s.y1);
    g.lineTo(s.x2, s.y2);
    g.stroke();
    g.beginPath();
    g.moveTo(s.x2, s.y2);
    g.lineTo(s.x2 - head * Math.cos(angle - Math.PI / 7), s.y2 - head * Math.sin(angle - Math.PI / 7));
    g.lineTo(s.x2 - head * Math.cos(angle + Math.PI / 7), s.y2 - head * Math.sin(angle + Math.PI / 7));
    g.closePath();
    g.fill();
  } else if (s.kind === 'circle') {
    const cx = (s.x1 + s.x2) / 2;
    const cy = (s.y1 + s.y2) / 2;
    g.beginPath();
    g.ellipse(cx, cy, Math.max(1, Math.abs(s.x2 - s.x1) / 2), Math.max(1, Math.abs(s.y2 - s.y1) / 2), 0, 0, Math.PI * 2);
    g.stroke();
  } else {
    g.font = `bold ${fontOf(width, height)}px sans-serif`;
    g.textBaseline = 'middle';
    g.fillText(s.text, s.x, s.y);
  }
  g.restore();
}

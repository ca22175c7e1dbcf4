import { ActionIcon, Button, Group, Modal, SegmentedControl, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { drawScaled, finishJpeg, jpegOf, PHOTO_QUALITY } from './image';
import type { PhotoMetadata } from './exif';
import { MARKUP_COLOURS, drawShape, type MarkupTool, type Shape } from './markup';
import classes from './photos.module.css';

/**
 * Marks up a photo: arrows, circles and text in a colour (red by default), undo, by finger or
 * mouse (pointer events, 44 px controls). Save burns the marks into a new JPEG of the photo's
 * size (its location and time kept when the photo has them, i.e. when the form keeps them);
 * the marked-up photo replaces the original in the answer (the original is removed by the
 * clean-up job once nothing names it).
 */
export function MarkupEditor({
  source,
  metadata,
  title,
  onCancel,
  onSave,
}: {
  /** The photo's URL (a blob URL or the hub's file). */
  source: string;
  /** The location and time the marked-up photo keeps (the form's keepPhotoMetadata), or null. */
  metadata: () => Promise<PhotoMetadata | null>;
  title: string;
  onCancel(): void;
  onSave(jpeg: Blob): Promise<void>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [draft, setDraft] = useState<Shape | null>(null);
  const [tool, setTool] = useState<MarkupTool>('arrow');
  const [colour, setColour] = useState<string>(MARKUP_COLOURS[0].value);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => setError('The photo could not be opened for markup.');
    img.src = source;
  }, [source]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !image) return;
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.drawImage(image, 0, 0);
    for (const s of draft ? [...shapes, draft] : shapes) drawShape(g, s, canvas.width, canvas.height);
  }, [image, shapes, draft]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) / r.width) * e.currentTarget.width,
      y: ((e.clientY - r.top) / r.height) * e.currentTarget.height,
    };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = point(e);
    if (tool === 'text') {
      const words = text.trim();
      if (!words) {
        setError('Type the text first, then tap where it goes.');
        return;
      }
      setError(null);
      setShapes((s) => [...s, { kind: 'text', colour, x: p.x, y: p.y, text: words }]);
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    setDraft({ kind: tool, colour, x1: p.x, y1: p.y, x2: p.x, y2: p.y });
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!draft || draft.kind === 'text') return;
    const p = point(e);
    setDraft({ ...draft, x2: p.x, y2: p.y });
  };
  const up = () => {
    if (!draft || draft.kind === 'text') return;
    const size = Math.hypot(draft.x2 - draft.x1, draft.y2 - draft.y1);
    if (size > 4) setShapes((s) => [...s, draft]);
    setDraft(null);
  };

  const save = async () => {
    if (!image) return;
    setSaving(true);
    try {
      const canvas = drawScaled(image, image.naturalWidth, image.naturalHeight);
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      for (const s of shapes) drawShape(g, s, canvas.width, canvas.height);
      await onSave(await finishJpeg(await jpegOf(canvas, PHOTO_QUALITY), await metadata()));
    } catch (err) {
      setError((err as Error).message || 'The marked-up photo could not be saved.');
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onCancel} title={`Mark up: ${title}`} fullScreen radius={0} classNames={{ body: classes.markupBody }}>
      <Group gap="xs" wrap="wrap" mb="xs">
        <SegmentedControl
          aria-label="Markup tool"
          value={tool}
          onChange={(v) => setTool(v as MarkupTool)}
          data={[
            { value: 'arrow', label: 'Arrow' },
            { value: 'circle', label: 'Circle' },
            { value: 'text', label: 'Text' },
          ]}
        />
        <Group gap={4} role="radiogroup" aria-label="Colour">
          {MARKUP_COLOURS.map((c) => (
            <button
              key={c.value}
              type="button"
              role="radio"
              aria-checked={colour === c.value}
              aria-label={c.name}
              className={classes.colour}
              style={{ background: c.value }}
              onClick={() => setColour(c.value)}
            />
          ))}
        </Group>
        <Tooltip label="Undo">
          <ActionIcon
            size={44}
            variant="default"
            aria-label="Undo"
            disabled={!shapes.length}
            onClick={() => setShapes((s) => s.slice(0, -1))}
          >
            <IconArrowBackUp size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {tool === 'text' && (
        <TextInput
          label="Text to place"
          description="Type it, then tap the photo where it goes"
          value={text}
          maxLength={80}
          onChange={(e) => setText(e.currentTarget.value)}
          mb="xs"
        />
      )}
      {error && (
        <Text c="red.8" size="sm" role="alert" mb="xs">
          {error}
        </Text>
      )}
      <div className={classes.markupStage}>
        <canvas
          ref={canvasRef}
          className={classes.markupCanvas}
          aria-label={`Photo to mark up. ${shapes.length} mark${shapes.length === 1 ? '' : 's'}.`}
          data-marks={shapes.length}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => setDraft(null)}
        />
      </div>
      <Group justify="flex-end" mt="sm" className={classes.markupActions}>
        <Button variant="default" mih={44} onClick={onCancel}>
          Cancel
        </Button>
        <Button mih={44} loading={saving} disabled={!image || !shapes.length} onClick={() => void save()}>
          Save markup
        </Button>
      </Group>
    </Modal>
  );
}

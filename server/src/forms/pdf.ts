import PDFDocument from 'pdfkit';
import {
  answerOf,
  CONSEQUENCES,
  LIKELIHOODS,
  RISK_LEVELS,
  isCompleteSlide,
  isReviewSlide,
  riskLevel,
  riskScore,
  visibilityTest,
  type Answers,
  type FormDefinition,
  type Question,
  type RiskLevel,
} from '@hub/model/forms';
import { CorrectiveActionStatus, Priority } from '@hub/model';
import { formatDateAnswer, formatDateTime, formatDateTimeAnswer } from './dates';
import { safeDrawingPng } from './drawing-png';

/** Everything a submission's PDF shows, already loaded: rendering does no I/O. */
export interface SubmissionPdfInput {
  formName: string;
  version: number | null;
  /** Null when the version's definition cannot be read: the answers are then listed raw. */
  definition: FormDefinition | null;
  answers: Answers;
  owner: { name: string; email: string } | null;
  created: Date;
  modified: Date;
  isCompleted: boolean;
  /** IANA zone for every date and time shown (checked by the caller). */
  timeZone: string;
  /** Names of the accounts that user-select answers name, by id. */
  userNames: Record<string, string>;
  review: { timeReviewed: Date | null; reviewer: string | null } | null;
  /** What is attached to the submission: document names, asset descriptions, file names. */
  attachments?: SubmissionAttachments;
  /**
   * Photos by question id, in answer order (forms/pdf-data.ts withPhotos): each a JPEG, or null
   * when it could not be loaded (not this submission's, or past the PDF's photo budget).
   */
  photos?: Record<string, (Buffer | null)[]>;
  /**
   * The corrective actions the submission raised that the caller may read (forms/pdf-data.ts
   * withActions): each shown under the question that raised it, or at the end when that
   * question is not shown.
   */
  actions?: PdfAction[];
  /** Deflate page content (default true); tests read uncompressed text. */
  compress?: boolean;
}

/** A corrective action as the PDF shows it (docs/corrective-actions.md). */
export interface PdfAction {
  questionId: string | null;
  questionTitle: string | null;
  description: string;
  /** LOW, MODERATE or HIGH. */
  priority: string | null;
  /** OPEN or CLOSED. */
  status: string | null;
  /** The wire date ('YYYY-MM-DD...'). */
  dueDate: string | null;
  assignee: string | null;
  closedAt: Date | null;
  closingComment: string | null;
}

export interface SubmissionAttachments {
  documents: string[];
  assets: string[];
  files: string[];
}

const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const BAND = '#eef2f6';
const ACCENT = '#0b5394';
const LEVEL_COLOURS: Record<RiskLevel, string> = { low: '#2e7d32', moderate: '#f9a825', high: '#ef6c00', catastrophic: '#c62828' };
const DRAWING = { width: 320, height: 240 };
/** Two photos a row across the page, each in a 4:3 box. */
const PHOTO_GAP = 10;
/** Shown instead of a photo that could not be loaded or drawn. */
export const PHOTO_NOT_SHOWN = '(photo could not be shown)';
/** Shown instead of a drawing that is not a sound PNG of drawing size. */
export const DRAWING_NOT_SHOWN = '(drawing could not be shown)';

/** Characters the standard PDF fonts (WinAnsi) can show; others are spelt out or replaced. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELT: Record<string, string> = {
  Ω: 'Ohm',
  µ: 'µ',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '→': '->',
  '←': '<-',
  '×': 'x',
};

export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += SPELT[ch] ?? '?';
  }
  return out;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);

function optionText(q: Question, v: unknown): string {
  const s = String(v);
  const byValue = q.options?.find((o) => o.value === s);
  if (byValue) return byValue.value;
  return q.options?.find((o) => o.id === s)?.value ?? s;
}

function choiceLabel(choices: readonly { label: string; value: number }[], v: unknown): { label: string; value: number } | null {
  if (isBlank(v)) return null;
  return choices.find((c) => c.value === Number(v) || c.label === v) ?? null;
}

type Rendered =
  | { kind: 'text'; text: string }
  | { kind: 'none' }
  | { kind: 'risk'; text: string; level: RiskLevel | null }
  | { kind: 'drawing'; png: Buffer | null };

/** How one question's answer is shown. */
function renderAnswer(q: Question, answers: Answers, input: SubmissionPdfInput): Rendered {
  const v = answerOf(answers, q.id);
  switch (q.questionType) {
    case 'checkbox':
      return { kind: 'text', text: v === true || v === 'true' ? 'Yes' : 'No' };
    case 'date':
      return isBlank(v) ? { kind: 'none' } : { kind: 'text', text: formatDateAnswer(String(v)) };
    case 'datetime':
      return isBlank(v) ? { kind: 'none' } : { kind: 'text', text: formatDateTimeAnswer(String(v), input.timeZone) };
    case 'radiobutton':
    case 'combobox':
    case 'list':
      return isBlank(v) ? { kind: 'none' } : { kind: 'text', text: optionText(q, v) };
    case 'multicombobox': {
      const list = Array.isArray(v) ? v : isBlank(v) ? [] : [v];
      return list.length ? { kind: 'text', text: list.map((x) => optionText(q, x)).join(', ') } : { kind: 'none' };
    }
    case 'selectUserProfile': {
      const ids = (Array.isArray(v) ? v : isBlank(v) ? [] : [v]).map(String);
      return ids.length ? { kind: 'text', text: ids.map((id) => input.userNames[id] ?? 'Unknown user').join(', ') } : { kind: 'none' };
    }
    case 'riskMatrix': {
      const c = choiceLabel(CONSEQUENCES, answerOf(answers, `${q.id}-selectedConsequence`));
      const l = choiceLabel(LIKELIHOODS, answerOf(answers, `${q.id}-selectedLikelihood`));
      if (!c || !l) return { kind: 'none' };
      // Always the product of the two choices shown: a stored score is never trusted.
      const score = riskScore(c.value, l.value);
      const level = riskLevel(score);
      return { kind: 'risk', text: `${c.label} x ${l.label} = ${score} (${RISK_LEVELS[level]?.label ?? level})`, level };
    }
    case 'canvasDraw': {
      const url = answerOf(answers, `${q.id}-canvas-draw-dataURL`);
      if (typeof url !== 'string' || !url) return { kind: 'none' };
      // Checked completely first: pdfkit decodes some PNGs later, where a failure cannot be caught.
      return { kind: 'drawing', png: safeDrawingPng(url) };
    }
    default:
      return isBlank(v) ? { kind: 'none' } : { kind: 'text', text: Array.isArray(v) ? v.join(', ') : String(v) };
  }
}

/** A finished PDF of a submission: header, one section per slide, the review, page numbers. */
export async function renderSubmissionPdf(input: SubmissionPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    compress: input.compress ?? true,
    info: { Title: pdfText(input.formName), Author: pdfText(input.owner?.name ?? ''), Subject: 'Form submission', Creator: 'Safety Hub' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  /** Starts a new page unless `height` fits below the current position. */
  const room = (height: number) => {
    if (doc.y + height > bottom() && doc.y > MARGIN.top + 1) doc.addPage();
  };
  const font = (name: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique', size: number, colour = INK) =>
    doc.font(name).fontSize(size).fillColor(colour);
  const heightOf = (text: string, name: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique', size: number, w = width) =>
    doc.font(name).fontSize(size).heightOfString(text, { width: w });

  // Header: form, version and state; owner; dates.
  font('Helvetica-Bold', 18, ACCENT).text(pdfText(input.formName), left, MARGIN.top, { width });
  doc.moveDown(0.2);
  const state = input.isCompleted ? 'Completed' : 'Draft';
  font('Helvetica', 10, MUTED).text(`${input.version != null ? `Version ${input.version}  |  ` : ''}${state}`, { width });
  doc.moveDown(0.6);
  const meta: [string, string][] = [
    ['Submitted by', input.owner ? pdfText(`${input.owner.name} (${input.owner.email})`) : 'Unknown'],
    ['Created', formatDateTime(input.created, input.timeZone)],
    ['Modified', formatDateTime(input.modified, input.timeZone)],
  ];
  for (const [label, value] of meta) {
    const y = doc.y;
    font('Helvetica-Bold', 10).text(label, left, y, { width: 90 });
    font('Helvetica', 10).text(value, left + 95, y, { width: width - 95 });
    doc.x = left;
  }
  doc.moveDown(0.6);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);

  const sectionHeading = (title: string) => {
    room(28 + 40);
    const y = doc.y;
    const h = heightOf(title, 'Helvetica-Bold', 13, width - 16) + 10;
    doc.rect(left, y, width, h).fill(BAND);
    font('Helvetica-Bold', 13, ACCENT).text(title, left + 8, y + 5, { width: width - 16 });
    doc.x = left;
    doc.y = y + h + 8;
  };

  const subHeading = (title: string) => {
    room(24 + 30);
    font('Helvetica-Bold', 11, INK).text(title, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y += 6;
  };

  const questionBlock = (title: string, answer: Rendered) => {
    const t = pdfText(title || 'Untitled question');
    const titleH = heightOf(t, 'Helvetica-Bold', 10);
    let answerH = 14;
    if (answer.kind === 'text') answerH = heightOf(pdfText(answer.text), 'Helvetica', 10);
    else if (answer.kind === 'risk') answerH = heightOf(pdfText(answer.text), 'Helvetica', 10) + 16;
    else if (answer.kind === 'drawing') answerH = answer.png ? DRAWING.height + 4 : 14;
    room(titleH + answerH + 10);
    font('Helvetica-Bold', 10).text(t, left, doc.y, { width });
    doc.moveDown(0.15);
    switch (answer.kind) {
      case 'none':
        font('Helvetica-Oblique', 10, MUTED).text('Not answered', left, doc.y, { width });
        break;
      case 'text':
        font('Helvetica', 10).text(pdfText(answer.text), left, doc.y, { width });
        break;
      case 'risk': {
        font('Helvetica', 10).text(pdfText(answer.text), left, doc.y, { width });
        if (answer.level) {
          const y = doc.y + 3;
          doc.rect(left, y, 12, 12).fill(LEVEL_COLOURS[answer.level]);
          const info = RISK_LEVELS[answer.level];
          font('Helvetica-Bold', 10, LEVEL_COLOURS[answer.level]).text(pdfText(info?.label ?? answer.level), left + 18, y + 1, {
            continued: !!info?.legend,
          });
          if (info?.legend) font('Helvetica', 9, MUTED).text(pdfText(`  ${info.legend}`));
          doc.x = left;
          doc.y = Math.max(doc.y, y + 14);
        }
        break;
      }
      case 'drawing': {
        if (!answer.png) {
          font('Helvetica-Oblique', 10, MUTED).text(DRAWING_NOT_SHOWN, left, doc.y, { width });
          break;
        }
        const y = doc.y + 2;
        try {
          doc.image(answer.png, left, y, { fit: [DRAWING.width, DRAWING.height], align: 'center', valign: 'center' });
          doc.rect(left, y, DRAWING.width, DRAWING.height).lineWidth(0.5).strokeColor(RULE).stroke();
          doc.x = left;
          doc.y = y + DRAWING.height + 2;
        } catch {
          doc.y = y;
          font('Helvetica-Oblique', 10, MUTED).text(DRAWING_NOT_SHOWN, left, doc.y, { width });
        }
        break;
      }
    }
    doc.x = left;
    doc.moveDown(0.7);
  };

  /** A question's photos, two a row scaled to the page width, each titled 'Photo N'. */
  const photoRows = (title: string, photos: (Buffer | null)[]) => {
    const cellW = (width - PHOTO_GAP) / 2;
    const cellH = Math.round((cellW * 3) / 4);
    doc.moveUp(0.4);
    for (let i = 0; i < photos.length; i += 2) {
      room(cellH + 18);
      const y = doc.y;
      for (let k = 0; k < 2 && i + k < photos.length; k++) {
        const x = left + k * (cellW + PHOTO_GAP);
        const n = i + k + 1;
        font('Helvetica', 8, MUTED).text(pdfText(`Photo ${n} for ${title || 'this question'}`), x, y, {
          width: cellW,
          lineBreak: false,
          ellipsis: true,
        });
        const top = y + 11;
        const data = photos[i + k];
        let shown = false;
        if (data)
          try {
            doc.image(data, x, top, { fit: [cellW, cellH], align: 'center', valign: 'center' });
            shown = true;
          } catch {
            shown = false;
          }
        if (!shown)
          font('Helvetica-Oblique', 9, MUTED).text(PHOTO_NOT_SHOWN, x + 6, top + cellH / 2 - 5, { width: cellW - 12, align: 'center' });
        doc.rect(x, top, cellW, cellH).lineWidth(0.5).strokeColor(RULE).stroke();
      }
      doc.x = left;
      doc.y = y + cellH + 17;
    }
    doc.moveDown(0.5);
  };

  const statement = (q: Question) => {
    const text = pdfText(q.content || q.title || '');
    if (!text) return;
    const important = q.className === 'Important';
    const h = heightOf(text, important ? 'Helvetica-Bold' : 'Helvetica', 10, width - 12);
    room(h + 10);
    const y = doc.y;
    doc.rect(left, y, 3, h).fill(important ? LEVEL_COLOURS.catastrophic : RULE);
    font(important ? 'Helvetica-Bold' : 'Helvetica', 10, important ? INK : MUTED).text(text, left + 12, y, { width: width - 12 });
    doc.x = left;
    doc.moveDown(0.7);
  };

  /** Overdue: open and due before today in the PDF's zone. */
  const today = (() => {
    const d = formatDateTime(new Date(), input.timeZone).slice(0, 10).split('/');
    return `${d[2]}-${d[1]}-${d[0]}`;
  })();
  /** A corrective action in a ruled box: what, priority, assignee, due date, status, and how it was closed. */
  const actionBlock = (a: PdfAction, raisedOn: string | null) => {
    const priority = a.priority ? (Priority.values as Record<string, string>)[a.priority] : undefined;
    const due = a.dueDate ? a.dueDate.slice(0, 10) : null;
    const open = a.status !== 'CLOSED';
    const status = (a.status ? (CorrectiveActionStatus.values as Record<string, string>)[a.status] : undefined) ?? a.status ?? 'Open';
    const rows: [string, string][] = [
      ...(raisedOn ? ([['Raised on', raisedOn]] as [string, string][]) : []),
      ['Description', a.description],
      ['Priority', priority ? priority.charAt(0).toUpperCase() + priority.slice(1) : 'Not set'],
      ['Assignee', a.assignee ?? 'Not assigned'],
      ['Due date', due ? formatDateAnswer(due) : 'Not set'],
      ['Status', open && due && due < today ? `${status} (overdue)` : status],
    ];
    if (!open) {
      rows.push(['Closed', a.closedAt ? formatDateTime(a.closedAt, input.timeZone) : 'Unknown']);
      rows.push(['Closing comment', a.closingComment?.trim() ? a.closingComment : 'None']);
    }
    const labelW = 95;
    const pad = 8;
    const inner = width - 2 * pad;
    const heights = rows.map(([, v]) => Math.max(heightOf(pdfText(v), 'Helvetica', 9, inner - labelW), 11) + 2);
    const titleH = 16;
    const total = titleH + heights.reduce((x, y) => x + y, 0) + 2 * pad;
    room(Math.min(total, bottom() - MARGIN.top));
    doc.moveUp(0.3);
    let y = doc.y;
    // The box's side bar, drawn once its end is known: on each page the box runs over.
    const colour = open ? LEVEL_COLOURS.high : LEVEL_COLOURS.low;
    let barTop = y;
    font('Helvetica-Bold', 10, INK).text('Corrective action', left + pad + 4, y + pad - 2, { width: inner });
    y += pad + titleH - 2;
    rows.forEach(([label, value], i) => {
      if (y + heights[i] > bottom()) {
        doc.rect(left, barTop, 3, bottom() - barTop).fill(colour);
        doc.addPage();
        y = doc.y;
        barTop = y;
      }
      font('Helvetica-Bold', 9, MUTED).text(label, left + pad + 4, y, { width: labelW - 4 });
      font('Helvetica', 9, INK).text(pdfText(value), left + pad + labelW, y, { width: inner - labelW });
      y += heights[i];
    });
    doc.rect(left, barTop, 3, y + pad - barTop).fill(colour);
    doc.x = left;
    // A gap before what follows, so the bar ends clear of the next question's title.
    doc.y = y + pad + 6;
  };
  const actionsOf = new Map<string, PdfAction[]>();
  for (const a of input.actions ?? []) {
    const list = actionsOf.get(a.questionId ?? '') ?? [];
    list.push(a);
    actionsOf.set(a.questionId ?? '', list);
  }
  const actionsShown = new Set<PdfAction>();
  const questionActions = (q: Question) => {
    for (const a of actionsOf.get(q.id) ?? []) {
      actionBlock(a, null);
      actionsShown.add(a);
    }
  };
  /** Actions whose question is not shown (hidden since, or a definition that cannot be read), at the end. */
  function otherActionsSection(): void {
    const rest = (input.actions ?? []).filter((a) => !actionsShown.has(a));
    if (!rest.length) return;
    sectionHeading('Corrective actions');
    for (const a of rest) actionBlock(a, a.questionTitle?.trim() || a.questionId || 'A question of this form');
  }

  /** Documents, assets and additional files attached to the submission, when there are any. */
  function attachmentsSection(): void {
    const a = input.attachments;
    const groups: [string, string[]][] = [
      ['Documents', a?.documents ?? []],
      ['Assets', a?.assets ?? []],
      ['Additional files', a?.files ?? []],
    ];
    if (!groups.some(([, names]) => names.length)) return;
    sectionHeading('Attachments');
    for (const [title, names] of groups) if (names.length) questionBlock(title, { kind: 'text', text: names.join('\n') });
  }

  const def = input.definition;
  const answers = input.answers;
  const visible = def ? visibilityTest(def, answers) : () => false;
  const walk = (questions: Question[] | undefined) => {
    for (const q of questions ?? []) {
      if (!visible(q)) continue;
      if (q.questionType === 'formSection') {
        subHeading(pdfText(q.title || 'Section'));
        walk(q.contents);
      } else if (q.questionType === 'statement') statement(q);
      else {
        questionBlock(q.title, renderAnswer(q, answers, input));
        const photos = input.photos?.[q.id];
        if (photos?.length) photoRows(q.title, photos);
        questionActions(q);
      }
    }
  };

  if (def) {
    for (const slide of def.slides) {
      if (isReviewSlide(slide)) continue;
      sectionHeading(pdfText(slide.name || (isCompleteSlide(slide) ? 'Notifications' : 'Section')));
      walk(slide.contents);
    }
    attachmentsSection();
    const review = def.slides.find(isReviewSlide);
    if (review && (input.review || review.contents.some((q) => !isBlank(answerOf(answers, q.id))))) {
      sectionHeading('Review');
      walk(review.contents);
      questionBlock('Reviewer', input.review?.reviewer ? { kind: 'text', text: input.review.reviewer } : { kind: 'none' });
      questionBlock(
        'Time reviewed',
        input.review?.timeReviewed ? { kind: 'text', text: formatDateTime(input.review.timeReviewed, input.timeZone) } : { kind: 'none' },
      );
    }
    otherActionsSection();
  } else {
    sectionHeading('Answers');
    for (const [key, value] of Object.entries(answers))
      questionBlock(
        key,
        isBlank(value) ? { kind: 'none' } : { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) },
      );
    attachmentsSection();
    otherActionsSection();
  }

  // Footer on every page: form name and page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN.bottom + 24;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    font('Helvetica', 8, MUTED).text(pdfText(input.formName), left, y, { width: width / 2, lineBreak: false, ellipsis: true });
    font('Helvetica', 8, MUTED).text(`Page ${i - range.start + 1} of ${range.count}`, left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
  doc.end();
  return finished;
}

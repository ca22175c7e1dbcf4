import { inflateSync } from 'node:zlib';

/** The text a PDF shows: its content streams inflated, the hex strings of TJ operators decoded. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at, 'latin1');
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start, 'latin1');
    const raw = pdf.subarray(start + 7, end);
    at = end + 10;
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

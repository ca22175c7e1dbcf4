import { pathToFileURL } from 'node:url';
import { renderSubmissionPdf } from '../server/src/forms/pdf';
import { largePdfInput } from '../server/src/test/forms-fixtures';

/**
 * Times renderSubmissionPdf on a form of `questions` questions (the budget: 300 ms for 50).
 * Also used by the PDF test (server/src/forms/pdf.api.test.ts).
 * Run alone: npx tsx bench/pdf.ts [questions] [runs]
 */
export async function benchmarkPdf(
  questions = 50,
  runs = 20,
): Promise<{ firstMs: number; medianMs: number; maxMs: number; bytes: number }> {
  const input = largePdfInput(questions);
  let t = performance.now();
  const first = await renderSubmissionPdf(input);
  const firstMs = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    await renderSubmissionPdf(input);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { firstMs, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], bytes: first.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [questions, runs] = process.argv.slice(2).map(Number);
  const r = await benchmarkPdf(questions || 50, runs || 20);
  console.log(
    `PDF of ${questions || 50} questions: first ${r.firstMs.toFixed(1)} ms, median ${r.medianMs.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms, ${r.bytes} bytes`,
  );
}

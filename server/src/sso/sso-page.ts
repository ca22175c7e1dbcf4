import { safePath } from '@hub/model';
import type { FastifyReply } from 'fastify';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sign-in page, with the return path as its redirect value when there is one other than '/'. */
export function signInHref(returnPath: unknown): string {
  const back = safePath(returnPath);
  return back === '/' ? '/admin_login' : `/admin_login?${new URLSearchParams({ redirect: back })}`;
}

/**
 * The page a browser sees when single sign-on or single logout is refused: the frame of the
 * SPA's sign-in page (the same colours, card and mark), the reason in a sentence, and the way
 * back to sign in. Served by the server itself, so it shows even when the refusal comes
 * before any session or script; the status code stays the refusal's.
 *
 * `returnPath`: where the person was going (the returnurl or RelayState they came with). 'Back
 * to sign in' keeps it, as the sign-in page's redirect query value, so that signing in with an
 * email and password still ends there; only a path of this hub (safePath), never another site.
 */
export function sendSsoRefusal(reply: FastifyReply, status: number, title: string, message: string, returnPath?: unknown) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Safety Hub</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #000; background: #f8f9fa; }
  main { min-height: 100dvh; display: flex; align-items: center; justify-content: center; padding: 16px; box-sizing: border-box; }
  .card { width: 100%; max-width: 440px; box-sizing: border-box; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 32px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 5%), 0 10px 15px -5px rgb(0 0 0 / 5%), 0 7px 7px -5px rgb(0 0 0 / 4%); display: flex; flex-direction: column; gap: 16px; }
  .mark { display: flex; flex-direction: column; align-items: center; gap: 4px; }
  .brand { margin: 0; font-weight: 700; color: #14305c; }
  h1 { margin: 0; font-size: 26px; line-height: 1.35; text-align: center; }
  .message { margin: 0; line-height: 1.55; overflow-wrap: anywhere; }
  .back { display: block; text-align: center; background: #14305c; color: #fff; text-decoration: none; font-weight: 600; border-radius: 8px; padding: 10px 18px; }
  .back:hover, .back:focus-visible { background: #234e9a; }
</style>
</head>
<body>
<main>
  <div class="card" role="alert">
    <div class="mark">
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="#ff7405" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M11.46 20.846a12 12 0 0 1 -7.96 -14.846a12 12 0 0 0 8.5 -3a12 12 0 0 0 8.5 3a12 12 0 0 1 -.09 7.06"/><path d="M15 19l2 2l4 -4"/></svg>
      <p class="brand">Safety Hub</p>
    </div>
    <h1>${escapeHtml(title)}</h1>
    <p class="message" id="message">${escapeHtml(message)}</p>
    <a class="back" href="${escapeHtml(signInHref(returnPath))}">Back to sign in</a>
  </div>
</main>
</body>
</html>
`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

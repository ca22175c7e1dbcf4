import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness';
import { createMailer } from './mailer';

let h: Harness;
let server: SMTPServer;
const received: { to: string[]; body: string }[] = [];
let port = 0;

beforeAll(async () => {
  h = await startHarness();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let body = '';
      stream.on('data', (d: Buffer) => (body += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

it('delivers through a real SMTP server and records the message as sent', async () => {
  const mailer = createMailer(h.db, `smtp://127.0.0.1:${port}`, 'Safety Hub <hub@example.org>');
  await mailer.send({ to: 'sam@sparkright.example', subject: 'Reset your Safety Hub password', text: 'Open this link' });
  expect(received).toHaveLength(1);
  expect(received[0].to).toEqual(['sam@sparkright.example']);
  expect(received[0].body).toContain('Subject: Reset your Safety Hub password');
  expect(received[0].body).toContain('Open this link');
  const { rows } = await h.db.query<{ sent: boolean; error: string | null }>(
    `SELECT sent_at IS NOT NULL AS sent, error FROM mail_outbox WHERE "to" = 'sam@sparkright.example'`,
  );
  expect(rows).toEqual([{ sent: true, error: null }]);
});

it('keeps mail in the outbox when no SMTP server is configured', async () => {
  const mailer = createMailer(h.db, null, 'Safety Hub <hub@example.org>');
  await mailer.send({ to: 'outbox@example.org', subject: 'Confirm', text: 'Confirm your email' });
  const { rows } = await h.db.query<{ subject: string; sent: boolean }>(
    `SELECT subject, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE "to" = 'outbox@example.org'`,
  );
  expect(rows).toEqual([{ subject: 'Confirm', sent: false }]);
});

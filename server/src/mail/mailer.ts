import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Sends outbox rows already written (writeOutbox, in the transaction that decided them) through
   * SMTP when configured; without SMTP they stay in the outbox. Absent in test mailers.
   */
  deliver?(ids: readonly string[]): Promise<void>;
}

/**
 * Writes many messages to the outbox in one statement (in the caller's transaction, so they
 * exist exactly when what they announce does); then Mailer.deliver sends them. Answers their ids.
 */
export async function writeOutbox(db: Db, mails: readonly Mail[]): Promise<string[]> {
  if (!mails.length) return [];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox ("to", subject, text, html)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) RETURNING id`,
    [mails.map((m) => m.to), mails.map((m) => m.subject), mails.map((m) => m.text), mails.map((m) => m.html ?? null)],
  );
  return rows.map((r) => r.id);
}

/**
 * nodemailer through SMTP_URL when configured; every message is also kept in the outbox
 * table, which is all there is without SMTP (administrators read it on the jobs page).
 */
export function createMailer(db: Db, smtpUrl: string | null, from: string, log: (msg: string, err?: unknown) => void = () => {}): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  async function transmit(id: string, mail: Mail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from, ...mail });
      await db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = $1', [id]);
    } catch (err) {
      log(`Sending mail to ${mail.to} failed`, err);
      await db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [id, String((err as Error).message ?? err)]);
    }
  }
  return {
    async send(mail) {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO mail_outbox ("to", subject, text, html) VALUES ($1, $2, $3, $4) RETURNING id',
        [mail.to, mail.subject, mail.text, mail.html ?? null],
      );
      await transmit(rows[0].id, mail);
    },
    async deliver(ids) {
      if (!transport || !ids.length) return;
      const { rows } = await db.query<Mail & { id: string }>(
        `SELECT id, "to", subject, text, html FROM mail_outbox WHERE id = ANY($1::uuid[]) AND sent_at IS NULL ORDER BY created, id`,
        [ids],
      );
      for (const { id, html, ...mail } of rows) await transmit(id, { ...mail, ...(html ? { html } : {}) });
    },
  };
}

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
}

/**
 * nodemailer through SMTP_URL when configured; every message is also kept in the outbox
 * table, which is all there is without SMTP (administrators read it on the jobs page).
 */
export function createMailer(db: Db, smtpUrl: string | null, from: string, log: (msg: string, err?: unknown) => void = () => {}): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO mail_outbox ("to", subject, text, html) VALUES ($1, $2, $3, $4) RETURNING id',
        [mail.to, mail.subject, mail.text, mail.html ?? null],
      );
      if (!transport) return;
      try {
        await transport.sendMail({ from, ...mail });
        await db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = $1', [rows[0].id]);
      } catch (err) {
        log(`Sending mail to ${mail.to} failed`, err);
        await db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [rows[0].id, String((err as Error).message ?? err)]);
      }
    },
  };
}

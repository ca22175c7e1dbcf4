import type { Mail } from '../mail/mailer';

/** A person as mail names them: first name and surname, else the email. */
export interface Person {
  email: string;
  firstname?: string | null;
  surname?: string | null;
}

export function displayName(p: Person | null | undefined, fallback = 'A colleague'): string {
  if (!p) return fallback;
  return [p.firstname, p.surname].filter(Boolean).join(' ') || p.email;
}

/** The member-site page of a completed submission. */
export function submissionUrl(baseUrl: string, formType: string | null | undefined, submissionId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/user-submissions/${formType ?? 'all'}/view/${submissionId}`;
}

export interface SubmissionMailInput {
  to: string;
  formName: string | null | undefined;
  formType: string | null | undefined;
  submissionId: string;
  owner: Person | null;
  baseUrl: string;
}

/**
 * "{form} submitted by {owner}": the notification of a completed submission to a colleague
 * (a Complete Slide recipient, or one named through send-submission-notification-email).
 */
export function submissionNotificationMail(m: SubmissionMailInput): Mail {
  const who = displayName(m.owner);
  return {
    to: m.to,
    subject: `${m.formName ?? 'A form'} submitted by ${who}`,
    text: `${who} submitted ${m.formName ?? 'a form'} and asked that you be told.\n\nOpen it: ${submissionUrl(m.baseUrl, m.formType, m.submissionId)}`,
  };
}

/** "{form} was reviewed": to the owner of a submission a reviewer has reviewed. */
export function reviewedMail(m: SubmissionMailInput & { reviewer: string | null; option: string | null }): Mail {
  const form = m.formName ?? 'Your form';
  const by = m.reviewer ? ` by ${m.reviewer}` : '';
  const outcome = m.option ? `\n\nOutcome: ${m.option}` : '';
  return {
    to: m.to,
    subject: `${form} was reviewed`,
    text: `Your submission of ${m.formName ?? 'a form'} was reviewed${by}.${outcome}\n\nOpen it: ${submissionUrl(m.baseUrl, m.formType, m.submissionId)}`,
  };
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_OFFSETS as O,
  REMINDER_TRIGGERS,
  TRIGGER_TYPES,
  addDays,
  addMonths,
  annualReviewDueDay,
  dayIn,
  daysBetween,
  pendingDueDay,
  reminderDay,
  reminderMail,
  reminderText,
  reminderTypeFor,
  reminderUrl,
} from './reminders';

describe('reminderTypeFor', () => {
  it('is nothing the day before Reminder One, and each type from its own day', () => {
    expect(reminderTypeFor(31, O)).toBeNull();
    expect(reminderTypeFor(30, O)).toBe('REMINDER_ONE');
    expect(reminderTypeFor(8, O)).toBe('REMINDER_ONE');
    expect(reminderTypeFor(7, O)).toBe('REMINDER_TWO');
    expect(reminderTypeFor(1, O)).toBe('REMINDER_TWO');
    expect(reminderTypeFor(0, O)).toBe('DUE_DATE');
  });

  it('still sends a missed Due Date for lateDays, then nothing stale', () => {
    expect(reminderTypeFor(-7, O)).toBe('DUE_DATE');
    expect(reminderTypeFor(-8, O)).toBeNull();
    expect(reminderTypeFor(-400, O)).toBeNull();
  });

  it('follows configured offsets', () => {
    const o = { reminderOneDays: 14, reminderTwoDays: 3, lateDays: 0 };
    expect([15, 14, 4, 3, 1, 0, -1].map((d) => reminderTypeFor(d, o))).toEqual([
      null,
      'REMINDER_ONE',
      'REMINDER_ONE',
      'REMINDER_TWO',
      'REMINDER_TWO',
      'DUE_DATE',
      null,
    ]);
  });

  it('names the day each type opens', () => {
    expect(reminderDay('REMINDER_ONE', '2026-04-10', O)).toBe('2026-03-11');
    expect(reminderDay('REMINDER_TWO', '2026-04-10', O)).toBe('2026-04-03');
    expect(reminderDay('DUE_DATE', '2026-04-10', O)).toBe('2026-04-10');
  });
});

describe('days', () => {
  it('adds days and months as calendar days', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-10', '2026-04-09')).toBe(30);
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(annualReviewDueDay('2025-06-15')).toBe('2026-06-15');
    expect(pendingDueDay('2026-03-10', O)).toBe('2026-04-09');
  });

  it('takes the run day in the configured zone', () => {
    const moment = new Date('2026-03-10T19:00:00Z');
    expect(dayIn(moment, 'UTC')).toBe('2026-03-10');
    expect(dayIn(moment, 'Australia/Sydney')).toBe('2026-03-11');
  });
});

describe('who and what', () => {
  it('sends due reminders to the record’s people and the managers, pending ones to the approvers', () => {
    expect(REMINDER_TRIGGERS.LICENCE_DUE.recipients).toEqual({
      owner: true,
      assignees: false,
      roles: ['SafetyManager', 'Manager', 'Pro-Manager'],
    });
    expect(REMINDER_TRIGGERS.ASSET_SERVICE.recipients.assignees).toBe(true);
    expect(REMINDER_TRIGGERS.LICENCE_PENDING.recipients).toEqual({
      owner: false,
      assignees: false,
      roles: ['SafetyManager', 'Manager', 'Pro-Manager'],
    });
    expect(REMINDER_TRIGGERS.DOCUMENT_PENDING.recipients).toEqual({ owner: false, assignees: false, roles: ['SafetyManager'] });
    expect(REMINDER_TRIGGERS.CORRECTIVE_ACTION_DUE.recipients).toEqual({
      owner: false,
      assignees: true,
      roles: ['SafetyManager', 'Manager', 'Pro-Manager'],
    });
    expect(TRIGGER_TYPES).toHaveLength(8);
  });

  it('says what is due and when, in the spec’s date format', () => {
    const base = { entityId: 'e', dueDay: '2026-04-10' };
    expect(reminderText({ ...base, trigger: 'LICENCE_DUE', name: 'Working at heights', holderName: 'Sam Spark' })).toBe(
      "Licence 'Working at heights' of Sam Spark is due for renewal on 10/04/2026",
    );
    expect(reminderText({ ...base, trigger: 'ASSET_INSPECTION', name: 'Full body harness' })).toBe(
      "Asset 'Full body harness' is due for inspection on 10/04/2026",
    );
    expect(reminderText({ ...base, trigger: 'DOCUMENT_PENDING', name: ' ' })).toBe(
      "Document 'Untitled' is waiting for approval: please approve or remove it by 10/04/2026",
    );
  });

  it('tells a due date before the day of sending as past, for every trigger kind, and the day itself as due', () => {
    const base = { entityId: 'e', dueDay: '2026-11-26', name: 'X', holderName: 'Sam Spark' };
    const late: Record<string, string> = {
      LICENCE_DUE: "Licence 'X' of Sam Spark was due for renewal on 26/11/2026",
      ASSET_INSPECTION: "Asset 'X' was due for inspection on 26/11/2026",
      ASSET_SERVICE: "Asset 'X' was due for a service on 26/11/2026",
      ASSET_REGISTRATION: "The registration of asset 'X' was due for renewal on 26/11/2026",
      DOCUMENT_ANNUAL_REVIEW: "Document 'X' was due for its annual review on 26/11/2026",
      LICENCE_PENDING: "Licence 'X' of Sam Spark is still waiting for approval: it was to be approved or removed by 26/11/2026",
      DOCUMENT_PENDING: "Document 'X' is still waiting for approval: it was to be approved or removed by 26/11/2026",
      CORRECTIVE_ACTION_DUE: "Corrective action 'X' was due on 26/11/2026",
    };
    for (const trigger of TRIGGER_TYPES) {
      expect(reminderText({ ...base, trigger }, '2026-11-27')).toBe(late[trigger]);
      // On the due date and before it, nothing reads as past.
      for (const today of ['2026-11-26', '2026-11-19', '2026-10-27']) {
        const text = reminderText({ ...base, trigger }, today);
        expect(text).not.toMatch(/was due|was to be|still waiting/);
        expect(text).toMatch(/is due|please approve/);
      }
    }
    // Across a month and a year end.
    expect(reminderText({ ...base, dueDay: '2026-12-31', trigger: 'ASSET_SERVICE' }, '2027-01-01')).toBe(
      "Asset 'X' was due for a service on 31/12/2026",
    );
  });

  it('links to the record’s member page', () => {
    expect(reminderUrl('ASSET_REGISTRATION', 'a1')).toBe('/assets/view/a1');
    expect(reminderUrl('DOCUMENT_ANNUAL_REVIEW', 'd1')).toBe('/my-documents/view/d1');
    expect(reminderUrl('LICENCE_PENDING', 'l1', 'u1')).toBe('/users/u1/licences/view/l1');
    expect(reminderUrl('LICENCE_DUE', 'l1', null)).toBeNull();
    expect(reminderUrl('CORRECTIVE_ACTION_DUE', 'c1')).toBe('/corrective-actions/view/c1');
  });

  it('names a corrective action by the first line of its description', () => {
    const base = { entityId: 'c', dueDay: '2026-04-10', trigger: 'CORRECTIVE_ACTION_DUE' as const };
    expect(reminderText({ ...base, name: 'Fit the guard\nand check it' })).toBe("Corrective action 'Fit the guard' is due on 10/04/2026");
    expect(reminderText({ ...base, name: 'x'.repeat(100) })).toBe(`Corrective action '${'x'.repeat(79)}…' is due on 10/04/2026`);
  });

  it('mails one message per person, the most urgent first', () => {
    const mail = reminderMail(
      'Sam',
      [
        { type: 'REMINDER_ONE', text: 'A is due on 01/05/2026', url: '/assets/view/a' },
        { type: 'DUE_DATE', text: 'B is due on 10/04/2026', url: null },
      ],
      'https://hub.example',
    );
    expect(mail.subject).toBe('Reminder: 2 safety records need attention (1 due now)');
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.text.indexOf('Due Date: B')).toBeLessThan(mail.text.indexOf('Reminder One: A'));
    expect(mail.text).toContain('https://hub.example/assets/view/a');
    expect(reminderMail(null, [{ type: 'REMINDER_TWO', text: 'C is due', url: null }], 'x').subject).toBe('Reminder: C is due');
  });
});

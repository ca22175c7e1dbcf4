import { defineEntity, f } from '../define';
import { ReminderType, TriggerType } from '../enums';

export const reminderLog = defineEntity({
  name: 'ReminderLogEntity',
  label: 'Reminder Log',
  table: 'reminder_log',
  display: 'description',
  // A member reads their own reminders only: a colleague's may name a corrective action (or a
  // licence) the reader may not open, and its text tells what it is.
  scope: { kind: 'via', ref: 'mehubAccount', own: true },
  // One reminder per record, trigger, type, due date (triggerDate) and recipient: the reminder
  // job inserts with ON CONFLICT DO NOTHING, so reruns and several servers never send one twice.
  uniqueTogether: [['entityID', 'triggerType', 'reminderType', 'triggerDate', 'mehubAccount']],
  fields: {
    reminderType: f.enum(ReminderType, { label: 'Reminder Type', order: 10 }),
    triggerType: f.enum(TriggerType, { label: 'Trigger Type', order: 20 }),
    triggerDate: f.datetime({ label: 'Trigger Date', order: 30 }),
    entityID: f.text({ label: 'Entity ID', order: 40 }),
    description: f.text({ label: 'Description', searchable: true, order: 50 }),
    lastTriggerDate: f.datetime({ label: 'Last Trigger Date', order: 60 }),
    owner: f.text({ label: 'Owner', order: 70 }),
    mehubAccount: f.ref('MehubAccountEntity', { label: 'Account', onDelete: 'cascade', order: 80 }),
  },
});

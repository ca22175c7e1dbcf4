import { defineEntity, f } from '../define';
import { TimelineAction } from '../enums';

export const timelineEvent = defineEntity({
  name: 'MehubAccountTimelineEventsEntity',
  label: 'Timeline Event',
  table: 'mehub_account_timeline_events',
  display: 'actionTitle',
  scope: { kind: 'via', ref: 'entity' },
  fields: {
    action: f.enum(TimelineAction, { label: 'Action', order: 10 }),
    actionTitle: f.text({ label: 'Action Title', searchable: true, order: 20 }),
    description: f.textarea({ label: 'Description', order: 30 }),
    groupId: f.text({ label: 'Group Id', required: true, order: 40 }),
    entity: f.ref('MehubAccountEntity', { label: 'Account', onDelete: 'cascade', order: 50 }),
  },
});

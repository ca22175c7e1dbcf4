import { defineEntity, f } from '../define';
import { TimelineAction } from '../enums';

export const timelineEvent = defineEntity({
  name: 'MehubAccountTimelineEventsEntity',
  label: 'Timeline Event',
  table: 'mehub_account_timeline_events',
  display: 'actionTitle',
  // Read by the organisation the event is about, stamped when it is written (not the account's
  // organisation of today): an account that moves to another organisation takes none of the old
  // organisation's history with it, and an old primary contact's timeline tells the new one nothing.
  scope: { kind: 'org', ref: 'memberOrganisation' },
  // An account's timeline pages by (entity, created, id): the list screen and the member's timeline.
  indexes: [['entity', 'created', 'id']],
  fields: {
    action: f.enum(TimelineAction, { label: 'Action', order: 10 }),
    actionTitle: f.text({ label: 'Action Title', searchable: true, order: 20 }),
    description: f.textarea({ label: 'Description', order: 30 }),
    groupId: f.text({ label: 'Group Id', required: true, order: 40 }),
    entity: f.ref('MehubAccountEntity', { label: 'Account', onDelete: 'cascade', order: 50 }),
    // Which record the event is about (server/src/crud/timeline.ts writes them): the entity's
    // name and the record's id, so a 'Form Reviewed' event can open the submission.
    recordEntity: f.text({ label: 'Record Entity', readOnly: true, order: 60 }),
    recordId: f.text({ label: 'Record Id', readOnly: true, order: 70 }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Organisation', onDelete: 'cascade', order: 80 }),
  },
});

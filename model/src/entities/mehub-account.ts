import { defineEntity, f } from '../define';
import { State } from '../enums';

export const mehubAccount = defineEntity({
  name: 'MehubAccountEntity',
  label: 'Mehub Account',
  plural: 'Mehub Accounts',
  table: 'mehub_account',
  display: 'email',
  scope: { kind: 'org', ref: 'memberOrganisation' },
  rules: ['confirmPassword'],
  timeline: { account: 'self', title: 'Account' },
  fields: {
    email: f.email({ label: 'Email', required: true, immutable: true, unique: true, searchable: true, order: 10 }),
    userName: f.text({ label: 'User Name', immutable: true, order: 20 }),
    twoFactorEnabled: f.boolean({ label: 'Two Factor Enabled', immutable: true, default: false, order: 30 }),
    password: f.password({ label: 'Password', order: 40 }),
    memnetID: f.text({ label: 'Memnet ID', searchable: true, order: 50 }),
    firstname: f.text({ label: 'First Name', searchable: true, order: 60 }),
    surname: f.text({ label: 'Surname', searchable: true, order: 70 }),
    mobileNumber: f.text({ label: 'Mobile Number', order: 80 }),
    streetAddress1: f.text({ label: 'Street Address 1', group: 'Address', order: 90 }),
    streetAddress2: f.text({ label: 'Street Address 2', group: 'Address', order: 100 }),
    streetAddress3: f.text({ label: 'Street Address 3', group: 'Address', order: 110 }),
    postcode: f.text({ label: 'Postcode', group: 'Address', order: 120 }),
    city: f.text({ label: 'City', group: 'Address', order: 130 }),
    state: f.enum(State, { label: 'State', group: 'Address', order: 140 }),
    country: f.text({ label: 'Country', group: 'Address', order: 150 }),
    startDate: f.date({ label: 'Start Date', order: 160 }),
    endDate: f.date({ label: 'End Date', order: 170 }),
    isDuplicate: f.boolean({ label: 'Is Duplicate', default: false, order: 180 }),
    lastsyncdate: f.datetime({ label: 'Last Synchronised', readOnly: true, order: 190 }),
    memberOrganisation: f.ref('MemberOrganisationEntity', { label: 'Member Organisation', onDelete: 'restrict', order: 200 }),
    role: f.ref('RoleEntity', { label: 'Role', onDelete: 'set null', order: 210 }),
    // Stored as the organisation's primaryContactId; set and cleared by managers, back-end holders
    // and administrators through the account's save (server/src/records/accounts.ts).
    isPrimaryContact: f.derived({
      label: 'Primary Contact',
      of: 'boolean',
      from: { pointsHere: 'memberOrganisation.primaryContact' },
      writtenByHook: true,
      order: 215,
    }),
    // Not deactivated by an administrator (POST /api/account/deactivate): who may sign in, and who
    // may be given a corrective action (docs/corrective-actions.md). API only: the member site's
    // Active / Inactive users tabs go by Lastsyncdate instead.
    isActive: f.derived({ label: 'Is Active', of: 'boolean', from: { rule: 'accountActive' }, hidden: true, order: 216 }),
    formSubmissions: f.children('FormSubmissionsEntity', 'mehubAccount', { label: 'Form Submissions' }),
    licences: f.children('LicenceEntity', 'mehubAccount', { label: 'Licences', order: 220 }),
    reminderLogs: f.children('ReminderLogEntity', 'mehubAccount', { label: 'Reminder Logs' }),
    reviewedFormRequests: f.children('FormReviewRequestEntity', 'mehubAccount', { label: 'Reviewed Form Requests' }),
    loggedEvents: f.children('MehubAccountTimelineEventsEntity', 'entity', { label: 'Logged Events' }),
    assetss: f.links('AssetsMehubAccounts', 'mehubAccounts', 'assets', { label: 'Assets' }),
    documentss: f.links('DocumentsMehubAccounts', 'mehubAccounts', 'documents', { label: 'Documents' }),
  },
});

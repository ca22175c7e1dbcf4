import { GROUPS, getEntity, toWireDate, type EntityName, type RoleName } from '@hub/model';
import { REVIEW_OPTIONS, riskMatrixAnswers, type Answers } from '@hub/model/forms';
import type { Caller } from '../access/caller';
import { dayIn } from '@hub/model/reminders';
import { ASSOCIATION_PAGE_PATHS, DEFAULT_ASSOCIATION_SITE_URL, DEFAULT_REMINDER_TIME_ZONE } from '../config';
import { registerSaveHooks } from '../crud/hooks';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { registerFormHooks } from '../forms';
import type { DemoFormType } from './forms';
import { seedDemoRecords } from './records';

/** One demo account, as the in-use data acts for it. */
export interface DemoPerson {
  id: string;
  email: string;
  name: string;
  role: RoleName;
  roleId: string;
  organisationId: string;
}

/** What seedDemo made that the in-use data builds on. */
export interface DemoBase {
  db: Db;
  storage: FileStorage;
  system: Caller;
  orgs: { spark: string; volt: string };
  /** Sparkright's accounts by user name (safetymanager, safetyworker, manager, worker, promanager, proworker). */
  spark: Record<string, DemoPerson>;
  /** Voltline's accounts (safetymanager, worker). */
  volt: Record<string, DemoPerson>;
  /** The published form of each type, and its version. */
  forms: Record<DemoFormType, { formId: string; versionId: string }>;
  /** Document type ids by name. */
  documentType: (name: string) => string;
  /** Each organisation's assets, in seed order (tester, ladder, harness, van). */
  assets: { spark: string[]; volt: string[] };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `days` from `now` ('YYYY-MM-DD', UTC). */
/**
 * The zone whose calendar day the reminder job stands for (REMINDER_TIME_ZONE, checked by
 * config.ts at start): the demo's days are that zone's, so the harness 'due today' is due on the
 * job's day, not yesterday's (after 13:00 UTC it is already tomorrow in Sydney).
 */
function reminderZone(): string {
  const zone = process.env.REMINDER_TIME_ZONE?.trim() || DEFAULT_REMINDER_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_REMINDER_TIME_ZONE;
  }
}
/** The calendar day `days` after `now` in the reminder zone ('YYYY-MM-DD'). */
export const dayFrom = (now: Date, days: number) => dayIn(new Date(now.getTime() + days * DAY_MS), reminderZone());
/** A moment `days` (and `hours`) before `now`, on the wire ('YYYY-MM-DD HH:mm:ss', UTC). */
const momentBefore = (now: Date, days: number, hours = 0) => toWireDate(new Date(now.getTime() - days * DAY_MS - hours * 3600_000));
/** DD/MM/YYYY, as the hub shows a day. */

/** The association's safety page, as the hub links it by default (config.ts; stored data cannot follow a later setting). */
const ASSOCIATION_SAFETY = `${DEFAULT_ASSOCIATION_SITE_URL}${ASSOCIATION_PAGE_PATHS.safetyResources}`;

/** The member's own caller: the in-use data is saved as the people would save it, through their rights and the form hooks. */
function callerOf(p: DemoPerson): Caller {
  return {
    userId: p.id,
    kind: 'account',
    groups: [GROUPS.member],
    role: p.role,
    roleId: p.roleId,
    organisationId: p.organisationId,
    email: p.email,
  };
}

/**
 * The demo in use (architecture.md, 'Demo data'): submissions completed, reviewed and not,
 * a draft, forms whose Complete Slide notified someone, safety links in sections, standards
 * with guidance notes, organisation documents, licences and assets falling due (the reminder
 * job, run at start-up, writes their reminder logs), so that every member page shows real content on a fresh start. Dates are
 * relative to `now`, so the demo never goes stale.
 *
 * Seeded once, with the first start's demo (seed/first-start.ts); the test harness's
 * per-test demo leaves it out, so API tests start from the plain demo. Submissions go
 * through saveRecords as their owners and reviewers, with the forms' save hooks (the same
 * rules as the API: owner, validation, one draft per form, review requests); no mail is sent
 * (the mailer is not there yet when the first start seeds).
 */
export async function seedDemoInUse(base: DemoBase, now = new Date()): Promise<void> {
  const { db, storage, system, orgs, spark, volt, forms } = base;
  const env = { db, storage };
  // The first start seeds before the app is built (main.ts), which is where the forms' save
  // hooks are otherwise registered: register them here too (registering again replaces).
  registerFormHooks(registerSaveHooks);
  const save = (entity: EntityName, inputs: Record<string, unknown>[], as: Caller = system) =>
    saveRecords(env, as, getEntity(entity), inputs, 'create', null);
  const ref = (ids: string[]) => ids.map((id) => ({ id }));

  // Safety links in three sections (the SafetyManager's and Manager's /mesafety): the plain
  // demo's two sections get more links, and a third; each goes to a hub page that exists or to
  // the association's own safety pages.
  const { rows: sections } = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM safety_link_section WHERE name = ANY($1::text[])`,
    [['Procedures', 'Registers']],
  );
  const [resources] = await save('SafetyLinkSectionEntity', [
    { name: 'Resources', tooltip: 'Standards, your library and the association’s safety resources', order: 3 },
  ]);
  const sectionNamed = (name: string) => sections.find((s) => s.name === name)?.id ?? resources;
  const formLink = (name: string, type: DemoFormType, order: number, section: string) => ({
    name,
    create: `/safety-form/${forms[type].formId}`,
    view: `/user-submissions/${type}`,
    order,
    safetyLinkSectionId: section,
  });
  await save('SafetyLinkEntity', [
    formLink('Permit to work', 'PERMITS', 3, sectionNamed('Procedures')),
    formLink('Electrical verification', 'VERIFICATION', 4, sectionNamed('Procedures')),
    formLink('Toolbox meetings', 'MEETING_AND_TRAINING', 2, sectionNamed('Registers')),
    formLink('Quality checks', 'QUALITY', 3, sectionNamed('Registers')),
    { name: 'Australian Standards and guidance', view: '/standards', order: 1, safetyLinkSectionId: resources },
    { name: 'My library and documents', view: '/documentlibrary', order: 2, safetyLinkSectionId: resources },
    { name: 'Safety resources of the association', view: ASSOCIATION_SAFETY, order: 3, safetyLinkSectionId: resources },
  ]);
  // The plain demo's form links get their Create address too.
  const { rows: formLinks } = await db.query<{ id: string; view: string }>(
    `SELECT id, view FROM safety_link WHERE view = ANY($1::text[]) AND "create" IS NULL`,
    [(['RISK_ASSESSMENT', 'INCIDENT', 'INSPECTIONS'] as const).map((t) => `/user-submissions/${t}`)],
  );
  if (formLinks.length)
    await saveRecords(
      env,
      system,
      getEntity('SafetyLinkEntity'),
      formLinks.map((l) => ({ id: l.id, create: `/safety-form/${forms[l.view.split('/')[2] as DemoFormType].formId}` })),
      'update',
      null,
    );

  // Standards with two or three guidance notes each (the two of the plain demo get more below).
  const standards = [
    {
      name: 'AS/NZS 3012',
      header: 'Electrical installations: construction and demolition sites',
      description: 'Supply, RCD protection and inspection of electrical equipment on construction and demolition sites.',
      guidance: [
        [
          'Site switchboards',
          'Construction wiring and site switchboards',
          'Enclosures, locking and weather protection of site switchboards.',
        ],
        ['Inspection intervals on site', 'Test and tag on construction sites', 'How often leads and tools are tested and tagged on site.'],
      ],
    },
    {
      name: 'AS/NZS 4836',
      header: 'Safe working on or near low-voltage electrical installations and equipment',
      description: 'Isolation, testing for dead, and working near energised parts.',
      guidance: [
        ['Test before you touch', 'Proving dead', 'Prove the tester, test the circuit, prove the tester again.'],
        ['Lock out and tag', 'Isolation and tagging', 'Personal danger tags, locks and who may remove them.'],
        ['Live work', 'When live work is allowed', 'The narrow cases, the permit and the safety observer.'],
      ],
    },
    {
      name: 'AS/NZS 3008.1.1',
      header: 'Selection of cables',
      description: 'Current-carrying capacity and voltage drop of cables for alternating voltages up to 0.6/1 kV.',
      guidance: [
        ['Voltage drop', 'Calculating voltage drop', 'Worked examples for long sub-mains and final subcircuits.'],
        ['Derating', 'Grouping and thermal insulation', 'Derating factors for bunched cables and cables in insulation.'],
      ],
    },
    {
      name: 'AS/NZS 5033',
      header: 'Installation and safety requirements for photovoltaic arrays',
      description: 'PV array wiring, isolation and protection.',
      guidance: [
        ['DC isolators', 'PV array isolation', 'Where DC isolators go and how they are rated.'],
        ['Array cabling', 'Cable protection on roofs', 'Mechanical protection and UV resistance of array cables.'],
      ],
    },
  ];
  const standardIds = await save(
    'StandardEntity',
    standards.map(({ name, header, description }) => ({ name, header, description, link: 'https://www.standards.org.au/' })),
  );
  const { rows: existing } = await db.query<{ id: string; name: string }>(`SELECT id, name FROM standard WHERE name = ANY($1::text[])`, [
    ['AS/NZS 3000', 'AS/NZS 3760'],
  ]);
  const standardNamed = (name: string) => existing.find((s) => s.name === name)?.id;
  await save('GuidanceEntity', [
    ...standards.flatMap((s, i) =>
      s.guidance.map(([name, header, description]) => ({ name, header, description, standardId: standardIds[i] })),
    ),
    ...(standardNamed('AS/NZS 3000')
      ? [
          {
            name: 'Smoke alarms',
            header: 'Interconnected smoke alarms',
            description: 'Wiring and interconnection of smoke alarms.',
            standardId: standardNamed('AS/NZS 3000'),
          },
        ]
      : []),
    ...(standardNamed('AS/NZS 3760')
      ? [
          {
            name: 'Tagging',
            header: 'What a test tag records',
            description: 'The tester, the date and the next test date.',
            standardId: standardNamed('AS/NZS 3760'),
          },
        ]
      : []),
  ]);

  // Per organisation: documents (active ones the library lists, one waiting for approval and
  // one due for its annual review next week), a licence falling due and one pending, assets due
  // for inspection today, a service in 5 days and a registration in 28 days. The reminder job
  // (jobs/reminders.ts, run at start-up) writes their reminder logs and mail: Recent Activity
  // shows them on a fresh start.
  const documents: Record<string, unknown>[] = [];
  const licences: Record<string, unknown>[] = [];
  const dueAssets: { inspection: string[]; service: string[]; registration: string[]; assignees: [string, string][] } = {
    inspection: [],
    service: [],
    registration: [],
    assignees: [],
  };
  const reviewDue: string[] = [];
  const licenceDue = dayFrom(now, 20);
  const today = dayFrom(now, 0);
  for (const [org, prefix, people, assets] of [
    [orgs.spark, 'SR', spark, base.assets.spark],
    [orgs.volt, 'VL', volt, base.assets.volt],
  ] as const) {
    const manager = people.safetymanager;
    const worker = people.safetyworker ?? people.worker;
    documents.push(
      ...[
        ['Safe work method statement - working at heights', 'SWMS'],
        ['Safety data sheet - PVC conduit cement', 'SDS'],
        ['Isolation and lock-out procedure', 'Field'],
        ['Emergency and first aid plan', 'Office'],
      ].map(([documentName, type]) => ({
        documentName: `${prefix} ${documentName}`,
        documentLink: `https://example.org/${prefix.toLowerCase()}/${documentName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        status: 'ACTIVE',
        memberOrganisationId: org,
        documentTypess: ref([base.documentType(type)]),
        mehubAccountss: ref([manager.id]),
      })),
      {
        documentName: `${prefix} Apprentice supervision policy (draft)`,
        documentLink: `https://example.org/${prefix.toLowerCase()}/apprentice-supervision`,
        status: 'PENDING',
        memberOrganisationId: org,
        documentTypess: ref([base.documentType('Workplace Relations')]),
      },
    );

    licences.push(
      {
        licenceName: 'Working at heights',
        licenceIssuer: 'WorkSafe Victoria',
        licenceType: 'COMPETENCY',
        licenceNumber: `${prefix}-WAH-2231`,
        renewalDate: licenceDue,
        status: 'ACTIVE',
        description: 'Working at heights competency (RIIWHS204E).',
        mehubAccountId: worker.id,
      },
      {
        licenceName: 'Confined space entry',
        licenceIssuer: 'TAFE Victoria',
        licenceType: 'COMPETENCY',
        licenceNumber: `${prefix}-CSE-0456`,
        renewalDate: dayFrom(now, 700),
        status: 'PENDING',
        description: 'Uploaded, waiting for the safety manager to approve.',
        mehubAccountId: worker.id,
        as: worker,
      },
    );
    // The harness (due for inspection today) is the worker's; the ladder needs a service, the van its registration.
    dueAssets.inspection.push(assets[2]);
    dueAssets.service.push(assets[1]);
    dueAssets.registration.push(assets[3]);
    dueAssets.assignees.push([assets[2], worker.id], [assets[1], worker.id]);
    reviewDue.push(`${prefix} Emergency and first aid plan`);
  }
  await save('DocumentEntity', documents);
  // Licences go through the licence rules: an approved one saved as the system (an
  // administrator: approved at once), a pending one as its own worker (who waits for approval).
  const licenceIds: string[] = [];
  for (const licence of licences) {
    const { as, ...input } = licence as Record<string, unknown> & { as?: DemoPerson };
    licenceIds.push(...(await save('LicenceEntity', [input], as ? callerOf(as) : system)));
  }
  await seedDemoRecords(base, callerOf, licenceIds);
  // Inspected a month ago (its frequency), so the next inspection the asset screen computes is today too.
  await db.query(
    `UPDATE asset SET last_inspection = ($2::date - interval '1 month')::date, next_inspection = $2::date WHERE id = ANY($1::uuid[])`,
    [dueAssets.inspection, today],
  );
  await db.query(`UPDATE asset SET service_due_date = $2::date WHERE id = ANY($1::uuid[])`, [dueAssets.service, dayFrom(now, 5)]);
  await db.query(`UPDATE asset SET registration_renewal_date = $2::date WHERE id = ANY($1::uuid[])`, [
    dueAssets.registration,
    dayFrom(now, 28),
  ]);
  await save(
    'AssetsMehubAccounts',
    dueAssets.assignees.map(([asset, account]) => ({ assetsId: asset, mehubAccountsId: account })),
  );
  // Made active a year ago, less a week: its annual review falls due in 7 days.
  await db.query(
    `UPDATE document SET active_since = ($2::date - interval '12 months' + interval '7 days')::date WHERE document_name = ANY($1::text[])`,
    [reviewDue, today],
  );

  // Submissions, as their owners would complete them; then the reviews, as the reviewers would.
  interface Planned {
    owner: DemoPerson;
    type: DemoFormType;
    answers: Answers;
    completed: boolean;
    /** Made this many days ago (its created and modified times). */
    daysAgo: number;
    review?: { by: DemoPerson; option: string; comments: string; daysAgo: number };
  }
  const job = (n: number, address: string, daysAgo: number) => ({
    jobNumber: `J-${2400 + n}`,
    jobAddress: address,
    date: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
  });
  const risk = (task: string, extra: Answers = {}): Answers => ({
    task,
    hazards: ['Live conductors', 'Manual handling'],
    heights: false,
    ...riskMatrixAnswers('risk', 4, 3),
    controls: 'Isolate at the main switch, test for dead, lock out and tag; two-person lift for the board.',
    ...riskMatrixAnswers('residual', 2, 2),
    ...extra,
  });
  const incident = (incidentType: string, description: string, injured: boolean): Answers => ({ incidentType, description, injured });

  const planned: Planned[] = [];
  for (const [people, label] of [
    [spark, 'Sparkright'],
    [volt, 'Voltline'],
  ] as const) {
    const manager = people.safetymanager;
    const doer = people.safetyworker ?? people.worker;
    const worker = people.worker;
    // The Complete Slide's choice: the safety manager is told of every completed form.
    const notify = { 'complete-notify': [manager.id] };
    const workshop = `${label} workshop, 2 Trade Court, Bayswater VIC 3153`;
    planned.push(
      {
        owner: doer,
        type: 'RISK_ASSESSMENT',
        answers: risk('Replace the main switchboard and upgrade to RCBOs', {
          ...job(1, '48 Collins Street, Melbourne VIC 3000', 6),
          ...notify,
          // The High risk (4 x 3 = 12) raised a corrective action, since closed (below).
          ...(label === 'Sparkright' && {
            'risk-action': {
              description: 'Label every new RCBO and update the switchboard schedule before handover',
              assigneeId: worker.id,
              priority: 'high',
              dueDate: dayFrom(now, 1),
            },
          }),
        }),
        completed: true,
        daysAgo: 6,
        review: {
          by: manager,
          option: REVIEW_OPTIONS.satisfactory,
          comments: 'Good controls. Keep the isolation log with the job pack.',
          daysAgo: 5,
        },
      },
      {
        owner: worker,
        type: 'INCIDENT',
        answers: {
          ...job(2, '7 Station Road, Geelong VIC 3220', 4),
          ...incident('Near miss', 'Extension lead found with damaged insulation on the site switchboard. Tagged out and removed.', false),
          ...notify,
        },
        completed: true,
        daysAgo: 4,
        review: {
          by: manager,
          option: REVIEW_OPTIONS.improvement,
          comments: 'Add a daily lead check to the site pre-start, and tag out damaged leads straight away.',
          daysAgo: 3,
        },
      },
      {
        owner: worker,
        type: 'RISK_ASSESSMENT',
        answers: {
          ...risk('Install a 22 kW EV charger in the garage', { heights: true, fallProtection: 'Platform ladder with a spotter' }),
          ...job(3, '15 Beach Road, Sandringham VIC 3191', 2),
          ...notify,
          ...(label === 'Sparkright' && {
            'risk-action': {
              description: 'Confirm the switchboard can take the charger load; book a supply upgrade if not',
              assigneeId: doer.id,
              priority: 'moderate',
              dueDate: dayFrom(now, 12),
            },
          }),
        },
        completed: true,
        daysAgo: 2,
      },
      {
        owner: doer,
        type: 'INCIDENT',
        answers: {
          ...job(4, 'Unit 3, 120 Industrial Drive, Dandenong VIC 3175', 1),
          ...incident('Electric shock', 'Minor shock from a metal cover plate; the circuit had no earth. Made safe and reported.', true),
          ...notify,
        },
        completed: true,
        daysAgo: 1,
      },
      {
        owner: doer,
        type: 'INSPECTIONS',
        answers: {
          ...job(5, workshop, 3),
          area: 'Workshop and stores',
          switchboard: 'Yes',
          rcd: 'Yes',
          defects: 'Fire extinguisher tag out of date; replaced.',
          // Sparkright's RCDs were not tested: a corrective action, now overdue.
          ...(label === 'Sparkright' && {
            rcd: 'No',
            defects: 'Fire extinguisher tag out of date; replaced. RCD test records missing for the stores board.',
            'rcd-action': {
              description: 'Test the stores board RCDs and record the results in the register',
              assigneeId: worker.id,
              priority: 'high',
              dueDate: dayFrom(now, -2),
            },
          }),
          ...notify,
        },
        completed: true,
        daysAgo: 3,
      },
      {
        owner: manager,
        type: 'MEETING_AND_TRAINING',
        answers: {
          ...job(6, workshop, 7),
          topics: 'Test before you touch; ladder inspections; the new RCD testing schedule.',
          attendees: Object.values(people)
            .map((p) => p.name)
            .join(', '),
        },
        completed: true,
        daysAgo: 7,
      },
    );
  }
  // The safety worker's unfinished Site Inspection: the DRAFT label and the draft prompt (a
  // SafetyWorker is offered inspections; a Worker is not).
  planned.push({
    owner: spark.safetyworker,
    type: 'INSPECTIONS',
    answers: { jobNumber: 'J-2417', area: 'Switch room, level 2' },
    completed: false,
    daysAgo: 0,
  });

  // One save per owner and one per reviewer (each input through the hooks, as the API would).
  const ids = new Map<Planned, string>();
  for (const owner of new Set(planned.map((p) => p.owner))) {
    const theirs = planned.filter((p) => p.owner === owner);
    const saved = await save(
      'FormSubmissionsEntity',
      theirs.map((p) => ({ formVersionId: forms[p.type].versionId, isCompleted: p.completed, submissionData: JSON.stringify(p.answers) })),
      callerOf(owner),
    );
    theirs.forEach((p, i) => ids.set(p, saved[i]));
  }
  const reviewed = planned.filter((p) => p.review);
  for (const reviewer of new Set(reviewed.map((p) => p.review!.by)))
    await saveRecords(
      env,
      callerOf(reviewer),
      getEntity('FormSubmissionsEntity'),
      reviewed
        .filter((p) => p.review!.by === reviewer)
        .map((p) => ({
          id: ids.get(p),
          submissionData: JSON.stringify({ 'ReviewSlide-option': p.review!.option, 'ReviewSlide-comments': p.review!.comments }),
        })),
      'update',
      null,
    );

  // Created and modified as if made over the last week; the reviews at their own times.
  const made = planned.map((p) => [ids.get(p)!, momentBefore(now, p.daysAgo, 2), p.review ? momentBefore(now, p.review.daysAgo) : null]);
  await db.query(
    `UPDATE form_submissions s SET created = m.made::timestamp, modified = coalesce(m.reviewed, m.made)::timestamp
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS m(id, made, reviewed) WHERE s.id = m.id`,
    [made.map((m) => m[0]), made.map((m) => m[1]), made.map((m) => m[2])],
  );
  await db.query(
    `UPDATE form_review_request r SET time_reviewed = m.reviewed::timestamp, created = m.reviewed::timestamp, modified = m.reviewed::timestamp
       FROM unnest($1::uuid[], $2::text[]) AS m(id, reviewed) WHERE r.form_submissions_id = m.id AND m.reviewed IS NOT NULL`,
    [made.map((m) => m[0]), made.map((m) => m[2])],
  );
  // The corrective actions those submissions raised (issue 15), made when their submissions were;
  // the switchboard one closed by its assignee the day after, with a comment.
  await db.query(
    `UPDATE corrective_action c SET created = m.made::timestamp, modified = m.made::timestamp
       FROM unnest($1::uuid[], $2::text[]) AS m(id, made) WHERE c.form_submissions_id = m.id`,
    [made.map((m) => m[0]), made.map((m) => m[1])],
  );
  const closing = planned.find((p) => p.owner === spark.safetyworker && p.type === 'RISK_ASSESSMENT' && p.completed);
  const { rows: toClose } = await db.query<{ id: string }>('SELECT id FROM corrective_action WHERE form_submissions_id = $1', [
    closing ? ids.get(closing) : null,
  ]);
  if (toClose.length)
    await saveRecords(
      env,
      callerOf(spark.worker),
      getEntity('CorrectiveActionEntity'),
      [{ id: toClose[0].id, status: 'CLOSED', closingComment: 'All 14 RCBOs labelled; schedule updated and left in the board door.' }],
      'update',
      null,
    );
  await db.query(`UPDATE corrective_action SET closed_at = $2::timestamp, modified = $2::timestamp WHERE id = ANY($1::uuid[])`, [
    toClose.map((r) => r.id),
    momentBefore(now, 5),
  ]);
}

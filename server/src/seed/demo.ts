import { BACKEND_GROUPS, FormType, GROUPS, GROUP_NAMES, ROLES, ROLE_NAMES, getEntity, type EntityName, type RoleName } from '@hub/model';
import type { Caller } from '../access/caller';
import type { Db } from '../db/client';
import { saveRecords } from '../crud/save';
import { registerSaveHooks } from '../crud/hooks';
import { registerFormHooks } from '../forms';
import { registerRecordHooks } from '../records';
import type { FileStorage } from '../files/storage';
import { DEMO_HISTORY_FORM, demoFormData, demoFormNames, demoHistoryFormData } from './forms';
import { seedDemoInUse, type DemoBase, type DemoPerson } from './in-use';
import { spreadDemoHistory } from './timeline';

export const DEMO_PASSWORD = 'demo-password-12';

const SPARKRIGHT_USERS: [string, RoleName, string, string][] = [
  ['safetymanager', ROLES.safetyManager, 'Sam', 'Safety'],
  ['safetyworker', ROLES.safetyWorker, 'Wes', 'Walker'],
  ['manager', ROLES.manager, 'Mia', 'Manning'],
  ['worker', ROLES.worker, 'Will', 'Woods'],
  ['promanager', ROLES.proManager, 'Priya', 'Mendes'],
  ['proworker', ROLES.proWorker, 'Pat', 'Wong'],
];

export function demoSignIns(): string[] {
  return [
    'super@hub.example (Super Administrators)',
    'admin@hub.example (MehubAdmin)',
    ...SPARKRIGHT_USERS.map(
      ([u, role], i) => `${u}@sparkright.example (${role}, Sparkright Electrical${i === 0 ? ', Member Back-office' : ''})`,
    ),
    'safetymanager@voltline.example (SafetyManager, Voltline Services)',
    'worker@voltline.example (Worker, Voltline Services)',
  ];
}

const SYSTEM: Caller = {
  userId: '00000000-0000-4000-8000-000000000000',
  kind: 'admin',
  groups: [GROUPS.superAdministrators],
  role: null,
  roleId: null,
  organisationId: null,
  email: 'system',
};
const noStorage: FileStorage = {
  put: () => Promise.reject(new Error('The demo seed stores no files')),
  putStream: () => Promise.reject(new Error('The demo seed stores no files')),
  open: () => {
    throw new Error('no files');
  },
  remove: async () => {},
};

/**
 * Seeds the demo of architecture.md into an empty database; `inUse` adds what shows it in
 * use (seed/in-use.ts: submissions, reviews, a draft, records falling due, more links,
 * standards and documents), which the first start asks for and the API tests' harness does not. Returns 'seeded', 'existing'
 * when the demo is already there, or 'none' when not asked to (a database with other data).
 */
export async function seedDemo(
  db: Db,
  { force, inUse = false, storage }: { force: boolean; inUse?: boolean; storage?: FileStorage },
  now = new Date(),
): Promise<'seeded' | 'existing' | 'none'> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_organisation WHERE member_code = 'DEMO1'`);
  if (Number(rows[0].n) > 0) return 'existing';
  if (!force) return 'none';
  // The first start seeds before the app is built (main.ts), where the records' save hooks are
  // otherwise registered: the demo goes through the same rules (registering again replaces).
  registerRecordHooks(registerSaveHooks);
  registerFormHooks(registerSaveHooks);
  const env = { db, storage: noStorage };
  const save = async (entity: EntityName, inputs: Record<string, unknown>[]) =>
    saveRecords(env, SYSTEM, getEntity(entity), inputs, 'create', null);
  const ref = (ids: string[]) => ids.map((id) => ({ id }));

  // The migrations made these rows; a fresh database gets the model's flags whatever they said.
  await db.query(
    `INSERT INTO user_group_def (name, has_backend_access) SELECT unnest($1::text[]), unnest($2::boolean[])
     ON CONFLICT (name) DO UPDATE SET has_backend_access = EXCLUDED.has_backend_access`,
    [GROUP_NAMES, GROUP_NAMES.map((g) => BACKEND_GROUPS.includes(g))],
  );
  const roleIds = await save(
    'RoleEntity',
    ROLE_NAMES.map((name) => ({ name })),
  );
  const role = (name: RoleName) => roleIds[ROLE_NAMES.indexOf(name)];
  const [spark, volt] = await save('MemberOrganisationEntity', [
    { name: 'Sparkright Electrical', memberCode: 'DEMO1', isActive: true },
    { name: 'Voltline Services', memberCode: 'DEMO2', isActive: true },
  ]);

  const account = (email: string, roleName: RoleName, org: string, firstname: string, surname: string) => ({
    email,
    userName: email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    firstname,
    surname,
    roleId: role(roleName),
    memberOrganisationId: org,
    state: 'VIC',
    country: 'Australia',
  });
  const people: [string, RoleName, string, string, string][] = [
    ...SPARKRIGHT_USERS.map(([u, r, fn, sn]): [string, RoleName, string, string, string] => [`${u}@sparkright.example`, r, spark, fn, sn]),
    ['safetymanager@voltline.example', ROLES.safetyManager, volt, 'Vera', 'Lyons'],
    ['worker@voltline.example', ROLES.worker, volt, 'Victor', 'Ng'],
  ];
  const accountIds = await save(
    'MehubAccountEntity',
    people.map((p) => account(...p)),
  );
  const person = (i: number): DemoPerson => {
    const [email, roleName, org, firstname, surname] = people[i];
    return { id: accountIds[i], email, name: `${firstname} ${surname}`, role: roleName, roleId: role(roleName), organisationId: org };
  };
  const [adminId, superId] = await save('MehubAdminEntity', [
    { email: 'admin@hub.example', userName: 'admin@hub.example', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    { email: 'super@hub.example', userName: 'super@hub.example', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  ]);
  await db.query(`INSERT INTO user_group (user_id, group_name) SELECT unnest($1::uuid[]), $2`, [accountIds, GROUPS.member]);
  // Back-end access for one member only: Sparkright's safety manager (architecture.md, 'Back-end access').
  await db.query(`INSERT INTO user_group (user_id, group_name) VALUES ($1, $2)`, [accountIds[0], GROUPS.memberBackoffice]);
  await db.query(`INSERT INTO user_group (user_id, group_name) VALUES ($1, $3), ($2, $4)`, [
    adminId,
    superId,
    GROUPS.admin,
    GROUPS.superAdministrators,
  ]);
  await db.query(`UPDATE member_organisation SET primary_contact_id = $1 WHERE id = $2`, [accountIds[0], spark]);
  await db.query(`UPDATE member_organisation SET primary_contact_id = $1 WHERE id = $2`, [accountIds[6], volt]);
  await db.query(`UPDATE mehub_account SET lastsyncdate = now()`);
  // Demo accounts are confirmed and active, without two-factor.
  await db.query(
    `INSERT INTO auth_state (user_id, user_kind, email_confirmed) SELECT id, 'account', true FROM mehub_account
     UNION ALL SELECT id, 'admin', true FROM mehub_admin ON CONFLICT (user_id) DO NOTHING`,
  );

  await save(
    'HomePageLinkEntity',
    // Home tile i shows the summary and tooltip of link i (member-site.md section 2): the
    // Employment-HR link's text is the My Documents tile's, the Technical link's the MEA Documents tile's.
    [
      [
        'Safety',
        'Risk assessments, incident reports, inspections and permits: fill in a form or see what your team submitted.',
        'Safety forms, registers and your submissions',
      ],
      [
        'Standards',
        'Australian Standards for electrical work with the association’s guidance notes.',
        'Wiring Rules and other standards, with guidance notes',
      ],
      [
        'Employment-HR',
        'Your organisation’s controlled documents: procedures, SWMS, safety data sheets and policies.',
        'My Library and Documents',
      ],
      [
        'Member Benefits',
        'Discounts, insurance and services that come with your membership.',
        'Opens the association’s member benefits page',
      ],
      ['Technical', 'Policies, guides and templates from the association, for the roles they are written for.', 'MEA Master Library'],
      ['Legal', 'Contract templates, legal advice lines and updates on your obligations.', 'Opens the association’s legal page'],
      [
        'Industry Updates',
        'News, regulation changes and safety alerts that affect electrical contractors.',
        'Opens the association’s industry updates',
      ],
      ['Business Growth', 'Programs, training and tools to grow your electrical business.', 'Opens the association’s business growth page'],
    ].map(([name, summary, tooltip]) => ({ name, summary, tooltip })),
  );
  await save('NewsEntity', [
    {
      notice: 'New AS/NZS 3000 amendment guidance is now in Standards. Toolbox meeting forms have a new attendance statement.',
      showtime: true,
    },
  ]);

  const [wiring, testing] = await save('StandardEntity', [
    { name: 'AS/NZS 3000', header: 'Wiring Rules', description: 'Electrical installations.', link: 'https://www.standards.org.au/' },
    {
      name: 'AS/NZS 3760',
      header: 'In-service safety inspection and testing',
      description: 'Test and tag of electrical equipment.',
      link: 'https://www.standards.org.au/',
    },
  ]);
  await save('GuidanceEntity', [
    {
      name: 'RCD protection',
      header: 'When RCDs are required',
      description: 'Final subcircuits that need RCD protection.',
      standardId: wiring,
    },
    {
      name: 'Switchboards',
      header: 'Switchboard location and access',
      description: 'Clearances and access requirements.',
      standardId: wiring,
    },
    { name: 'Test intervals', header: 'How often to test', description: 'Test intervals by environment.', standardId: testing },
  ]);
  const [procedures, registers] = await save('SafetyLinkSectionEntity', [
    { name: 'Procedures', tooltip: 'Safe work procedures', order: 1 },
    { name: 'Registers', tooltip: 'Registers you keep', order: 2 },
  ]);
  await save('SafetyLinkEntity', [
    { name: 'Risk assessments', view: '/user-submissions/RISK_ASSESSMENT', order: 1, safetyLinkSectionId: procedures },
    { name: 'Incident reports', view: '/user-submissions/INCIDENT', order: 2, safetyLinkSectionId: procedures },
    { name: 'Inspection register', view: '/user-submissions/INSPECTIONS', order: 1, safetyLinkSectionId: registers },
  ]);

  const typeNames = ['SWMS', 'SDS', 'Business', 'Field', 'Office', 'Workshop / Warehouse', 'Workplace Relations'];
  const typeIds = await save(
    'DocumentTypesEntity',
    typeNames.map((name, i) => ({ name, order: i + 1, meaDocument: false })),
  );
  const type = (name: string) => typeIds[typeNames.indexOf(name)];
  const [meaPolicies, meaGuides] = await save('DocumentTypesEntity', [
    { name: 'MEA Policies', order: 20, meaDocument: true, roless: ref(roleIds) },
    { name: 'MEA Guides', order: 21, meaDocument: true, roless: ref([role(ROLES.safetyManager), role(ROLES.manager)]) },
  ]);
  await save('TemplateEntity', [
    { templateName: 'SWMS template', documentTypess: ref([type('SWMS')]) },
    { templateName: 'Safety data sheet register', documentTypess: ref([type('SDS')]) },
    { templateName: 'Workshop induction checklist', documentTypess: ref([type('Workshop / Warehouse')]) },
  ]);
  await save('DocumentEntity', [
    { documentName: 'Association WHS policy', documentLink: 'https://example.org/whs-policy', documentTypess: ref([meaPolicies]) },
    { documentName: 'Guide to live work', documentLink: 'https://example.org/live-work', documentTypess: ref([meaGuides]) },
  ]);

  const assetsOf: Record<string, string[]> = {};
  for (const [org, prefix, owner] of [
    [spark, 'SR', accountIds[0]],
    [volt, 'VL', accountIds[6]],
  ] as const) {
    const assets = await save('AssetEntity', [
      {
        assetType: 'INSTRUMENT',
        assetID: `${prefix}-001`,
        brand: 'Fluke',
        assetModel: '1664 FC',
        serialNumber: `${prefix}1664`,
        description: 'Multifunction installation tester',
        memberOrganisationId: org,
        nextInspection: '2027-01-15',
        lastInspection: '2026-10-15',
      },
      {
        assetType: 'LADDER',
        assetID: `${prefix}-002`,
        brand: 'Bailey',
        description: 'Fibreglass step ladder 1.8 m',
        memberOrganisationId: org,
        inspectionFrequency: 'SIX_MONTHS',
      },
      {
        assetType: 'HARNESS',
        assetID: `${prefix}-003`,
        brand: '3M',
        description: 'Full body harness',
        memberOrganisationId: org,
        inspectionFrequency: 'ONE_MONTH',
      },
      {
        assetType: 'PLANT',
        assetID: `${prefix}-004`,
        description: 'Service van',
        registration: `${prefix}123`,
        registrationRenewalDate: '2027-03-01',
        memberOrganisationId: org,
      },
    ]);
    await save('DocumentEntity', [
      {
        documentName: `${prefix} SWMS - switchboard upgrade`,
        documentLink: 'https://example.org/swms',
        memberOrganisationId: org,
        documentTypess: ref([type('SWMS')]),
        mehubAccountss: ref([owner]),
      },
      {
        documentName: `${prefix} Workshop procedures`,
        documentLink: 'https://example.org/workshop',
        memberOrganisationId: org,
        documentTypess: ref([type('Workshop / Warehouse')]),
      },
    ]);
    await save('LicenceEntity', [
      {
        licenceName: 'Electrical licence',
        licenceIssuer: 'Energy Safe Victoria',
        licenceType: 'ELECTRICAL',
        licenceNumber: `${prefix}-A12345`,
        renewalDate: '2027-06-30',
        status: 'ACTIVE',
        mehubAccountId: owner,
      },
      {
        licenceName: 'Driver licence',
        licenceIssuer: 'VicRoads',
        licenceType: 'DRIVER',
        renewalDate: '2028-02-01',
        status: 'ACTIVE',
        mehubAccountId: owner,
      },
    ]);
    await db.query('UPDATE asset SET parent_asset_id = NULL WHERE id = ANY($1::uuid[])', [assets]);
    assetsOf[prefix] = assets;
  }

  const formTypes = Object.keys(FormType.values) as (keyof typeof FormType.values)[];
  const DEMO_FORM_DOCUMENT_TYPES: Partial<Record<(typeof formTypes)[number], string[]>> = {
    RISK_ASSESSMENT: ['SWMS'],
    PERMITS: ['SWMS'],
    INSPECTIONS: ['Workshop / Warehouse'],
    WORKPLACE_RELATIONS: ['Workplace Relations'],
  };
  const formIds = await save(
    'FormsEntity',
    formTypes.map((formType) => ({
      name: demoFormNames[formType],
      formType,
      isActive: true,
      isDefault: false,
      memberOrganisationss: ref([spark, volt]),
      // The documents a form suggests on its Attach documents page (a risk assessment: the SWMS).
      documentTypess: ref((DEMO_FORM_DOCUMENT_TYPES[formType] ?? []).map(type)),
    })),
  );
  // Versions are numbered by the server and published through publishVersion (forms/version-hooks.ts).
  const historyForm = formIds[formTypes.indexOf(DEMO_HISTORY_FORM)];
  await save('FormsEntityFormVersion', [{ formId: historyForm, active: true, formData: demoHistoryFormData('older') }]);
  const versionIds = await save(
    'FormsEntityFormVersion',
    formTypes.map((formType, i) => ({ formId: formIds[i], active: true, formData: demoFormData(formType), publishVersion: true })),
  );
  await save('FormsEntityFormVersion', [{ formId: historyForm, active: true, formData: demoHistoryFormData('draft') }]);

  if (inUse)
    await seedDemoInUse(
      {
        db,
        storage: storage ?? noStorage,
        system: SYSTEM,
        orgs: { spark, volt },
        spark: Object.fromEntries(SPARKRIGHT_USERS.map(([u], i) => [u, person(i)])),
        volt: { safetymanager: person(6), worker: person(7) },
        forms: Object.fromEntries(formTypes.map((t, i) => [t, { formId: formIds[i], versionId: versionIds[i] }])) as DemoBase['forms'],
        documentType: type,
        assets: { spark: assetsOf.SR, volt: assetsOf.VL },
      },
      now,
    );
  await spreadDemoHistory(db, now);
  return 'seeded';
}

import { getEntity, nextInspectionDate, type EntityName } from '@hub/model';
import type { Caller } from '../access/caller';
import { saveRecords } from '../crud/save';
import { StagedUpload } from '../files/upload';
import type { DemoBase, DemoPerson } from './in-use';

/** A small, valid one-page PDF saying `title` (what the demo's attachments and documents hold). */
export function demoPdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * The member records of the demo in use (issue 11): linked assets with an attachment, one out of
 * service, documents with real files (one inactive), an expired licence, attachments on
 * licences and files on the templates. Saved through the records' rules (as the people who
 * would save them). Skipped when the seed has nowhere to store files (the API tests' demo).
 */
export async function seedDemoRecords(base: DemoBase, callerOf: (p: DemoPerson) => Caller, licenceIds: string[]): Promise<void> {
  const { db, storage, system } = base;
  /** A demo PDF, counted against `organisationId`'s storage as a member's upload is (null: shared, a template's). */
  const upload = async (name: string, title: string, organisationId: string | null = null) => {
    const bytes = demoPdf(title);
    return new StagedUpload(name, 'application/pdf', 'application/pdf', bytes.length, await storage.put(bytes), organisationId);
  };
  try {
    await storage.put(new Uint8Array(0)).then((key) => storage.remove(key));
  } catch {
    return; // no file storage
  }
  const env = { db, storage };
  const save = (entity: EntityName, inputs: Record<string, unknown>[], as: Caller = system, mode: 'create' | 'update' = 'create') =>
    saveRecords(env, as, getEntity(entity), inputs, mode, null);

  for (const [prefix, people] of [
    ['SR', base.spark],
    ['VL', base.volt],
  ] as const) {
    const manager = callerOf(people.safetymanager);
    const last = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const [kit] = await save(
      'AssetEntity',
      [
        {
          assetType: 'ELECTRICAL_EQUIPMENT',
          assetID: `${prefix}-010`,
          brand: 'Seaward',
          description: 'Test and tag kit',
          inspectionFrequency: 'ONE_MONTH',
          lastInspection: last,
          nextInspection: nextInspectionDate(last, 'ONE_MONTH'),
          mehubAccountss: [{ id: people.safetymanager.id }],
        },
      ],
      manager,
    );
    await save(
      'AssetEntity',
      [
        {
          assetType: 'ELECTRICAL_EQUIPMENT',
          assetID: `${prefix}-011`,
          description: 'Portable RCD',
          parentAssetId: kit,
          lastInspection: last,
        },
        { assetType: 'TOOL', assetID: `${prefix}-012`, description: 'Cordless drill (damaged cord)', status: 'OUT_OF_SERVICE' },
      ],
      manager,
    );
    await save(
      'AssetAttachmentsEntity',
      [{ assetId: kit, attachments: await upload('test-tag-kit-calibration.pdf', 'Calibration certificate', manager.organisationId) }],
      manager,
    );
    await save(
      'DocumentEntity',
      [
        {
          documentName: `${prefix} Business continuity plan`,
          documentUpload: await upload('business-continuity-plan.pdf', 'Business continuity plan', manager.organisationId),
          documentTypess: [{ id: base.documentType('Business') }],
        },
        {
          documentName: `${prefix} Switchboard SWMS (signed)`,
          documentUpload: await upload('switchboard-swms.pdf', 'Switchboard upgrade SWMS', manager.organisationId),
          documentTypess: [{ id: base.documentType('SWMS') }],
        },
      ],
      manager,
    );
    // Made inactive by the safety manager, the way the workflow does it.
    const [old] = await save(
      'DocumentEntity',
      [
        {
          documentName: `${prefix} Emergency plan 2022 (superseded)`,
          documentLink: 'https://example.org/emergency-2022',
          documentTypess: [{ id: base.documentType('Office') }],
        },
      ],
      manager,
    );
    await save('DocumentEntity', [{ id: old, status: 'INACTIVE' }], manager, 'update');
    const worker = people.safetyworker ?? people.worker;
    await save(
      'DocumentEntity',
      [
        {
          documentName: `${prefix} Toolbox talk notes`,
          documentUpload: await upload('toolbox-talk.pdf', 'Toolbox talk notes', manager.organisationId),
          documentTypess: [{ id: base.documentType('Field') }],
        },
      ],
      callerOf(worker),
    );
    await save(
      'LicenceEntity',
      [
        {
          licenceName: 'First aid certificate',
          licenceIssuer: 'St John Ambulance',
          licenceType: 'COMPETENCY',
          licenceNumber: `${prefix}-FA-7781`,
          renewalDate: '2024-05-31',
          mehubAccountId: worker.id,
        },
      ],
      manager,
    );
  }
  // Every licence of the demo gets its card, counted against its holder's organisation.
  const { rows: holders } = await db.query<{ id: string; org: string | null }>(
    'SELECT l.id, m.member_organisation_id AS org FROM licence l JOIN mehub_account m ON m.id = l.mehub_account_id WHERE l.id = ANY($1::uuid[])',
    [licenceIds],
  );
  const orgOf = new Map(holders.map((r) => [r.id, r.org]));
  for (const id of licenceIds)
    await save('LicenceAttachmentsEntity', [
      { licenceId: id, attachments: await upload('licence-card.pdf', 'Licence card', orgOf.get(id) ?? null) },
    ]);
  const { rows: templates } = await db.query<{ id: string; name: string }>('SELECT id, template_name AS name FROM template');
  for (const t of templates)
    await save(
      'TemplateEntity',
      [{ id: t.id, templateUpload: await upload(`${t.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`, t.name) }],
      system,
      'update',
    );
}

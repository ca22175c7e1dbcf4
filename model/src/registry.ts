import {
  DERIVED_RULES,
  ownerReference,
  type AnyEntityDef,
  type EntityDef,
  type Field,
  type LinksField,
  type ReferenceField,
} from './define';
import { additionalAttachment } from './entities/additional-attachment';
import { apikey } from './entities/apikey';
import { asset } from './entities/asset';
import { correctiveAction } from './entities/corrective-action';
import { assetAttachments } from './entities/asset-attachments';
import { document } from './entities/document';
import { documentTypes } from './entities/document-types';
import { feedbackAndHelp } from './entities/feedback-and-help';
import { formReviewRequest } from './entities/form-review-request';
import { formPhoto } from './entities/form-photo';
import { formSubmissions } from './entities/form-submissions';
import { forms } from './entities/forms';
import { formVersion } from './entities/form-version';
import { formTile } from './entities/form-tile';
import { guidance } from './entities/guidance';
import { guidanceTopic } from './entities/guidance-topic';
import { homePageLink } from './entities/home-page-link';
import { licence } from './entities/licence';
import { licenceAttachments } from './entities/licence-attachments';
import { links } from './entities/links';
import { mehubAccount } from './entities/mehub-account';
import { mehubAdmin } from './entities/mehub-admin';
import { memberOrganisation } from './entities/member-organisation';
import { news } from './entities/news';
import { reminderLog } from './entities/reminder-log';
import { role } from './entities/role';
import { roleSafetyLinkPermission } from './entities/role-safety-link-permission';
import { safetyLink } from './entities/safety-link';
import { safetyLinkSection } from './entities/safety-link-section';
import { searches } from './entities/searches';
import { standard } from './entities/standard';
import { template } from './entities/template';
import { timelineEvent } from './entities/timeline-event';

/** Every entity, keyed by its spec name. */
export const entities = {
  AdditionalAttachmentEntity: additionalAttachment,
  ApikeyEntity: apikey,
  AssetEntity: asset,
  AssetAttachmentsEntity: assetAttachments,
  CorrectiveActionEntity: correctiveAction,
  DocumentEntity: document,
  DocumentTypesEntity: documentTypes,
  FeedbackAndHelpEntity: feedbackAndHelp,
  FormReviewRequestEntity: formReviewRequest,
  FormPhotoEntity: formPhoto,
  FormSubmissionsEntity: formSubmissions,
  FormsEntity: forms,
  FormsEntityFormVersion: formVersion,
  FormsEntityFormTileEntity: formTile,
  GuidanceEntity: guidance,
  GuidanceTopicEntity: guidanceTopic,
  HomePageLinkEntity: homePageLink,
  LicenceEntity: licence,
  LicenceAttachmentsEntity: licenceAttachments,
  MehubAccountEntity: mehubAccount,
  MehubAdminEntity: mehubAdmin,
  MemberOrganisationEntity: memberOrganisation,
  NewsEntity: news,
  ReminderLogEntity: reminderLog,
  RoleEntity: role,
  RoleSafetyLinkPermissionEntity: roleSafetyLinkPermission,
  SafetyLinkEntity: safetyLink,
  SafetyLinkSectionEntity: safetyLinkSection,
  SearchesEntity: searches,
  StandardEntity: standard,
  TemplateEntity: template,
  MehubAccountTimelineEventsEntity: timelineEvent,
} as const;

type Declared = (typeof entities)[keyof typeof entities] | (typeof links)[number];

/** The name of every entity of the registry (link entities included): a misspelt name does not compile. */
export type EntityName = Declared['name'];

/** The table of every entity of the registry. */
export type TableName = Declared['table'];

/**
 * Compile-time checks of the declarations above, each failing with the offending name:
 * every key of `entities` is its entity's name, and every entity a field names (reference
 * and children targets, link entities) is in the registry. They make the casts to
 * `EntityDef` below sound.
 */
type Names<E> = E extends { fields: infer F }
  ? { [K in keyof F]: F[K] extends { target: infer T } ? T : F[K] extends { link: infer L } ? L : never }[keyof F]
  : never;
type MustBeNever<T extends never> = T;
export type UnregisteredNames = MustBeNever<
  | { [K in keyof typeof entities]: (typeof entities)[K]['name'] extends K ? never : K }[keyof typeof entities]
  | Exclude<Names<Declared>, EntityName>
>;

const all = new Map<string, EntityDef>();
for (const e of [...Object.values(entities), ...links] as readonly AnyEntityDef[]) all.set(e.name, e as EntityDef);

/** Fill in each links field's far-side entity from its link entity. */
for (const e of all.values()) {
  for (const field of Object.values(e.fields)) {
    if (field.kind === 'links') {
      const link = all.get(field.link);
      if (!link) throw new Error(`${e.name}: unknown link entity ${field.link}`);
      const other = link.fields[field.other] as ReferenceField | undefined;
      const self = link.fields[field.self] as ReferenceField | undefined;
      if (!other || !self || self.target !== e.name) throw new Error(`${e.name}: bad link sides on ${field.link}`);
      (field as LinksField).target = other.target;
    }
  }
}

/** Every derived field's paths go through references to a stored field (checked once, at load). */
for (const e of all.values()) {
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.kind !== 'derived') continue;
    const from = field.from;
    if ('rule' in from) {
      const rule = Object.hasOwn(DERIVED_RULES, from.rule) ? DERIVED_RULES[from.rule] : undefined;
      if (!rule || rule.entity !== e.name || rule.of !== field.of)
        throw new Error(`${e.name}.${name}: the rule '${from.rule}' is not a ${field.of} of ${e.name}`);
      continue;
    }
    const paths =
      'path' in from
        ? [from.path]
        : 'object' in from
          ? Object.values(from.object)
          : 'pointsHere' in from
            ? [from.pointsHere]
            : [from.equals.field];
    for (const path of paths) derivedPathTarget(e, path, `${e.name}.${name}`);
    if ('pointsHere' in from) {
      const { last } = derivedPathTarget(e, from.pointsHere);
      if (last.field.kind !== 'reference' || last.field.target !== e.name || field.of !== 'boolean')
        throw new Error(`${e.name}.${name}: '${from.pointsHere}' must end at a reference to ${e.name}, as a boolean`);
    }
    if (field.writtenByHook && !['text', 'integer', 'boolean'].includes(field.of))
      throw new Error(`${e.name}.${name}: only a text, integer or boolean derived value is written by a hook`);
  }
  if (e.idempotentCreate) {
    const { key, per } = e.idempotentCreate;
    const k = e.fields[key];
    if (k?.kind !== 'text' || !k.writeOnly || !k.immutable)
      throw new Error(`${e.name}: idempotentCreate's key ${key} is not a write-only, immutable text field`);
    if (e.fields[per]?.kind !== 'reference') throw new Error(`${e.name}: idempotentCreate's per ${per} is not a reference`);
    if (!(e.uniqueTogether ?? []).some((u) => u.length === 2 && u[0] === per && u[1] === key))
      throw new Error(`${e.name}: idempotentCreate needs uniqueTogether [['${per}', '${key}']]`);
  }
  for (const name of e.inUseBy ?? []) {
    const f = e.fields[name];
    if (!f || (f.kind !== 'links' && f.kind !== 'children')) throw new Error(`${e.name}: inUseBy ${name} is not a reference list`);
  }
}

/**
 * The steps of a derived field's path from `entity`: each reference crossed, then the stored
 * field it ends at. Throws when the path does not go through references to a stored field.
 */
export function derivedPathTarget(
  entity: EntityDef,
  path: string,
  where: string = entity.name,
): { refs: { name: string; field: ReferenceField; from: EntityDef }[]; last: { name: string; field: Field; entity: EntityDef } } {
  const segments = path.split('.');
  const refs: { name: string; field: ReferenceField; from: EntityDef }[] = [];
  let at = entity;
  for (const seg of segments.slice(0, -1)) {
    const f = Object.hasOwn(at.fields, seg) ? at.fields[seg] : undefined;
    if (f?.kind !== 'reference') throw new Error(`${where}: '${seg}' of '${path}' is not a reference`);
    refs.push({ name: seg, field: f, from: at });
    at = all.get(f.target)!;
  }
  const lastName = segments[segments.length - 1];
  const last = Object.hasOwn(at.fields, lastName) ? at.fields[lastName] : undefined;
  if (!last || last.kind === 'derived' || last.kind === 'links' || last.kind === 'children' || last.writeOnly)
    throw new Error(`${where}: '${path}' does not end at a stored field`);
  return { refs, last: { name: lastName, field: last, entity: at } };
}

export function allEntities(): EntityDef[] {
  return [...all.values()];
}

/** The entity called `name`: a name the compiler knows. Names from a request go through `findEntity`. */
export function getEntity(name: EntityName): EntityDef {
  const e = all.get(name);
  if (!e) throw new Error(`Unknown entity ${name}`);
  return e;
}

/** The entity called `name` (exactly, else ignoring case), or undefined: for names from a request or a URL. */
export function findEntity(name: string): EntityDef | undefined {
  return all.get(name) ?? [...all.values()].find((e) => e.name.toLowerCase() === name.toLowerCase());
}

export function fieldsOf(e: EntityDef): [string, Field][] {
  return Object.entries(e.fields);
}

/** Admin path of an entity: /admin/{entity in lower case}. */
export function adminPath(e: EntityDef): string {
  return `/admin/${e.name.toLowerCase()}`;
}

/**
 * The references from a member record to its organisation ('memberOrganisation', or
 * 'mehubAccount.memberOrganisation' for a licence), following each entity's owner reference;
 * null for rows that belong to no organisation. The back-office's Organisation column sorts by
 * `${path}.name`.
 */
export function organisationPath(entity: EntityDef): string | null {
  const steps: string[] = [];
  let at: EntityDef = entity;
  for (let depth = 0; depth < 4; depth++) {
    if (at.name === 'MemberOrganisationEntity') return steps.length ? steps.join('.') : null;
    const ref = ownerReference(at);
    const field = ref ? at.fields[ref] : undefined;
    if (!ref || field?.kind !== 'reference') return null;
    steps.push(ref);
    at = getEntity(field.target);
  }
  return null;
}

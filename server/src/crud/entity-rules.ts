import type { EntityName } from '@hub/model';
import { FORM_TYPE_DOCUMENT_TYPES } from '@hub/model';
import type { SaveHookContext, SaveHooks } from './hooks';

interface Before {
  formType: string | null;
  isActive: boolean | null;
}

/** The form as stored before an update (null on create). */
async function beforeWrite(ctx: SaveHookContext): Promise<void> {
  if (ctx.mode !== 'update' || !ctx.id) return;
  const { rows } = await ctx.tx.query<{ form_type: string | null; is_active: boolean | null }>(
    'SELECT form_type, is_active FROM forms WHERE id = $1',
    [ctx.id],
  );
  ctx.state.before = rows[0] ? ({ formType: rows[0].form_type, isActive: rows[0].is_active } satisfies Before) : null;
}

/**
 * Data-layer rules of a form, whoever saves it (data-layer.md section 4):
 * - a new form, or a form whose type changes, has its document types reset to its type's
 *   (FORM_TYPE_DOCUMENT_TYPES, matched by name; a name the hub has no type of is skipped);
 * - a form made inactive (isActive from true to false) loses its organisation links.
 */
async function afterWrite(ctx: SaveHookContext): Promise<void> {
  const id = ctx.id!;
  const before = (ctx.state.before as Before | null | undefined) ?? null;
  const { rows } = await ctx.tx.query<{ form_type: string | null; is_active: boolean | null }>(
    'SELECT form_type, is_active FROM forms WHERE id = $1',
    [id],
  );
  const now = rows[0];
  if (!now) return;
  if (ctx.mode === 'create' || (before && before.formType !== now.form_type)) {
    const names = (now.form_type && FORM_TYPE_DOCUMENT_TYPES[now.form_type as keyof typeof FORM_TYPE_DOCUMENT_TYPES]) || [];
    await ctx.tx.query('DELETE FROM link_forms_document_types WHERE forms_id = $1', [id]);
    if (names.length)
      await ctx.tx.query(
        `INSERT INTO link_forms_document_types (forms_id, document_types_id)
         SELECT $1::uuid, dt.id FROM document_types dt WHERE lower(dt.name) = ANY($2::text[])`,
        [id, names.map((n) => n.toLowerCase())],
      );
  }
  if (ctx.mode === 'update' && before?.isActive && now.is_active === false)
    await ctx.tx.query('DELETE FROM link_forms_member_organisations WHERE forms_id = $1', [id]);
}

export const formRuleHooks: SaveHooks = { beforeWrite, afterWrite };

/**
 * Entity rules of the data layer that run with every save (data-layer.md section 4), beside
 * the forms' and the member records' workflow hooks: a form's document types follow its type,
 * an inactive form is offered to no organisation. Registered by app.ts (and the seeds).
 */
export const ENTITY_RULE_HOOKS: Readonly<Partial<Record<EntityName, SaveHooks>>> = {
  FormsEntity: formRuleHooks,
};

export function registerEntityRuleHooks(register: (entity: EntityName, hooks: SaveHooks) => void): void {
  for (const [entity, hooks] of Object.entries(ENTITY_RULE_HOOKS) as [EntityName, SaveHooks][]) register(entity, hooks);
}

import { messages } from '@hub/model';
import { GraphQLError } from 'graphql';
import { BadInputError, UserError } from '../core/errors';
import { textMessages } from '../core/strings';

/** Database constraint failures a user can cause, turned into the spec's messages. */
export function translateDbError(err: unknown, action: 'save' | 'delete' | 'deleteMany' | 'read'): unknown {
  if (err instanceof UserError || err instanceof GraphQLError) return err;
  const code = (err as { code?: string }).code;
  // Text the database cannot hold (a NUL byte that slipped past the request guard).
  if (code === '22021' || code === '22P05') return new BadInputError(textMessages.nul);
  if (code === '22025') return new BadInputError('A search pattern is not valid');
  if (code === '54001') return new BadInputError('The search is too complex: use fewer or shallower conditions');
  if (action === 'read') return err;
  if (action !== 'save' && code === '23503')
    return new UserError(
      `${messages.detailRedacted}: ${action === 'deleteMany' ? messages.deleteAssociationBulk : messages.deleteAssociation}`,
      'ASSOCIATION',
      409,
    );
  if (action !== 'save' && code === '23001')
    return new UserError(
      `${messages.detailRedacted}: ${action === 'deleteMany' ? messages.deleteAssociationBulk : messages.deleteAssociation}`,
      'ASSOCIATION',
      409,
    );
  if (code === '23505') return new UserError(`${messages.couldNotSave}: ${messages.unique}`, 'VALIDATION', 400);
  if (code === '23503') return new UserError(`${messages.couldNotSave}: a referenced record does not exist`, 'VALIDATION', 400);
  if (code === '23514' || code === '22P02' || code === '22003' || code === '22007' || code === '22008')
    return new UserError(`${messages.couldNotSave}: a value is not valid`, 'VALIDATION', 400);
  return err;
}

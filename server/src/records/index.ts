import type { EntityName } from '@hub/model';
import type { SaveHooks } from '../crud/hooks';
import { accountHooks } from './accounts';
import { assetAttachmentHooks, assetHooks } from './assets';
import { documentAccountLinkHooks, documentHooks, documentTypeLinkHooks } from './documents';
import { licenceAttachmentHooks, licenceHooks } from './licences';

/**
 * The member records' workflow rules (issue 11: assets, documents, licences, user accounts), as
 * save hooks: every path that saves them (GraphQL single and list inputs, multipart saves, bulk
 * updates, seeds) runs them in the save's transaction. Who may do what is decided in
 * server/src/access/records.ts; the pure facts are model/src/records.ts.
 */
export const RECORD_HOOKS: Readonly<Partial<Record<EntityName, SaveHooks>>> = {
  AssetEntity: assetHooks,
  AssetAttachmentsEntity: assetAttachmentHooks,
  DocumentEntity: documentHooks,
  DocumentsMehubAccounts: documentAccountLinkHooks,
  DocumentTypesDocuments: documentTypeLinkHooks,
  LicenceEntity: licenceHooks,
  LicenceAttachmentsEntity: licenceAttachmentHooks,
  MehubAccountEntity: accountHooks,
};

export function registerRecordHooks(register: (entity: EntityName, hooks: SaveHooks) => void): void {
  for (const [entity, hooks] of Object.entries(RECORD_HOOKS) as [EntityName, SaveHooks][]) register(entity, hooks);
}

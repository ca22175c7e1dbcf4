import { defineLink } from '../define';

/** The link entities of data-layer.md section 3; the first side decides a member's visibility. */
export const links = [
  defineLink(
    'FormSubmissionsAssets',
    'link_form_submissions_assets',
    ['formSubmissions', 'FormSubmissionsEntity'],
    ['assets', 'AssetEntity'],
  ),
  defineLink('FormsDocumentTypes', 'link_forms_document_types', ['forms', 'FormsEntity'], ['documentTypes', 'DocumentTypesEntity']),
  defineLink(
    'DocumentTypesDocuments',
    'link_document_types_documents',
    ['documents', 'DocumentEntity'],
    ['documentTypes', 'DocumentTypesEntity'],
  ),
  defineLink(
    'FormSubmissionsDocuments',
    'link_form_submissions_documents',
    ['formSubmissions', 'FormSubmissionsEntity'],
    ['documents', 'DocumentEntity'],
  ),
  defineLink('RolesMeaDocumentAccess', 'link_roles_mea_document_access', ['roles', 'RoleEntity'], ['documentTypes', 'DocumentTypesEntity']),
  defineLink('AssetsMehubAccounts', 'link_assets_mehub_accounts', ['assets', 'AssetEntity'], ['mehubAccounts', 'MehubAccountEntity']),
  defineLink(
    'DocumentsMehubAccounts',
    'link_documents_mehub_accounts',
    ['documents', 'DocumentEntity'],
    ['mehubAccounts', 'MehubAccountEntity'],
  ),
  defineLink(
    'FormsMemberOrganisations',
    'link_forms_member_organisations',
    ['memberOrganisations', 'MemberOrganisationEntity'],
    ['forms', 'FormsEntity'],
  ),
  defineLink(
    'DocumentTypesTemplates',
    'link_document_types_templates',
    ['templates', 'TemplateEntity'],
    ['documentTypes', 'DocumentTypesEntity'],
  ),
] as const;

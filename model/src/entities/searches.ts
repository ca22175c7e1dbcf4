import { defineEntity, f } from '../define';
import { SearchType } from '../enums';

export const searches = defineEntity({
  name: 'SearchesEntity',
  label: 'Search',
  plural: 'Searches',
  table: 'searches',
  display: 'searchTerm',
  scope: { kind: 'shared' },
  fields: {
    searchType: f.enum(SearchType, { label: 'Search Type', order: 10 }),
    searchTerm: f.text({ label: 'Search Term', searchable: true, order: 20 }),
    role: f.ref('RoleEntity', { label: 'Role', onDelete: 'set null', order: 30 }),
  },
});

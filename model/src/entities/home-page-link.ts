import { defineEntity, f } from '../define';

export const homePageLink = defineEntity({
  name: 'HomePageLinkEntity',
  label: 'Home Page Link',
  table: 'home_page_link',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ label: 'Name', searchable: true, order: 10 }),
    summary: f.textarea({ label: 'Summary', order: 20 }),
    tooltip: f.text({ label: 'Tooltip', order: 30 }),
  },
});

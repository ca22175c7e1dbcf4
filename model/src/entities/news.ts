import { defineEntity, f } from '../define';

export const news = defineEntity({
  name: 'NewsEntity',
  label: 'News',
  plural: 'News',
  table: 'news',
  display: 'notice',
  scope: { kind: 'shared' },
  fields: {
    notice: f.textarea({ label: 'Notice', searchable: true, order: 10 }),
    showtime: f.boolean({ label: 'Showtime', default: false, order: 20 }),
  },
});

import { defineEntity, f } from '../define';

/**
 * A guidance topic: a subject area of a standard (for example 'Earthing' under AS/NZS 3000)
 * with its own document, beside the standard's guidance notes. It references the standard,
 * not a guidance note, because a topic gathers notes of one standard and carries the file the
 * notes point to; a note is a link and text only. Saved with its file (multipart).
 */
export const guidanceTopic = defineEntity({
  name: 'GuidanceTopicEntity',
  label: 'Guidance Topic',
  plural: 'Guidance Topics',
  table: 'guidance_topic',
  display: 'name',
  scope: { kind: 'shared' },
  fields: {
    name: f.text({ label: 'Name', required: true, searchable: true, order: 10 }),
    description: f.textarea({ label: 'Description', order: 20 }),
    topicFile: f.file({ label: 'Topic File', order: 30 }),
    standard: f.ref('StandardEntity', { label: 'Standard', onDelete: 'set null', order: 40 }),
  },
});

import { defineEntity, f } from '../define';
import { FeedbackCategory } from '../enums';

export const feedbackAndHelp = defineEntity({
  name: 'FeedbackAndHelpEntity',
  label: 'Feedback and Help',
  plural: 'Feedback and Help',
  table: 'feedback_and_help',
  display: 'email',
  scope: { kind: 'shared' },
  fields: {
    category: f.enum(FeedbackCategory, { label: 'Category', required: true, order: 10 }),
    email: f.email({ label: 'Email', required: true, searchable: true, order: 20 }),
    information: f.textarea({ label: 'Information', required: true, order: 30 }),
  },
});

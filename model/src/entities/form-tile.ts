import { defineEntity, f } from '../define';
import { FormTile } from '../enums';

export const formTile = defineEntity({
  name: 'FormsEntityFormTileEntity',
  label: 'Form Tile',
  table: 'forms_entity_form_tile',
  display: 'tile',
  scope: { kind: 'via', ref: 'form' },
  fields: {
    tile: f.enum(FormTile, { label: 'Tile', required: true }),
    form: f.ref('FormsEntity', { label: 'Form', required: true, onDelete: 'cascade' }),
  },
});

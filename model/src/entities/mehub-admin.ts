import { defineEntity, f } from '../define';

export const mehubAdmin = defineEntity({
  name: 'MehubAdminEntity',
  label: 'Mehub Admin',
  table: 'mehub_admin',
  display: 'email',
  scope: { kind: 'shared' },
  rules: ['confirmPassword'],
  fields: {
    email: f.email({ label: 'Email', required: true, immutable: true, unique: true, searchable: true, order: 10 }),
    userName: f.text({ label: 'User Name', immutable: true, order: 20 }),
    twoFactorEnabled: f.boolean({ label: 'Two Factor Enabled', immutable: true, default: false, order: 30 }),
    password: f.password({ label: 'Password', order: 40 }),
  },
});

import { ROLES, GROUPS, ADMIN_ONLY_SCREENS, allEntities, getEntity } from '@hub/model';
import { describe, expect, it } from 'vitest';
import type { Me } from '../app/session';
import { allowedTo, canBuildForms, entityLinks, formLinks, passesGate, toolLinks, userLinks } from './nav';

const user = (group: string | string[], roleName: string | null = null): Me => ({
  id: 'u',
  userName: null,
  email: 'u@example.org',
  givenName: null,
  surname: null,
  roleName,
  isDuplicate: false,
  memberOrganisationId: null,
  twoFactorMethod: null,
  groups: [group].flat().map((name) => ({ name, hasBackendAccess: name !== GROUPS.member })),
});
const admin = user(GROUPS.admin);
/** A member the administrators let into the back-office for their organisation (architecture.md). */
const member = user([GROUPS.member, GROUPS.memberBackoffice], ROLES.safetyManager);
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('the sidebar and the group gates', () => {
  it('keeps members out of the administrator-only screens', () => {
    for (const e of allEntities()) {
      expect(passesGate(member, e), e.name).toBe(!ADMIN_ONLY_SCREENS.includes(e.name));
      expect(passesGate(admin, e), e.name).toBe(true);
    }
    // Back-office section 6 itself (the list is written once, in the model).
    for (const name of ['ApikeyEntity', 'FeedbackAndHelpEntity', 'FormReviewRequestEntity', 'SearchesEntity', 'MehubAdminEntity'] as const)
      expect(passesGate(member, getEntity(name)), name).toBe(false);
    // Members may create feedback through the API, yet its screens stay closed to them.
    expect(allowedTo(member, getEntity('FeedbackAndHelpEntity'), 'create')).toBe(true);
    expect(passesGate(member, getEntity('AssetEntity'))).toBe(true);
    expect(passesGate(user(GROUPS.visitors), getEntity('AssetEntity'))).toBe(false);
    // An ordinary member has no back-end access: no screen of the back-office opens.
    expect(passesGate(user(GROUPS.member, ROLES.worker), getEntity('AssetEntity'))).toBe(false);
  });

  it('builds the groups of back-office 2.3 with plural labels', () => {
    const entities = labels(entityLinks(admin));
    expect(entities).toEqual(
      expect.arrayContaining(['News', 'Guidance Notes', 'Feedback and Help', 'MEA Documents', 'Documents', 'API Keys']),
    );
    expect(entities).not.toContain('Templates');
    expect(entities).not.toContain('Mehub Accounts');
    expect(labels(userLinks(admin))).toEqual(['All Users', 'Mehub Accounts', 'Mehub Admins']);
    expect(formLinks(admin)).toEqual([
      { to: '/admin/forms', label: 'Forms Builder' },
      { to: '/admin/formsubmissionsentity', label: 'Form Submissions' },
      { to: '/admin/templateentity', label: 'Templates' },
    ]);
    expect(formLinks(user(GROUPS.superAdministrators))[0]).toEqual({ to: '/admin/forms', label: 'Forms Builder' });
    expect(labels(toolLinks(admin))).toEqual(['Style Guide', 'GraphiQL', 'Hangfire', 'OpenAPI']);
  });

  it('shows a member only what they may read', () => {
    expect(labels(entityLinks(member))).not.toContain('API Keys');
    expect(labels(entityLinks(member))).not.toContain('Feedback and Help');
    expect(labels(userLinks(member))).toEqual(['Mehub Accounts']);
    expect(labels(toolLinks(member))).toEqual(['Style Guide', 'OpenAPI']);
  });

  it('opens the Forms Builder to the administrator groups only; a member in the back-office keeps the forms list', () => {
    expect(canBuildForms(admin)).toBe(true);
    expect(canBuildForms(user(GROUPS.superAdministrators))).toBe(true);
    expect(canBuildForms(member)).toBe(false);
    expect(formLinks(member)[0]).toEqual({ to: '/admin/formsentity', label: 'Forms' });
    expect(formLinks(user(GROUPS.member, ROLES.worker))).toEqual([]);
  });
});

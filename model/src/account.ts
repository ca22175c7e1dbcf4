/** The logged-in user as GET /api/account/me returns it (member-site.md section 3). */
export interface Me {
  id: string;
  userName: string | null;
  email: string;
  givenName: string | null;
  surname: string | null;
  roleName: string | null;
  isDuplicate: boolean;
  memberOrganisationId: string | null;
  twoFactorMethod: string | null;
  groups: { name: string; hasBackendAccess: boolean }[];
}

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
  /**
   * The primary contact of the user's organisation (the Complete Slide's default recipient,
   * see notificationDefaults); null when there is none. Always sent by the server; optional
   * in the type so that older literals of Me still compile.
   */
  primaryContactId?: string | null;
  twoFactorMethod: string | null;
  groups: { name: string; hasBackendAccess: boolean }[];
}

-- Back-end access (architecture.md, 'Decisions where the spec is silent'): ordinary members
-- (MehubAccount) lose the back-end flag; the new group 'Member Back-office' carries it, with the
-- rights and tenant scope of MehubAccount (model/src/groups.ts, MEMBER_GROUPS). Administrators
-- add the few members who may use the back-office for their own organisation to it.
UPDATE "user_group_def" SET "has_backend_access" = false WHERE "name" = 'MehubAccount';--> statement-breakpoint
INSERT INTO "user_group_def" ("name", "has_backend_access") VALUES ('Member Back-office', true)
ON CONFLICT ("name") DO UPDATE SET "has_backend_access" = true;

-- The groups of data-layer.md section 6 and their back-end access flag: fixed data every hub needs.
INSERT INTO "user_group_def" ("name", "has_backend_access") VALUES
  ('Super Administrators', true),
  ('MehubAdmin', true),
  ('MehubAccount', true),
  ('Visitors', false)
ON CONFLICT ("name") DO NOTHING;

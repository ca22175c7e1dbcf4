ALTER TABLE "mehub_account_timeline_events" ADD COLUMN "member_organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "mehub_account_timeline_events" ADD CONSTRAINT "mehub_account_timeline_events_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_member_organisation_id_idx" ON "mehub_account_timeline_events" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_scope_created_idx" ON "mehub_account_timeline_events" USING btree ("member_organisation_id","created","id");--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_scope_action_idx" ON "mehub_account_timeline_events" USING btree ("member_organisation_id","action");--> statement-breakpoint
-- Events written before this migration: the organisation of the account they are on.
UPDATE "mehub_account_timeline_events" e SET "member_organisation_id" = a."member_organisation_id" FROM "mehub_account" a WHERE a."id" = e."entity_id" AND e."member_organisation_id" IS NULL;

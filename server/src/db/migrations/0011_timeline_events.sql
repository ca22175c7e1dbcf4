ALTER TABLE "mehub_account_timeline_events" ADD COLUMN "record_entity" text;--> statement-breakpoint
ALTER TABLE "mehub_account_timeline_events" ADD COLUMN "record_id" text;--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_entity_id_created_id_idx" ON "mehub_account_timeline_events" USING btree ("entity_id","created","id");
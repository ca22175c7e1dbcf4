ALTER TABLE "document" ADD COLUMN "active_since" date;--> statement-breakpoint
-- Documents already active count their annual review from the day they were made (the best known).
UPDATE "document" SET "active_since" = "created"::date WHERE "status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_log_entity_id_trigger_type_reminder_type_trigger_date_mehub_account_id_unique" ON "reminder_log" USING btree ("entity_id","trigger_type","reminder_type","trigger_date","mehub_account_id");
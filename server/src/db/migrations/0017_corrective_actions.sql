CREATE TABLE "corrective_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"description" text,
	"status" text,
	"priority" text,
	"due_date" date,
	"assignee_id" uuid,
	"form_submissions_id" uuid,
	"question_id" text,
	"question_title" text,
	"answer" text,
	"risk_score" integer,
	"raised_by_id" uuid,
	"closed_at" timestamp(3),
	"closed_by_id" uuid,
	"closing_comment" text,
	"closing_photo_id" uuid,
	"member_organisation_id" uuid,
	CONSTRAINT "corrective_action_status_check" CHECK ("status" IN ('OPEN', 'CLOSED')),
	CONSTRAINT "corrective_action_priority_check" CHECK ("priority" IN ('LOW', 'MODERATE', 'HIGH'))
);
--> statement-breakpoint
ALTER TABLE "reminder_log" DROP CONSTRAINT "reminder_log_trigger_type_check";--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_assignee_id_mehub_account_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_raised_by_id_mehub_account_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_closed_by_id_mehub_account_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_closing_photo_id_file_id_fk" FOREIGN KEY ("closing_photo_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_action" ADD CONSTRAINT "corrective_action_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrective_action_created_idx" ON "corrective_action" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "corrective_action_assignee_id_idx" ON "corrective_action" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "corrective_action_form_submissions_id_idx" ON "corrective_action" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE INDEX "corrective_action_raised_by_id_idx" ON "corrective_action" USING btree ("raised_by_id");--> statement-breakpoint
CREATE INDEX "corrective_action_closed_by_id_idx" ON "corrective_action" USING btree ("closed_by_id");--> statement-breakpoint
CREATE INDEX "corrective_action_closing_photo_id_idx" ON "corrective_action" USING btree ("closing_photo_id");--> statement-breakpoint
CREATE INDEX "corrective_action_member_organisation_id_idx" ON "corrective_action" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_action_form_submissions_id_question_id_unique" ON "corrective_action" USING btree ("form_submissions_id","question_id");--> statement-breakpoint
CREATE INDEX "corrective_action_member_organisation_id_status_due_date_idx" ON "corrective_action" USING btree ("member_organisation_id","status","due_date");--> statement-breakpoint
CREATE INDEX "corrective_action_assignee_id_status_due_date_idx" ON "corrective_action" USING btree ("assignee_id","status","due_date");--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_trigger_type_check" CHECK ("trigger_type" IN ('LICENCE_DUE', 'ASSET_INSPECTION', 'ASSET_SERVICE', 'ASSET_REGISTRATION', 'DOCUMENT_ANNUAL_REVIEW', 'LICENCE_PENDING', 'DOCUMENT_PENDING', 'CORRECTIVE_ACTION_DUE'));
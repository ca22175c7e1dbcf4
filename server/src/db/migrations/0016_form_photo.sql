CREATE TABLE "form_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"photo_id" uuid,
	"thumbnail_id" uuid,
	"caption" text,
	"question_id" text,
	"idempotency_key" text,
	"mehub_account_id" uuid,
	"member_organisation_id" uuid,
	"form_submissions_id" uuid
);
--> statement-breakpoint
ALTER TABLE "form_photo" ADD CONSTRAINT "form_photo_photo_id_file_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photo" ADD CONSTRAINT "form_photo_thumbnail_id_file_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photo" ADD CONSTRAINT "form_photo_mehub_account_id_mehub_account_id_fk" FOREIGN KEY ("mehub_account_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photo" ADD CONSTRAINT "form_photo_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photo" ADD CONSTRAINT "form_photo_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_photo_created_idx" ON "form_photo" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "form_photo_photo_id_idx" ON "form_photo" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "form_photo_thumbnail_id_idx" ON "form_photo" USING btree ("thumbnail_id");--> statement-breakpoint
CREATE INDEX "form_photo_mehub_account_id_idx" ON "form_photo" USING btree ("mehub_account_id");--> statement-breakpoint
CREATE INDEX "form_photo_member_organisation_id_idx" ON "form_photo" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "form_photo_form_submissions_id_idx" ON "form_photo" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_photo_mehub_account_id_idempotency_key_unique" ON "form_photo" USING btree ("mehub_account_id","idempotency_key");
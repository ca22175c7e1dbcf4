CREATE TABLE "guidance_topic" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"description" text,
	"topic_file_id" uuid,
	"standard_id" uuid
);
--> statement-breakpoint
ALTER TABLE "guidance_topic" ADD CONSTRAINT "guidance_topic_topic_file_id_file_id_fk" FOREIGN KEY ("topic_file_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_topic" ADD CONSTRAINT "guidance_topic_standard_id_standard_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standard"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guidance_topic_created_idx" ON "guidance_topic" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "guidance_topic_topic_file_id_idx" ON "guidance_topic" USING btree ("topic_file_id");--> statement-breakpoint
CREATE INDEX "guidance_topic_standard_id_idx" ON "guidance_topic" USING btree ("standard_id");
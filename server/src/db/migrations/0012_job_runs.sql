CREATE TABLE "job_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"slot" timestamp(3) NOT NULL,
	"attempt" integer NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"server_id" text NOT NULL,
	"started" timestamp(3) NOT NULL,
	"heartbeat" timestamp(3) NOT NULL,
	"finished" timestamp(3),
	"status" text NOT NULL,
	"error" text,
	"summary" text,
	"counts" jsonb,
	"retry_at" timestamp(3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_slot_attempt_unique" ON "job_run" USING btree ("job","slot","attempt");--> statement-breakpoint
CREATE INDEX "job_run_job_started_idx" ON "job_run" USING btree ("job","started");
-- Calendar-day fields become PostgreSQL dates: a stored timestamp (UTC, no zone) keeps its UTC day.
ALTER TABLE "asset" ALTER COLUMN "registration_renewal_date" SET DATA TYPE date USING "registration_renewal_date"::date;--> statement-breakpoint
ALTER TABLE "asset" ALTER COLUMN "service_due_date" SET DATA TYPE date USING "service_due_date"::date;--> statement-breakpoint
ALTER TABLE "asset" ALTER COLUMN "last_inspection" SET DATA TYPE date USING "last_inspection"::date;--> statement-breakpoint
ALTER TABLE "asset" ALTER COLUMN "next_inspection" SET DATA TYPE date USING "next_inspection"::date;--> statement-breakpoint
ALTER TABLE "licence" ALTER COLUMN "renewal_date" SET DATA TYPE date USING "renewal_date"::date;--> statement-breakpoint
ALTER TABLE "mehub_account" ALTER COLUMN "start_date" SET DATA TYPE date USING "start_date"::date;--> statement-breakpoint
ALTER TABLE "mehub_account" ALTER COLUMN "end_date" SET DATA TYPE date USING "end_date"::date;
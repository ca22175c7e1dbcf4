CREATE TABLE "saml_assertion" (
	"id" text PRIMARY KEY NOT NULL,
	"expires" timestamp(3) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "saml_name_id" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "saml_session_index" text;
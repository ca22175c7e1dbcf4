CREATE TABLE "additional_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"attachment_id" uuid,
	"form_submissions_id" uuid
);
--> statement-breakpoint
CREATE TABLE "apikey" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"private_key" text,
	"member_organisation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "asset" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"asset_type" text,
	"asset_id" text,
	"brand" text,
	"asset_model" text,
	"serial_number" text,
	"description" text,
	"status" text,
	"registration" text,
	"registration_renewal_date" timestamp(3),
	"service_due_date" timestamp(3),
	"inspection_frequency" text,
	"last_inspection" timestamp(3),
	"next_inspection" timestamp(3),
	"comments" text,
	"reminder_notification" timestamp(3),
	"second_reminder" timestamp(3),
	"member_organisation_id" uuid,
	"parent_asset_id" uuid,
	CONSTRAINT "asset_asset_type_check" CHECK ("asset_type" IN ('PLANT', 'LADDER', 'HARNESS', 'INSTRUMENT', 'TOOL', 'SAFETY_EQUIPMENT', 'ELECTRICAL_EQUIPMENT', 'OTHER')),
	CONSTRAINT "asset_status_check" CHECK ("status" IN ('IN_SERVICE', 'OUT_OF_SERVICE')),
	CONSTRAINT "asset_inspection_frequency_check" CHECK ("inspection_frequency" IN ('ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'NOT_APPLICABLE'))
);
--> statement-breakpoint
CREATE TABLE "asset_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"attachments_id" uuid,
	"asset_id" uuid
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"document_name" text,
	"document_upload_id" uuid,
	"document_link" text,
	"comment_box" text,
	"annual_review" boolean DEFAULT true NOT NULL,
	"status" text,
	"member_organisation_id" uuid,
	CONSTRAINT "document_status_check" CHECK ("status" IN ('ACTIVE', 'INACTIVE', 'PENDING'))
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"mea_document" boolean DEFAULT false NOT NULL,
	"description" text,
	"order" integer
);
--> statement-breakpoint
CREATE TABLE "feedback_and_help" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"category" text,
	"email" text,
	"information" text,
	CONSTRAINT "feedback_and_help_category_check" CHECK ("category" IN ('FEEDBACK', 'HELP'))
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"owner_entity" text,
	"owner_id" uuid
);
--> statement-breakpoint
CREATE TABLE "form_review_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"time_reviewed" timestamp(3),
	"form_data" jsonb,
	"show_notification" boolean DEFAULT false NOT NULL,
	"mehub_account_id" uuid,
	"form_submissions_id" uuid
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"job_number" text,
	"job_address" text,
	"submission_data" jsonb,
	"form_version_id" uuid,
	"mehub_account_id" uuid,
	"form_review_request_id" uuid
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"form_type" text,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"published_version_id" uuid,
	CONSTRAINT "forms_form_type_check" CHECK ("form_type" IN ('RISK_ASSESSMENT', 'INCIDENT', 'INSPECTIONS', 'PERMITS', 'VERIFICATION', 'PROJECT', 'QUALITY', 'WORKPLACE_RELATIONS', 'MEETING_AND_TRAINING'))
);
--> statement-breakpoint
CREATE TABLE "forms_entity_form_tile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"tile" text,
	"form_id" uuid,
	CONSTRAINT "forms_entity_form_tile_tile_check" CHECK ("tile" IN ('FORM_TILE'))
);
--> statement-breakpoint
CREATE TABLE "forms_entity_form_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"version" integer,
	"form_id" uuid,
	"active" boolean DEFAULT false NOT NULL,
	"form_data" jsonb,
	"submission_data" jsonb
);
--> statement-breakpoint
CREATE TABLE "user_group_def" (
	"name" text PRIMARY KEY NOT NULL,
	"has_backend_access" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"header" text,
	"description" text,
	"link" text,
	"standard_id" uuid
);
--> statement-breakpoint
CREATE TABLE "home_page_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"summary" text,
	"tooltip" text
);
--> statement-breakpoint
CREATE TABLE "licence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"licence_name" text,
	"licence_issuer" text,
	"licence_type" text,
	"licence_number" text,
	"renewal_date" timestamp(3),
	"licence_upload_id" uuid,
	"status" text,
	"authorized_date" timestamp(3),
	"description" text,
	"other_licence_details" text,
	"mehub_account_id" uuid,
	CONSTRAINT "licence_licence_type_check" CHECK ("licence_type" IN ('ELECTRICAL', 'DRIVER', 'PERMIT', 'COMPETENCY', 'INDUCTION', 'OTHER')),
	CONSTRAINT "licence_status_check" CHECK ("status" IN ('PENDING', 'ACTIVE', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "licence_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"attachments_id" uuid,
	"licence_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_assets_mehub_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"assets_id" uuid,
	"mehub_accounts_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_document_types_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"documents_id" uuid,
	"document_types_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_document_types_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"templates_id" uuid,
	"document_types_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_documents_mehub_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"documents_id" uuid,
	"mehub_accounts_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_form_submissions_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"form_submissions_id" uuid,
	"assets_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_form_submissions_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"form_submissions_id" uuid,
	"documents_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_forms_document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"forms_id" uuid,
	"document_types_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_forms_member_organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"member_organisations_id" uuid,
	"forms_id" uuid
);
--> statement-breakpoint
CREATE TABLE "link_roles_mea_document_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"roles_id" uuid,
	"document_types_id" uuid
);
--> statement-breakpoint
CREATE TABLE "mehub_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"email" text,
	"user_name" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"password" text,
	"memnet_id" text,
	"firstname" text,
	"surname" text,
	"mobile_number" text,
	"street_address1" text,
	"street_address2" text,
	"street_address3" text,
	"postcode" text,
	"city" text,
	"state" text,
	"country" text,
	"start_date" timestamp(3),
	"end_date" timestamp(3),
	"is_duplicate" boolean DEFAULT false NOT NULL,
	"lastsyncdate" timestamp(3),
	"member_organisation_id" uuid,
	"role_id" uuid,
	CONSTRAINT "mehub_account_state_check" CHECK ("state" IN ('QLD', 'NSW', 'VIC', 'TAS', 'SA', 'WA', 'ACT', 'NT', 'UNKNOWN', 'UNSUCCESSFUL'))
);
--> statement-breakpoint
CREATE TABLE "mehub_account_timeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"action" text,
	"action_title" text,
	"description" text,
	"group_id" text,
	"entity_id" uuid,
	CONSTRAINT "mehub_account_timeline_events_action_check" CHECK ("action" IN ('CREATED', 'UPDATED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "mehub_admin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"email" text,
	"user_name" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"password" text
);
--> statement-breakpoint
CREATE TABLE "member_organisation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"member_code" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"primary_contact_id" uuid
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"notice" text,
	"showtime" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"reminder_type" text,
	"trigger_type" text,
	"trigger_date" timestamp(3),
	"entity_id" text,
	"description" text,
	"last_trigger_date" timestamp(3),
	"owner" text,
	"mehub_account_id" uuid,
	CONSTRAINT "reminder_log_reminder_type_check" CHECK ("reminder_type" IN ('REMINDER_ONE', 'REMINDER_TWO', 'DUE_DATE')),
	CONSTRAINT "reminder_log_trigger_type_check" CHECK ("trigger_type" IN ('LICENCE_DUE', 'ASSET_INSPECTION', 'ASSET_SERVICE', 'ASSET_REGISTRATION', 'DOCUMENT_ANNUAL_REVIEW', 'LICENCE_PENDING', 'DOCUMENT_PENDING'))
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text
);
--> statement-breakpoint
CREATE TABLE "role_safety_link_permission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"canview" boolean DEFAULT false NOT NULL,
	"cancreate" boolean DEFAULT false NOT NULL,
	"role_id" uuid,
	"safety_link_id" uuid
);
--> statement-breakpoint
CREATE TABLE "safety_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"create" text,
	"view" text,
	"order" double precision,
	"safety_link_section_id" uuid
);
--> statement-breakpoint
CREATE TABLE "safety_link_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"tooltip" text,
	"order" integer
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"search_type" text,
	"search_term" text,
	"role_id" uuid,
	CONSTRAINT "searches_search_type_check" CHECK ("search_type" IN ('LIBRARY', 'SAFETY', 'STANDARD', 'GUIDANCE'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_kind" text NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"last_seen" timestamp(3) DEFAULT now() NOT NULL,
	"expires" timestamp(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"name" text,
	"header" text,
	"description" text,
	"link" text,
	"icon_id" uuid
);
--> statement-breakpoint
CREATE TABLE "template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL,
	"modified" timestamp(3) DEFAULT now() NOT NULL,
	"template_name" text,
	"template_upload_id" uuid
);
--> statement-breakpoint
CREATE TABLE "user_group" (
	"user_id" uuid NOT NULL,
	"group_name" text NOT NULL,
	CONSTRAINT "user_group_user_id_group_name_pk" PRIMARY KEY("user_id","group_name")
);
--> statement-breakpoint
ALTER TABLE "additional_attachment" ADD CONSTRAINT "additional_attachment_attachment_id_file_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_attachment" ADD CONSTRAINT "additional_attachment_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apikey" ADD CONSTRAINT "apikey_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_parent_asset_id_asset_id_fk" FOREIGN KEY ("parent_asset_id") REFERENCES "public"."asset"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_attachments" ADD CONSTRAINT "asset_attachments_attachments_id_file_id_fk" FOREIGN KEY ("attachments_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_attachments" ADD CONSTRAINT "asset_attachments_asset_id_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."asset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_document_upload_id_file_id_fk" FOREIGN KEY ("document_upload_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_review_request" ADD CONSTRAINT "form_review_request_mehub_account_id_mehub_account_id_fk" FOREIGN KEY ("mehub_account_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_review_request" ADD CONSTRAINT "form_review_request_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_version_id_forms_entity_form_version_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."forms_entity_form_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_mehub_account_id_mehub_account_id_fk" FOREIGN KEY ("mehub_account_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_review_request_id_form_review_request_id_fk" FOREIGN KEY ("form_review_request_id") REFERENCES "public"."form_review_request"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_published_version_id_forms_entity_form_version_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."forms_entity_form_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms_entity_form_tile" ADD CONSTRAINT "forms_entity_form_tile_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms_entity_form_version" ADD CONSTRAINT "forms_entity_form_version_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance" ADD CONSTRAINT "guidance_standard_id_standard_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence" ADD CONSTRAINT "licence_licence_upload_id_file_id_fk" FOREIGN KEY ("licence_upload_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence" ADD CONSTRAINT "licence_mehub_account_id_mehub_account_id_fk" FOREIGN KEY ("mehub_account_id") REFERENCES "public"."mehub_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_attachments" ADD CONSTRAINT "licence_attachments_attachments_id_file_id_fk" FOREIGN KEY ("attachments_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_attachments" ADD CONSTRAINT "licence_attachments_licence_id_licence_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_assets_mehub_accounts" ADD CONSTRAINT "link_assets_mehub_accounts_assets_id_asset_id_fk" FOREIGN KEY ("assets_id") REFERENCES "public"."asset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_assets_mehub_accounts" ADD CONSTRAINT "link_assets_mehub_accounts_mehub_accounts_id_mehub_account_id_fk" FOREIGN KEY ("mehub_accounts_id") REFERENCES "public"."mehub_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_document_types_documents" ADD CONSTRAINT "link_document_types_documents_documents_id_document_id_fk" FOREIGN KEY ("documents_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_document_types_documents" ADD CONSTRAINT "link_document_types_documents_document_types_id_document_types_id_fk" FOREIGN KEY ("document_types_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_document_types_templates" ADD CONSTRAINT "link_document_types_templates_templates_id_template_id_fk" FOREIGN KEY ("templates_id") REFERENCES "public"."template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_document_types_templates" ADD CONSTRAINT "link_document_types_templates_document_types_id_document_types_id_fk" FOREIGN KEY ("document_types_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_documents_mehub_accounts" ADD CONSTRAINT "link_documents_mehub_accounts_documents_id_document_id_fk" FOREIGN KEY ("documents_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_documents_mehub_accounts" ADD CONSTRAINT "link_documents_mehub_accounts_mehub_accounts_id_mehub_account_id_fk" FOREIGN KEY ("mehub_accounts_id") REFERENCES "public"."mehub_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions_assets" ADD CONSTRAINT "link_form_submissions_assets_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions_assets" ADD CONSTRAINT "link_form_submissions_assets_assets_id_asset_id_fk" FOREIGN KEY ("assets_id") REFERENCES "public"."asset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions_documents" ADD CONSTRAINT "link_form_submissions_documents_form_submissions_id_form_submissions_id_fk" FOREIGN KEY ("form_submissions_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions_documents" ADD CONSTRAINT "link_form_submissions_documents_documents_id_document_id_fk" FOREIGN KEY ("documents_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_forms_document_types" ADD CONSTRAINT "link_forms_document_types_forms_id_forms_id_fk" FOREIGN KEY ("forms_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_forms_document_types" ADD CONSTRAINT "link_forms_document_types_document_types_id_document_types_id_fk" FOREIGN KEY ("document_types_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_forms_member_organisations" ADD CONSTRAINT "link_forms_member_organisations_member_organisations_id_member_organisation_id_fk" FOREIGN KEY ("member_organisations_id") REFERENCES "public"."member_organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_forms_member_organisations" ADD CONSTRAINT "link_forms_member_organisations_forms_id_forms_id_fk" FOREIGN KEY ("forms_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_roles_mea_document_access" ADD CONSTRAINT "link_roles_mea_document_access_roles_id_role_id_fk" FOREIGN KEY ("roles_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_roles_mea_document_access" ADD CONSTRAINT "link_roles_mea_document_access_document_types_id_document_types_id_fk" FOREIGN KEY ("document_types_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mehub_account" ADD CONSTRAINT "mehub_account_member_organisation_id_member_organisation_id_fk" FOREIGN KEY ("member_organisation_id") REFERENCES "public"."member_organisation"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mehub_account" ADD CONSTRAINT "mehub_account_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mehub_account_timeline_events" ADD CONSTRAINT "mehub_account_timeline_events_entity_id_mehub_account_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."mehub_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_organisation" ADD CONSTRAINT "member_organisation_primary_contact_id_mehub_account_id_fk" FOREIGN KEY ("primary_contact_id") REFERENCES "public"."mehub_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_log" ADD CONSTRAINT "reminder_log_mehub_account_id_mehub_account_id_fk" FOREIGN KEY ("mehub_account_id") REFERENCES "public"."mehub_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_safety_link_permission" ADD CONSTRAINT "role_safety_link_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_safety_link_permission" ADD CONSTRAINT "role_safety_link_permission_safety_link_id_safety_link_id_fk" FOREIGN KEY ("safety_link_id") REFERENCES "public"."safety_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_link" ADD CONSTRAINT "safety_link_safety_link_section_id_safety_link_section_id_fk" FOREIGN KEY ("safety_link_section_id") REFERENCES "public"."safety_link_section"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard" ADD CONSTRAINT "standard_icon_id_file_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_template_upload_id_file_id_fk" FOREIGN KEY ("template_upload_id") REFERENCES "public"."file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_attachment_created_idx" ON "additional_attachment" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "additional_attachment_attachment_id_idx" ON "additional_attachment" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "additional_attachment_form_submissions_id_idx" ON "additional_attachment" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE INDEX "apikey_created_idx" ON "apikey" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "apikey_member_organisation_id_idx" ON "apikey" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "apikey_scope_created_idx" ON "apikey" USING btree ("member_organisation_id","created","id");--> statement-breakpoint
CREATE INDEX "asset_created_idx" ON "asset" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "asset_member_organisation_id_idx" ON "asset" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "asset_parent_asset_id_idx" ON "asset" USING btree ("parent_asset_id");--> statement-breakpoint
CREATE INDEX "asset_scope_created_idx" ON "asset" USING btree ("member_organisation_id","created","id");--> statement-breakpoint
CREATE INDEX "asset_attachments_created_idx" ON "asset_attachments" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "asset_attachments_attachments_id_idx" ON "asset_attachments" USING btree ("attachments_id");--> statement-breakpoint
CREATE INDEX "asset_attachments_asset_id_idx" ON "asset_attachments" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "document_created_idx" ON "document" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "document_document_upload_id_idx" ON "document" USING btree ("document_upload_id");--> statement-breakpoint
CREATE INDEX "document_member_organisation_id_idx" ON "document" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "document_types_created_idx" ON "document_types" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "feedback_and_help_created_idx" ON "feedback_and_help" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "form_review_request_created_idx" ON "form_review_request" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "form_review_request_mehub_account_id_idx" ON "form_review_request" USING btree ("mehub_account_id");--> statement-breakpoint
CREATE INDEX "form_review_request_form_submissions_id_idx" ON "form_review_request" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_version_id_idx" ON "form_submissions" USING btree ("form_version_id");--> statement-breakpoint
CREATE INDEX "form_submissions_mehub_account_id_idx" ON "form_submissions" USING btree ("mehub_account_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_review_request_id_idx" ON "form_submissions" USING btree ("form_review_request_id");--> statement-breakpoint
CREATE INDEX "forms_created_idx" ON "forms" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "forms_published_version_id_idx" ON "forms" USING btree ("published_version_id");--> statement-breakpoint
CREATE INDEX "forms_entity_form_tile_created_idx" ON "forms_entity_form_tile" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "forms_entity_form_tile_form_id_idx" ON "forms_entity_form_tile" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "forms_entity_form_version_created_idx" ON "forms_entity_form_version" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "forms_entity_form_version_form_id_idx" ON "forms_entity_form_version" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "guidance_created_idx" ON "guidance" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "guidance_standard_id_idx" ON "guidance" USING btree ("standard_id");--> statement-breakpoint
CREATE INDEX "home_page_link_created_idx" ON "home_page_link" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "licence_created_idx" ON "licence" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "licence_licence_upload_id_idx" ON "licence" USING btree ("licence_upload_id");--> statement-breakpoint
CREATE INDEX "licence_mehub_account_id_idx" ON "licence" USING btree ("mehub_account_id");--> statement-breakpoint
CREATE INDEX "licence_attachments_created_idx" ON "licence_attachments" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "licence_attachments_attachments_id_idx" ON "licence_attachments" USING btree ("attachments_id");--> statement-breakpoint
CREATE INDEX "licence_attachments_licence_id_idx" ON "licence_attachments" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "link_assets_mehub_accounts_created_idx" ON "link_assets_mehub_accounts" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_assets_mehub_accounts_assets_id_idx" ON "link_assets_mehub_accounts" USING btree ("assets_id");--> statement-breakpoint
CREATE INDEX "link_assets_mehub_accounts_mehub_accounts_id_idx" ON "link_assets_mehub_accounts" USING btree ("mehub_accounts_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_assets_mehub_accounts_pair_unique" ON "link_assets_mehub_accounts" USING btree ("assets_id","mehub_accounts_id");--> statement-breakpoint
CREATE INDEX "link_document_types_documents_created_idx" ON "link_document_types_documents" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_document_types_documents_documents_id_idx" ON "link_document_types_documents" USING btree ("documents_id");--> statement-breakpoint
CREATE INDEX "link_document_types_documents_document_types_id_idx" ON "link_document_types_documents" USING btree ("document_types_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_document_types_documents_pair_unique" ON "link_document_types_documents" USING btree ("documents_id","document_types_id");--> statement-breakpoint
CREATE INDEX "link_document_types_templates_created_idx" ON "link_document_types_templates" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_document_types_templates_templates_id_idx" ON "link_document_types_templates" USING btree ("templates_id");--> statement-breakpoint
CREATE INDEX "link_document_types_templates_document_types_id_idx" ON "link_document_types_templates" USING btree ("document_types_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_document_types_templates_pair_unique" ON "link_document_types_templates" USING btree ("templates_id","document_types_id");--> statement-breakpoint
CREATE INDEX "link_documents_mehub_accounts_created_idx" ON "link_documents_mehub_accounts" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_documents_mehub_accounts_documents_id_idx" ON "link_documents_mehub_accounts" USING btree ("documents_id");--> statement-breakpoint
CREATE INDEX "link_documents_mehub_accounts_mehub_accounts_id_idx" ON "link_documents_mehub_accounts" USING btree ("mehub_accounts_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_documents_mehub_accounts_pair_unique" ON "link_documents_mehub_accounts" USING btree ("documents_id","mehub_accounts_id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_assets_created_idx" ON "link_form_submissions_assets" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_assets_form_submissions_id_idx" ON "link_form_submissions_assets" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_assets_assets_id_idx" ON "link_form_submissions_assets" USING btree ("assets_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_form_submissions_assets_pair_unique" ON "link_form_submissions_assets" USING btree ("form_submissions_id","assets_id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_documents_created_idx" ON "link_form_submissions_documents" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_documents_form_submissions_id_idx" ON "link_form_submissions_documents" USING btree ("form_submissions_id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_documents_documents_id_idx" ON "link_form_submissions_documents" USING btree ("documents_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_form_submissions_documents_pair_unique" ON "link_form_submissions_documents" USING btree ("form_submissions_id","documents_id");--> statement-breakpoint
CREATE INDEX "link_forms_document_types_created_idx" ON "link_forms_document_types" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_forms_document_types_forms_id_idx" ON "link_forms_document_types" USING btree ("forms_id");--> statement-breakpoint
CREATE INDEX "link_forms_document_types_document_types_id_idx" ON "link_forms_document_types" USING btree ("document_types_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_forms_document_types_pair_unique" ON "link_forms_document_types" USING btree ("forms_id","document_types_id");--> statement-breakpoint
CREATE INDEX "link_forms_member_organisations_created_idx" ON "link_forms_member_organisations" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_forms_member_organisations_member_organisations_id_idx" ON "link_forms_member_organisations" USING btree ("member_organisations_id");--> statement-breakpoint
CREATE INDEX "link_forms_member_organisations_forms_id_idx" ON "link_forms_member_organisations" USING btree ("forms_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_forms_member_organisations_pair_unique" ON "link_forms_member_organisations" USING btree ("member_organisations_id","forms_id");--> statement-breakpoint
CREATE INDEX "link_roles_mea_document_access_created_idx" ON "link_roles_mea_document_access" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "link_roles_mea_document_access_roles_id_idx" ON "link_roles_mea_document_access" USING btree ("roles_id");--> statement-breakpoint
CREATE INDEX "link_roles_mea_document_access_document_types_id_idx" ON "link_roles_mea_document_access" USING btree ("document_types_id");--> statement-breakpoint
CREATE UNIQUE INDEX "link_roles_mea_document_access_pair_unique" ON "link_roles_mea_document_access" USING btree ("roles_id","document_types_id");--> statement-breakpoint
CREATE INDEX "mehub_account_created_idx" ON "mehub_account" USING btree ("created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mehub_account_email_unique" ON "mehub_account" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "mehub_account_member_organisation_id_idx" ON "mehub_account" USING btree ("member_organisation_id");--> statement-breakpoint
CREATE INDEX "mehub_account_role_id_idx" ON "mehub_account" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "mehub_account_scope_created_idx" ON "mehub_account" USING btree ("member_organisation_id","created","id");--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_created_idx" ON "mehub_account_timeline_events" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "mehub_account_timeline_events_entity_id_idx" ON "mehub_account_timeline_events" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "mehub_admin_created_idx" ON "mehub_admin" USING btree ("created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mehub_admin_email_unique" ON "mehub_admin" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "member_organisation_created_idx" ON "member_organisation" USING btree ("created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_organisation_member_code_unique" ON "member_organisation" USING btree (lower("member_code"));--> statement-breakpoint
CREATE INDEX "member_organisation_primary_contact_id_idx" ON "member_organisation" USING btree ("primary_contact_id");--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "reminder_log_created_idx" ON "reminder_log" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "reminder_log_mehub_account_id_idx" ON "reminder_log" USING btree ("mehub_account_id");--> statement-breakpoint
CREATE INDEX "role_created_idx" ON "role" USING btree ("created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_name_unique" ON "role" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "role_safety_link_permission_created_idx" ON "role_safety_link_permission" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "role_safety_link_permission_role_id_idx" ON "role_safety_link_permission" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "role_safety_link_permission_safety_link_id_idx" ON "role_safety_link_permission" USING btree ("safety_link_id");--> statement-breakpoint
CREATE INDEX "safety_link_created_idx" ON "safety_link" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "safety_link_safety_link_section_id_idx" ON "safety_link" USING btree ("safety_link_section_id");--> statement-breakpoint
CREATE INDEX "safety_link_section_created_idx" ON "safety_link_section" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "searches_created_idx" ON "searches" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "searches_role_id_idx" ON "searches" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "standard_created_idx" ON "standard" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "standard_icon_id_idx" ON "standard" USING btree ("icon_id");--> statement-breakpoint
CREATE INDEX "template_created_idx" ON "template" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "template_template_upload_id_idx" ON "template" USING btree ("template_upload_id");
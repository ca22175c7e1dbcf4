ALTER TABLE "file" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
CREATE INDEX "file_organisation_idx" ON "file" USING btree ("organisation_id");--> statement-breakpoint
-- Files stored before quotas count against the organisation of the row that holds them (files/quota.ts).
UPDATE "file" f SET "organisation_id" = x."member_organisation_id" FROM "document" x WHERE f."owner_entity" = 'DocumentEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = x."member_organisation_id" FROM "form_photo" x WHERE f."owner_entity" = 'FormPhotoEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = x."member_organisation_id" FROM "corrective_action" x WHERE f."owner_entity" = 'CorrectiveActionEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = a."member_organisation_id" FROM "asset_attachments" x JOIN "asset" a ON a."id" = x."asset_id" WHERE f."owner_entity" = 'AssetAttachmentsEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = m."member_organisation_id" FROM "additional_attachment" x JOIN "form_submissions" s ON s."id" = x."form_submissions_id" JOIN "mehub_account" m ON m."id" = s."mehub_account_id" WHERE f."owner_entity" = 'AdditionalAttachmentEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = m."member_organisation_id" FROM "licence" x JOIN "mehub_account" m ON m."id" = x."mehub_account_id" WHERE f."owner_entity" = 'LicenceEntity' AND f."owner_id" = x."id";--> statement-breakpoint
UPDATE "file" f SET "organisation_id" = m."member_organisation_id" FROM "licence_attachments" x JOIN "licence" l ON l."id" = x."licence_id" JOIN "mehub_account" m ON m."id" = l."mehub_account_id" WHERE f."owner_entity" = 'LicenceAttachmentsEntity' AND f."owner_id" = x."id";

CREATE INDEX "asset_scope_asset_type_idx" ON "asset" USING btree ("member_organisation_id","asset_type");--> statement-breakpoint
CREATE INDEX "asset_scope_status_idx" ON "asset" USING btree ("member_organisation_id","status");--> statement-breakpoint
CREATE INDEX "asset_scope_inspection_frequency_idx" ON "asset" USING btree ("member_organisation_id","inspection_frequency");--> statement-breakpoint
CREATE INDEX "mehub_account_scope_two_factor_enabled_idx" ON "mehub_account" USING btree ("member_organisation_id","two_factor_enabled");--> statement-breakpoint
CREATE INDEX "mehub_account_scope_state_idx" ON "mehub_account" USING btree ("member_organisation_id","state");--> statement-breakpoint
CREATE INDEX "mehub_account_scope_is_duplicate_idx" ON "mehub_account" USING btree ("member_organisation_id","is_duplicate");
CREATE TABLE "page_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"page" text NOT NULL,
	"created" timestamp(3) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_view_user_idx" ON "page_view" USING btree ("user_id","created");--> statement-breakpoint
-- Member site search (GET /api/entity/safetylinkentity/search_link_list): full-text GIN indexes on the
-- exact expressions server/src/crud/search.ts matches against ('simple' configuration: no stemming, any language).
CREATE INDEX "safety_link_search_idx" ON "safety_link" USING gin ((setweight(to_tsvector('simple', coalesce("name", '')), 'A')));--> statement-breakpoint
CREATE INDEX "standard_search_idx" ON "standard" USING gin ((setweight(to_tsvector('simple', coalesce("name", '')), 'A') || setweight(to_tsvector('simple', coalesce("header", '')), 'B') || setweight(to_tsvector('simple', coalesce("description", '')), 'C')));--> statement-breakpoint
CREATE INDEX "guidance_search_idx" ON "guidance" USING gin ((setweight(to_tsvector('simple', coalesce("name", '')), 'A') || setweight(to_tsvector('simple', coalesce("header", '')), 'B') || setweight(to_tsvector('simple', coalesce("description", '')), 'C')));

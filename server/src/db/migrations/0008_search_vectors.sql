-- The member search reads stored vectors: ranking and rechecking then need no to_tsvector per
-- matching row (at 100,000 safety links a two-letter prefix matches thousands). Generated
-- columns, not in the drizzle schema (no code reads or writes them but server/src/crud/search.ts);
-- the GIN indexes of 0006 move onto them.
DROP INDEX IF EXISTS "safety_link_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "standard_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "guidance_search_idx";--> statement-breakpoint
ALTER TABLE "safety_link" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("name", '')), 'A')) STORED;--> statement-breakpoint
ALTER TABLE "standard" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("name", '')), 'A') || setweight(to_tsvector('simple', coalesce("header", '')), 'B') || setweight(to_tsvector('simple', coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "guidance" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("name", '')), 'A') || setweight(to_tsvector('simple', coalesce("header", '')), 'B') || setweight(to_tsvector('simple', coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "safety_link_search_idx" ON "safety_link" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "standard_search_idx" ON "standard" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "guidance_search_idx" ON "guidance" USING gin ("search_vector");

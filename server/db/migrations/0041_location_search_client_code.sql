-- The moves list's search by point of sale also finds the client's own code for it ('CAF-001'): the code the
-- client's report shows and a complaint names. PostgreSQL 15 cannot change a generated column's expression:
-- the column goes and comes back, and its trigram index with it.
ALTER TABLE "locations" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(full_name || chr(10) || client_location_name || chr(10) || coalesce(client_location_id, ''))) STORED;--> statement-breakpoint
CREATE INDEX "locations_search_name_trgm_idx" ON "locations" USING gin ("search_name" gin_trgm_ops);

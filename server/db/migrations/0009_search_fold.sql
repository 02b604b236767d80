-- Searches by name are blind to case and accents: 'gondolas' finds 'Góndolas' (db/list.ts, `matches`).
-- The accented letters are mapped to plain ones before lower() (which, under the C locale, lowers only
-- ASCII). A plain SQL function: the planner inlines it, in queries and in index expressions alike, so a
-- search `campo_fold(column) like '%…%'` uses the trigram index on `campo_fold(column)`.
CREATE FUNCTION campo_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc'))
$$;
--> statement-breakpoint
DROP INDEX "locations_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "locations_client_location_name_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_names_trgm_idx";--> statement-breakpoint
DROP INDEX "users_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "locations_full_name_fold_trgm_idx" ON "locations" USING gin (campo_fold("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_client_location_name_fold_trgm_idx" ON "locations" USING gin (campo_fold("client_location_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_fold_trgm_idx" ON "projects" USING gin (campo_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_names_fold_trgm_idx" ON "users" USING gin (campo_fold("names") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_fold_trgm_idx" ON "users" USING gin (campo_fold("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_fold_trgm_idx" ON "users" USING gin (campo_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_fold_trgm_idx" ON "users" USING gin (campo_fold(trim("names" || ' ' || "last_name")) gin_trgm_ops);
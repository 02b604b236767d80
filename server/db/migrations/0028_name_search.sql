-- The project form's questionnaire and guideline pickers search as the user types (GET /questionnariesV2?q=…,
-- GET /guidelines?current=true&q=…). Folded per row (`campo_fold(name) like '%…%'`, ~14 µs a row), every
-- keystroke folded every name; an index on that expression was not enough, since the planner, which does not
-- know what folding costs, still read 20,000 guideline versions whole. The name is stored folded, with its
-- trigram index, as the other large searches by name have it (migration 0010).
ALTER TABLE "guidelines" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "guidelines_search_name_trgm_idx" ON "guidelines" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questionnaires_search_name_trgm_idx" ON "questionnaires" USING gin ("search_name" gin_trgm_ops);

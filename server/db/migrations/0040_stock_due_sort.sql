-- 'Asignación de Moves' sorted by 'Fecha límite': the stock's published visits and its moves (Asignada,
-- Disponible) each in due-date order, so that a page of the whole stock so sorted reads its rows and stops
-- (it sorted the stock's ~300,000 rows of the scale data on every page: ~0.4 s).
CREATE INDEX "user_moves_stock_due_idx" ON "user_moves" USING btree ("due_to","id") WHERE "user_moves"."status" in ('ASIGNADA', 'DISPONIBLE');--> statement-breakpoint
CREATE INDEX "visits_published_due_idx" ON "visits" USING btree ("due_to","id") WHERE "visits"."state" in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION');
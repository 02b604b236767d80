-- The people pickers (`GET /users`: Getters, quality agents) list a role's active users by name, 51 at a
-- time, often with a search. A search as common as 'Juan' matched ~1,700 of 50,000 Getters, each read
-- from its own heap page (the trigram index gives no order) and sorted for the first 51: ~5 ms alone,
-- 30-45 ms under load. In name order, with the status and the folded name in the index itself, the first
-- 51 matches are read from the index alone (~2 ms): the planner takes this path for a common search and
-- no search, and keeps the trigram index for a rare one.
CREATE INDEX IF NOT EXISTS "users_rol_name_order_idx" ON "users" USING btree ("rol_id", "names", "last_name", "id") INCLUDE ("status", "search_name");

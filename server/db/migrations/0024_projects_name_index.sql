-- The project picker (GET /user-moves/get/projects?limit=51) opens on the first projects by name: without
-- an index in that order PostgreSQL sorted all of them each time (5,000: ~8 ms, and growing with them).
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name","id");
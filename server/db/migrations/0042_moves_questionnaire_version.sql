-- 'Quitar última versión' says how many moves hold the version it removes: counted by this index, not by
-- reading every move.
CREATE INDEX "user_moves_questionnaire_version_idx" ON "user_moves" USING btree ("questionnaire_version_id");
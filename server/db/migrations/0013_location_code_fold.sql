-- A client location code is unique within its client regardless of capitals and surrounding spaces:
-- 'SUC-01' and ' suc-01' are one code. campo_code_fold is the comparison (domain/locations.ts
-- `foldLocationCode` is the same rule, for the bulk load's check): ASCII capitals and the accented ones
-- of Spanish and Portuguese are lowered under the C collation, so the index means the same whatever the
-- server's locale (lower() lowers only ASCII under C, every letter under es_AR). A plain SQL function:
-- the planner inlines it in the index expression.
CREATE OR REPLACE FUNCTION campo_code_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(btrim($1, E' \t\r\n'), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'áàâäãéèêëíìîïóòôöõúùûüñç') COLLATE "C")
$$;
--> statement-breakpoint
-- Codes that already collide must not stop the migration. Within a client and folded code the oldest
-- point of sale (lowest id) keeps its code; each other one keeps its code followed by
-- ' (repetido PV-000123)', its own system code. That text has spaces, which no code typed in the form or
-- the CSV can have, so it is free; and the form asks for a real code ('No debe contener espacios.') the
-- next time that point of sale is edited. Every rename is left in the audit log with the code it had.
WITH renamed AS (
  UPDATE "locations" l
  SET "client_location_id" = l."client_location_id" || ' (repetido ' || l."code" || ')', "updated_at" = now()
  FROM (
    SELECT "id", "client_location_id" AS former,
      row_number() OVER (PARTITION BY "client_id", campo_code_fold("client_location_id") ORDER BY "id") AS n
    FROM "locations"
    WHERE "client_location_id" IS NOT NULL
  ) d
  WHERE d."id" = l."id" AND d.n > 1
  RETURNING l."id", d.former, l."client_location_id" AS renamed
)
INSERT INTO "audit_log" ("entity", "entity_id", "action", "detail")
SELECT 'location', "id"::text, 'rename-duplicate-code', jsonb_build_object('from', former, 'to', renamed, 'migration', '0013')
FROM renamed;
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_client_code_fold_uq" ON "locations" USING btree ("client_id",campo_code_fold("client_location_id"));

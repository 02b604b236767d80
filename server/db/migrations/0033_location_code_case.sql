-- A client location code is unique within its client regardless of the capitals of every Latin alphabet, not only
-- Spanish and Portuguese: 'SUC-Ø1' and 'suc-ø1', 'ŁÓDŹ-1' and 'łódź-1' are one code. Case alone: accents stay, so
-- 'SUC' and 'SUÇ' are still two codes. campo_code_fold lowers ASCII and the capitals of the letters campo_fold knows
-- (migration 0032: Latin-1 Supplement and Latin Extended-A whole, the common capitals of Latin Extended-B and Latin
-- Extended Additional) to their lower-case letter, Unicode's simple mapping: 'İ' → 'i' (one letter, as translate
-- maps, not the 'i' and combining dot of the full mapping), 'ẞ' → 'ß'. domain/fold.ts `CASE_FROM`/`CASE_TO` are these
-- letters and domain/locations.ts `foldLocationCode` the same rule (a test holds this file to those strings). Still
-- under the C collation, whatever the server's locale, and a plain SQL function. An ASCII code (nearly every one) has
-- as many bytes as characters and is only lowered: translate() would read its whole list for each of its characters.
DROP INDEX "locations_client_code_fold_uq";--> statement-breakpoint
CREATE OR REPLACE FUNCTION campo_code_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(CASE
    WHEN octet_length($1) = length($1) THEN $1
    ELSE translate($1, 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽƁƊƏƐƑƗƠƯƵǍǏǑǓǕǗǙǛǞǠǢǦǨǪǬǴǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȞȦȨȪȬȮȰȲɃɄḀḂḄḆḈḊḌḎḐḒḔḖḘḚḜḞḠḢḤḦḨḪḬḮḰḲḴḶḸḺḼḾṀṂṄṆṈṊṌṎṐṒṔṖṘṚṜṞṠṢṤṦṨṪṬṮṰṲṴṶṸṺṼṾẀẂẄẆẈẊẌẎẐẒẔẞẠẢẤẦẨẪẬẮẰẲẴẶẸẺẼẾỀỂỄỆỈỊỌỎỐỒỔỖỘỚỜỞỠỢỤỦỨỪỬỮỰỲỴỶỸ', 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįiĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžɓɗəɛƒɨơưƶǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳƀʉḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕßạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ')
  END, E' \t\r\n') COLLATE "C")
$$;
--> statement-breakpoint
-- Codes that collide only under the wider fold must not stop the migration: as 0013 did, within a client and folded
-- code the oldest point of sale (lowest id) keeps its code, each other one keeps its code followed by
-- ' (repetido PV-000123)', its own system code, and every rename is left in the audit log with the code it had.
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
SELECT 'location', "id"::text, 'rename-duplicate-code', jsonb_build_object('from', former, 'to', renamed, 'migration', '0033')
FROM renamed;
--> statement-breakpoint
-- The index was built with the former fold: it is built again with this one.
CREATE UNIQUE INDEX "locations_client_code_fold_uq" ON "locations" USING btree ("client_id",campo_code_fold("client_location_id"));

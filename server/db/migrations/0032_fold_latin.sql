-- Searches and the points of sale's duplicate check fold the letters of every Latin alphabet, not only Spanish
-- and Portuguese: 'cafe tokyo' finds 'Cafe Tōkyō', 'lodz' finds 'Łódź', 'strasse' finds 'Straße' (domain/fold.ts
-- `foldText` is the same fold, letter by letter; a test holds this file to its strings). Latin-1 Supplement and
-- Latin Extended-A whole, the common letters of Latin Extended-B and Latin Extended Additional, the accents typed
-- apart from their letter (U+0300–U+036F, dropped) and the ligatures written out ('ß' → 'ss', 'æ' → 'ae', 'œ' →
-- 'oe', 'ĳ' → 'ij', 'þ' → 'th': a trigram search is of a text, not of positions, and 'strasse' must find 'Straße').
-- translate() reads its whole list of letters for every character that is in none (every ASCII one): ~540
-- letters cost ~10 times the 48 of Spanish and Portuguese per row. So the function tells three texts apart by
-- their length in bytes and in characters, which differ only past ASCII: ASCII alone is only lowered; ASCII and
-- the Spanish letters are translated by those 48 as before; any other text by the whole list. Still a plain SQL
-- expression, IMMUTABLE, no extension (PGlite has no unaccent).
CREATE OR REPLACE FUNCTION campo_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(CASE
    WHEN octet_length($1) = length($1) THEN $1
    WHEN octet_length(translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')) = length($1) THEN translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc')
    ELSE replace(replace(replace(replace(replace(translate($1, 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƊƏƐƑƒƗƠơƯưƵƶǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳɃɄɓɗəɛɨʉḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẞẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ' || U&'\0300\0301\0302\0303\0304\0305\0306\0307\0308\0309\030a\030b\030c\030d\030e\030f\0310\0311\0312\0313\0314\0315\0316\0317\0318\0319\031a\031b\031c\031d\031e\031f\0320\0321\0322\0323\0324\0325\0326\0327\0328\0329\032a\032b\032c\032d\032e\032f\0330\0331\0332\0333\0334\0335\0336\0337\0338\0339\033a\033b\033c\033d\033e\033f\0340\0341\0342\0343\0344\0345\0346\0347\0348\0349\034a\034b\034c\034d\034e\034f\0350\0351\0352\0353\0354\0355\0356\0357\0358\0359\035a\035b\035c\035d\035e\035f\0360\0361\0362\0363\0364\0365\0366\0367\0368\0369\036a\036b\036c\036d\036e\036f', 'aaaaaaæceeeeiiiidnoooooouuuuyþaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiĳjjkkkllllllllllnnnnnnnnnooooooœrrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsbbdeeffioouuzzaaiioouuuuuuuuuuaaaaææggkkoooojggnnaaææooaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyybubdeeiuaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysßaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ĳ', 'ij'), 'þ', 'th')
  END)
$$;
--> statement-breakpoint
-- The folded columns are stored: a new fold refolds them only when they are computed again. Each is dropped
-- (its indexes with it) and added again, as 0010, 0014, 0028 and 0031 define it, and its indexes built again.
ALTER TABLE "clients" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (campo_fold(name || chr(10) || email || chr(10) || address)) STORED;--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(full_name || chr(10) || client_location_name)) STORED;--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "guidelines" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "guidelines" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "questionnaires" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "search_name" text GENERATED ALWAYS AS (campo_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_words", DROP COLUMN "search_text_words";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" text GENERATED ALWAYS AS (' ' || translate(campo_fold(names || ' ' || last_name), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))) STORED,
  ADD COLUMN "search_text_words" text GENERATED ALWAYS AS (' ' || translate(campo_fold(names || ' ' || last_name || ' ' || email), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))) STORED;--> statement-breakpoint
CREATE INDEX "clients_search_text_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_name_trgm_idx" ON "locations" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_name_trgm_idx" ON "projects" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guidelines_search_name_trgm_idx" ON "guidelines" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questionnaires_search_name_trgm_idx" ON "questionnaires" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_words_trgm_idx" ON "users" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_text_words_trgm_idx" ON "users" USING gin ("search_text_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_rol_name_order_idx" ON "users" USING btree ("rol_id", "names", "last_name", "id") INCLUDE ("status", "search_words");

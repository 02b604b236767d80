-- Every search of people (the pickers' `GET /users`, the web users list) matches each word typed against the
-- start of some word of the name (and e-mail, where it is searched), in any order: 'Ramirez Julieta' finds
-- 'Julieta Ramírez' (domain/people.ts, `personWords`). The folded name is stored broken into words, each after a
-- space (separators as `WORD_SEPARATORS`, a test holds them together), so a word is `like '% jul%'`: the trigram
-- index takes its word-start trigrams ('  j', ' ju'), and the pickers' name-order index carries it instead of
-- the folded name it carried (migration 0030). The columns searched before (`search_name`, `search_text`,
-- migration 0010) and their trigram indexes go: nothing else reads them.
DROP INDEX IF EXISTS "users_rol_name_order_idx";--> statement-breakpoint
DROP INDEX "users_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" text GENERATED ALWAYS AS (' ' || translate(campo_fold(names || ' ' || last_name), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text_words" text GENERATED ALWAYS AS (' ' || translate(campo_fold(names || ' ' || last_name || ' ' || email), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_words_trgm_idx" ON "users" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_text_words_trgm_idx" ON "users" USING gin ("search_text_words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_rol_name_order_idx" ON "users" USING btree ("rol_id", "names", "last_name", "id") INCLUDE ("status", "search_words");

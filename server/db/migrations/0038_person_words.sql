-- The pickers' search of people (`GET /users` with words typed) walked the role's names in order, testing each
-- person's words, until it had a page: 'juan' read the 23,000 Getters named A to J to find 51 (6 ms alone, 35 ms
-- at the 95th percentile under ten concurrent searches, BENCHMARKS.md). Each word of each person's name is now a
-- row of its own: a search reads the range of words that start with the longest word typed ('juan' to 'juao': its
-- 1,500 rows) and keeps the page's first in name order, or, for a word that many names hold ('m'), walks this table
-- in name order and stops at a page; the planner chooses by the range's size. A person with two words in the range
-- ('Juana Juanes') is read once: by the row of the first of them (`at`, where the word stands in search_words, is
-- where the search's word first stands there). Each row carries what the picker shows and filters by (role,
-- status, names, the words for the other words typed), so neither way reads the users table.
--
-- `word` is in byte order (COLLATE "C"): `like 'juan%'` is then a range of the index. `names` and `last_name` take
-- the collation of users' own (campo_es where PostgreSQL has ICU, migration 0014), so that a page here is in the
-- order of the users list. Words are cut at 100 characters (an index entry has a size limit; a name has at most
-- 100, domain/webUsers.ts): a longer word typed is cut the same way, and the whole words still decide.
DO $$
DECLARE
  coll text;
BEGIN
  SELECT quote_ident(c.collname) INTO coll
  FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
  WHERE a.attrelid = 'users'::regclass AND a.attname = 'names';
  EXECUTE format('CREATE TABLE "person_words" (
    "user_id" integer NOT NULL,
    "word" text COLLATE "C" NOT NULL,
    "at" integer NOT NULL,
    "rol_id" integer,
    "status" boolean NOT NULL,
    "names" text COLLATE %1$s NOT NULL,
    "last_name" text COLLATE %1$s NOT NULL,
    "search_words" text NOT NULL,
    CONSTRAINT "person_words_user_id_word_pk" PRIMARY KEY("user_id","word")
  )', coll);
END $$;
--> statement-breakpoint
ALTER TABLE "person_words" ADD CONSTRAINT "person_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Writes person_words anew for the people whose ids are between first_id and last_id: the triggers for one person,
-- this migration for everyone, the benchmark's bulk load (which runs without triggers) for its own. A migration
-- that changes how search_words is computed (as 0032 did) must call it for everyone after: the column is rebuilt
-- without firing the triggers.
CREATE FUNCTION campo_person_words_write(first_id integer, last_id integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM person_words WHERE user_id BETWEEN first_id AND last_id;
  INSERT INTO person_words (user_id, word, at, rol_id, status, names, last_name, search_words)
    SELECT u.id, w.word, w.at, u.rol_id, u.status, u.names, u.last_name, u.search_words
    FROM users u
    CROSS JOIN LATERAL (
      -- Each word where it first stands: the space before it, from 1 (search_words starts with one).
      SELECT left(x, 100) COLLATE "C" AS word, min(length(array_to_string(s.a[1:k - 1], ' ')) + 1) AS at
      FROM (SELECT string_to_array(u.search_words, ' ') AS a) s, unnest(s.a) WITH ORDINALITY AS t(x, k)
      WHERE x <> ''
      GROUP BY 1
    ) w
    WHERE u.id BETWEEN first_id AND last_id AND u.search_words IS NOT NULL;
$$;
--> statement-breakpoint
CREATE FUNCTION campo_person_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM campo_person_words_write(NEW.id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- After the row is written: the generated search_words is computed by then.
CREATE TRIGGER "users_person_words_insert" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION campo_person_words_sync();
--> statement-breakpoint
CREATE TRIGGER "users_person_words_update" AFTER UPDATE OF "names", "last_name", "status", "rol_id" ON "users" FOR EACH ROW
  WHEN (OLD.names IS DISTINCT FROM NEW.names OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.status IS DISTINCT FROM NEW.status OR OLD.rol_id IS DISTINCT FROM NEW.rol_id)
  EXECUTE FUNCTION campo_person_words_sync();
--> statement-breakpoint
SELECT campo_person_words_write(0, 2147483647);
--> statement-breakpoint
-- The range of a word, and the names in order: each carries the rest, so a page reads only its index.
CREATE INDEX "person_words_rol_word_idx" ON "person_words" USING btree ("rol_id", "word") INCLUDE ("at", "status", "names", "last_name", "user_id", "search_words");
--> statement-breakpoint
CREATE INDEX "person_words_rol_name_idx" ON "person_words" USING btree ("rol_id", "names", "last_name", "user_id") INCLUDE ("at", "status", "word", "search_words");
--> statement-breakpoint
ANALYZE "person_words";

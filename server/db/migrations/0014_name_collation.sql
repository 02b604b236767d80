-- Names sort the way people read them: 'Álamo' beside 'alfa' and 'ana' before 'Zeta', instead of byte
-- order (the databases here are created with the C collation: uppercase first, accented letters last).
-- The text columns that lists sort by take an ICU collation for Spanish. A server built without ICU keeps
-- byte order (the block does nothing). A column read by a generated column cannot change its collation,
-- so the folded search columns of migration 0010 are dropped and created again, with their indexes, and
-- so are the triggers that fire on updates of these columns (0003, 0005), unchanged.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i') THEN
    RAISE NOTICE 'PostgreSQL sin ICU: los nombres se ordenan byte a byte';
    RETURN;
  END IF;
  CREATE COLLATION IF NOT EXISTS campo_es (provider = icu, locale = 'es');
  ALTER TABLE clients DROP COLUMN search_text;
  ALTER TABLE locations DROP COLUMN search_name;
  ALTER TABLE projects DROP COLUMN search_name;
  ALTER TABLE users DROP COLUMN search_name, DROP COLUMN search_text;
  DROP TRIGGER users_sort_keys ON users;
  DROP TRIGGER clients_sort_keys ON clients;
  DROP TRIGGER locations_sort_keys ON locations;

  ALTER TABLE campaigns ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE characteristics ALTER COLUMN description TYPE text COLLATE campo_es;
  ALTER TABLE cities ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE client_types ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE clients ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE countries ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE features ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE guidelines ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE locations ALTER COLUMN full_name TYPE text COLLATE campo_es,
    ALTER COLUMN client_location_name TYPE text COLLATE campo_es;
  ALTER TABLE motives ALTER COLUMN motive TYPE text COLLATE campo_es, ALTER COLUMN description TYPE text COLLATE campo_es;
  ALTER TABLE move_configurations ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE projects ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE questionnaire_versions ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE questionnaires ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE states ALTER COLUMN name TYPE text COLLATE campo_es;
  ALTER TABLE tag_groups ALTER COLUMN group_name TYPE text COLLATE campo_es;
  ALTER TABLE user_moves ALTER COLUMN getter_sort_key TYPE text COLLATE campo_es,
    ALTER COLUMN agent_sort_key TYPE text COLLATE campo_es,
    ALTER COLUMN client_sort_key TYPE text COLLATE campo_es,
    ALTER COLUMN location_sort_key TYPE text COLLATE campo_es;
  ALTER TABLE users ALTER COLUMN names TYPE text COLLATE campo_es,
    ALTER COLUMN last_name TYPE text COLLATE campo_es;

  ALTER TABLE clients ADD COLUMN search_text text GENERATED ALWAYS AS (campo_fold(name || chr(10) || email || chr(10) || address)) STORED;
  ALTER TABLE locations ADD COLUMN search_name text GENERATED ALWAYS AS (campo_fold(full_name || chr(10) || client_location_name)) STORED;
  ALTER TABLE projects ADD COLUMN search_name text GENERATED ALWAYS AS (campo_fold(name)) STORED;
  ALTER TABLE users ADD COLUMN search_name text GENERATED ALWAYS AS (campo_fold(trim(names || ' ' || last_name))) STORED,
    ADD COLUMN search_text text GENERATED ALWAYS AS (campo_fold(trim(names || ' ' || last_name) || chr(10) || email)) STORED;
  CREATE TRIGGER users_sort_keys AFTER UPDATE OF names, last_name ON users
    FOR EACH ROW WHEN (OLD.names IS DISTINCT FROM NEW.names OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION campo_users_sort_keys();
  CREATE TRIGGER clients_sort_keys AFTER UPDATE OF name ON clients
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION campo_clients_sort_keys();
  CREATE TRIGGER locations_sort_keys AFTER UPDATE OF full_name, city_id ON locations
    FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.city_id IS DISTINCT FROM NEW.city_id)
    EXECUTE FUNCTION campo_locations_sort_keys();
  CREATE INDEX clients_search_text_trgm_idx ON clients USING gin (search_text gin_trgm_ops);
  CREATE INDEX locations_search_name_trgm_idx ON locations USING gin (search_name gin_trgm_ops);
  CREATE INDEX projects_search_name_trgm_idx ON projects USING gin (search_name gin_trgm_ops);
  CREATE INDEX users_search_name_trgm_idx ON users USING gin (search_name gin_trgm_ops);
  CREATE INDEX users_search_text_trgm_idx ON users USING gin (search_text gin_trgm_ops);
END $$;

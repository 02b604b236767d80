import { type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * A CUIT/CUIL's digits, however it was written: the expression `getter_profiles_cuit_digits_trgm_idx`
 * holds, so a search must use this very one for PostgreSQL to take the index.
 */
export const cuitDigitsOf = (cuit: SQLWrapper) => sql<string>`regexp_replace(${cuit}, '[^0-9]', '', 'g')`;

export const clientTypes = pgTable('client_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    telephone: text('telephone'),
    email: text('email').notNull(),
    imageUrl: text('image_url'),
    claimUrl: text('claim_url'),
    contactUrl: text('contact_url'),
    linkSurveyMonkey: text('link_survey_monkey'),
    checklist: boolean('checklist').notNull().default(false),
    typeId: integer('type_id').references(() => clientTypes.id),
    state: boolean('state').notNull().default(true),
    /** What the list's search reads: name, e-mail and address, folded (`campo_fold`, db/list.ts `matches`). */
    searchText: text('search_text').generatedAlwaysAs(sql`campo_fold(name || chr(10) || email || chr(10) || address)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clients_state_name_idx').on(t.state, t.name),
    index('clients_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('clients_name_lower_idx').on(sql`lower(${t.name})`),
    // The list's default order (name, then id): a page walks it instead of sorting every client.
    index('clients_name_id_idx').on(t.name, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    names: text('names').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    primaryPhone: text('primary_phone'),
    passwordHash: text('password_hash').notNull(),
    linkSurveyMonkey: text('link_survey_monkey'),
    rolId: integer('rol_id'),
    clientId: integer('client_id').references(() => clients.id),
    status: boolean('status').notNull().default(true),
    sendWhatsappNotification: boolean('send_whatsapp_notification').notNull().default(false),
    checkerAccessToken: text('checker_access_token'),
    checklistAccessUrl: text('checklist_access_url'),
    /**
     * What the people pickers search: the full name, folded and broken into words, each after a space
     * (' julieta ramirez'), so that `like '% ram%'` is "a word starting with ram" (domain/people.ts, migration 0031).
     */
    searchWords: text('search_words').generatedAlwaysAs(
      sql`' ' || translate(campo_fold(names || ' ' || last_name), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))`,
    ),
    /** What the web users' search reads: the full name and the e-mail, in words as `searchWords`. */
    searchTextWords: text('search_text_words').generatedAlwaysAs(
      sql`' ' || translate(campo_fold(names || ' ' || last_name || ' ' || email), '-''’.,;:_@+/()"&' || chr(9) || chr(10) || chr(13), repeat(' ', 18))`,
    ),
    /**
     * Access tokens issued before this instant are no longer good (server/guard.ts): set by a trigger
     * (migration 0012) whenever the status, the role or the client changes, whoever changes them.
     */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_rol_idx').on(t.rolId, t.status),
    // Also `users_rol_name_order_idx` (rol_id, names, last_name, id) INCLUDE (status, search_words), written
    // by hand in migrations 0030 and 0031 (drizzle cannot declare INCLUDE): the people pickers' page in name order.
    index('users_client_idx').on(t.clientId),
    // Searches of people by the start of their words, blind to case and accents (migration 0031): the
    // web users' (full name and e-mail) and the pickers' (full name).
    index('users_search_words_trgm_idx').using('gin', sql`${t.searchWords} gin_trgm_ops`),
    index('users_search_text_words_trgm_idx').using('gin', sql`${t.searchTextWords} gin_trgm_ops`),
  ],
);

/**
 * Each word of each person's name, with what the pickers show and filter by (migration 0038, kept by the
 * triggers on users): a search of people finds the few holding a word that starts with the longest word
 * typed by a range of `word`, instead of walking the role's names in order until enough match ('juan'
 * walked 23,000 Getters named A to J; here it reads its 1,500). `word` is in byte order (COLLATE "C", so
 * that `like 'juan%'` is a range); `names` and `last_name` take the collation of users' own, so a page
 * here sorts as the users list does. Written by hand in the migration: drizzle declares no collation nor
 * INCLUDE. Nothing writes here but `campo_person_words_write` (the triggers', the benchmark's bulk load's).
 */
export const personWords = pgTable(
  'person_words',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** Where the word first stands in `search_words` (the space before it, from 1): `position(' ' || word in search_words)`. */
    at: integer('at').notNull(),
    rolId: integer('rol_id'),
    status: boolean('status').notNull(),
    names: text('names').notNull(),
    lastName: text('last_name').notNull(),
    searchWords: text('search_words').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);

/** Permissions by user and action (spec 3: users_actions). */
export const userActions = pgTable('user_actions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  actionId: integer('action_id').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Refresh tokens, stored hashed; a family is one login, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.family),
    // The guard's read of a user's families ended within an access token's life (server/guard.ts).
    index('refresh_tokens_revoked_idx').on(t.userId, t.revokedAt).where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/** Password-reset tokens: hashed, single use, one hour. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reset_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * The per-e-mail limits of the session routes (failed logins, restore mails): one row per event, `kind`
 * naming the limit, `email_key` the e-mail as the accounts are looked up (trimmed, lower case). In the
 * database, so that every instance behind a balancer counts the same events (in each process's memory,
 * N instances allowed N times the limit). Each check prunes its e-mail's old rows; each instance, now and
 * then, every e-mail's (`EmailWindow`).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    kind: text('kind').notNull(),
    emailKey: text('email_key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_key_idx').on(t.kind, t.emailKey, t.at), index('auth_attempts_at_idx').on(t.at)],
);

/**
 * The per-IP limit of the session routes (`AUTH_RATE_LIMIT` requests a minute to each route): one row per
 * route and address, a fixed window that starts with its first request. In the database, like
 * `auth_attempts`, so that N instances behind a balancer allow the limit once, not N times. Each instance
 * drops the windows that ended, now and then (`services/rateStore.ts`).
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_windows_started_idx').on(t.startedAt)],
);

/** Mail that the local adapter "sends": what each recipient would receive. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id)],
);

/** Who did what, when and why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Guidelines (instructivos): every edit inserts a new version and ends the validity of the old one.
 * The versions of one guideline share `sequence_id` (the id of the first); one version is current.
 */
export const guidelines = pgTable(
  'guidelines',
  {
    id: serial('id').primaryKey(),
    sequenceId: integer('sequence_id').notNull(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    generalities: text('generalities').notNull(),
    generalitiesVideo: text('generalities_video'),
    generalitiesImg: text('generalities_img'),
    beforeWork: text('before_work').notNull(),
    beforeWorkVideo: text('before_work_video'),
    beforeWorkImg: text('before_work_img'),
    duringWork: text('during_work').notNull(),
    duringWorkVideo: text('during_work_video'),
    duringWorkImg: text('during_work_img'),
    afterWork: text('after_work').notNull(),
    afterWorkVideo: text('after_work_video'),
    afterWorkImg: text('after_work_img'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What the searches by name read (the bank's, the project form's picker): the name, folded (`campo_fold`, db/list.ts `matchesFolded`). */
    searchName: text('search_name').generatedAlwaysAs(sql`campo_fold(name)`),
  },
  (t) => [
    uniqueIndex('guidelines_sequence_version_uq').on(t.sequenceId, t.version),
    uniqueIndex('guidelines_sequence_current_uq').on(t.sequenceId).where(sql`${t.deletedAt} is null`),
    index('guidelines_name_idx').on(t.name, t.id),
    index('guidelines_created_idx').on(t.createdAt, t.id),
    index('guidelines_current_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('guidelines_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/** Tag groups: a name and its key/value pairs (a short list, kept as JSONB). */
export const tagGroups = pgTable(
  'tag_groups',
  {
    id: serial('id').primaryKey(),
    groupName: text('group_name').notNull(),
    keysValues: jsonb('keys_values').$type<{ key: string; value: string }[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tag_groups_name_lower_uq').on(sql`lower(${t.groupName})`),
    index('tag_groups_active_name_idx').on(t.active, t.groupName, t.id),
    index('tag_groups_created_idx').on(t.createdAt, t.id),
  ],
);

/** Motives: the reasons given when a move is rejected or observed. */
export const motives = pgTable(
  'motives',
  {
    id: serial('id').primaryKey(),
    motive: text('motive').notNull(),
    description: text('description'),
    requiresUserComment: boolean('requires_user_comment').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('motives_active_motive_idx').on(t.isActive, t.motive, t.id), index('motives_created_idx').on(t.createdAt, t.id)],
);

/** The characteristics bank: disabled while deleted_at is set. */
export const characteristics = pgTable(
  'characteristics',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('characteristics_description_idx').on(t.description, t.id), index('characteristics_deleted_idx').on(t.deletedAt, t.id)],
);

/** Countries, states (provinces) and cities: the reference data of a location's address. */
export const countries = pgTable('countries', { id: serial('id').primaryKey(), name: text('name').notNull() }, (t) => [
  uniqueIndex('countries_name_uq').on(t.name),
]);

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_name_uq').on(t.countryId, t.name), unique('states_id_country_uq').on(t.id, t.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_state_name_uq').on(t.stateId, t.name), unique('cities_id_state_uq').on(t.id, t.stateId)],
);

/** Points of sale (branch offices) of a client. `code` is the server's, derived from the id. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .generatedAlwaysAs(sql`'PV-' || lpad(id::text, 6, '0')`),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    fullName: text('full_name').notNull(),
    clientLocationName: text('client_location_name').notNull(),
    /**
     * What the moves list's search by point of sale reads: its two names and the client's own code for it
     * ('CAF-001', what the client's report and complaints name it by), folded (`campo_fold`).
     */
    searchName: text('search_name').generatedAlwaysAs(sql`campo_fold(full_name || chr(10) || client_location_name || chr(10) || coalesce(client_location_id, ''))`),
    clientLocationId: text('client_location_id'),
    telephone: text('telephone').notNull(),
    street: text('street').notNull(),
    zone: text('zone'),
    countryId: integer('country_id').notNull(),
    stateId: integer('state_id').notNull(),
    cityId: integer('city_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    linkSurveyMonkey: text('link_survey_monkey'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    executive: text('executive').notNull(),
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    manager: text('manager').notNull(),
    emailManager: text('email_manager').notNull(),
    emailExecutive: text('email_executive').notNull(),
    emailToNullCase: text('email_to_null_case'),
    workDays: text('work_days').notNull(),
    openingHours: text('opening_hours').notNull(),
    closingHours: text('closing_hours').notNull(),
    observation: text('observation'),
    locationInformation: text('location_information'),
    comments: text('comments'),
    branchInformation: text('branch_information'),
    keysValues: jsonb('keys_values').$type<{ key: string; value: string }[]>().notNull().default([]),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The city lies in the state and the state in the country: two composite keys say both (and
    // cost the bulk load two checks per row, not three).
    foreignKey({ name: 'locations_city_state_fk', columns: [t.cityId, t.stateId], foreignColumns: [cities.id, cities.stateId] }),
    foreignKey({ name: 'locations_state_country_fk', columns: [t.stateId, t.countryId], foreignColumns: [states.id, states.countryId] }),
    index('locations_client_name_idx').on(t.clientId, t.fullName, t.id),
    uniqueIndex('locations_client_code_uq').on(t.clientId, t.clientLocationId),
    // The code is unique within its client regardless of capitals and surrounding spaces (migration
    // 0013 defines campo_code_fold, 0033 widens it to every Latin alphabet; domain/locations.ts
    // `foldLocationCode` is the same rule).
    uniqueIndex('locations_client_code_fold_uq').on(t.clientId, sql`campo_code_fold(${t.clientLocationId})`),
    // A franchise user sees only the locations it owns (reports, spec 1 §6).
    index('locations_owner_idx').on(t.ownerId),
    // The moves list's city filter.
    index('locations_city_idx').on(t.cityId),
    // The points-of-sale list across clients, in its default order (by name).
    index('locations_full_name_idx').on(t.fullName, t.id),
    // Searches inside the text: trigram indexes (pg_trgm); the names' on their folded column (migration
    // 0010), the code's for its regex (~*).
    index('locations_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('locations_client_location_id_trgm_idx').using('gin', sql`${t.clientLocationId} gin_trgm_ops`),
  ],
);

/** Zone managers (role 15) of a location. */
export const locationZoneManagers = pgTable(
  'location_zone_managers',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.userId] }), index('location_zone_managers_user_idx').on(t.userId)],
);

/** Client attributes (features) and their values; one value may be the default. */
export const features = pgTable(
  'features',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('features_client_name_idx').on(t.clientId, t.name, t.id), index('features_name_idx').on(t.name, t.id)],
);

export const featureValues = pgTable(
  'feature_values',
  {
    id: serial('id').primaryKey(),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('feature_values_feature_idx').on(t.featureId, t.id), unique('feature_values_id_feature_uq').on(t.id, t.featureId)],
);

/** The attribute values of a location: one per attribute. */
export const locationFeatureValues = pgTable(
  'location_feature_values',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id').notNull(),
    featureValueId: integer('feature_value_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.featureId] }),
    // The value belongs to the attribute: one composite key checks both.
    foreignKey({ name: 'location_feature_values_value_fk', columns: [t.featureValueId, t.featureId], foreignColumns: [featureValues.id, featureValues.featureId] }),
    index('location_feature_values_value_idx').on(t.featureValueId),
  ],
);

/** The supporting lists of move configurations. */
export const moveTypes = pgTable('move_types', { id: serial('id').primaryKey(), name: text('name').notNull() });
export const moveCategories = pgTable('move_categories', { id: serial('id').primaryKey(), name: text('name').notNull() });

/** Move configurations: types and categories are ordered id lists (the first category decides the price). */
export const moveConfigurations = pgTable(
  'move_configurations',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .generatedAlwaysAs(sql`'MC-' || lpad(id::text, 4, '0')`),
    name: text('name').notNull(),
    points: doublePrecision('points').notNull(),
    minutesDuration: doublePrecision('minutes_duration').notNull(),
    consumptionPayment: boolean('consumption_payment').notNull().default(false),
    needsVideoRecording: boolean('needs_video_recording').notNull().default(false),
    needsAudioRecording: boolean('needs_audio_recording').notNull().default(false),
    needsCheckList: boolean('needs_check_list').notNull().default(false),
    status: boolean('status').notNull().default(true),
    moveTypes: integer('move_types').array().notNull().default(sql`'{}'::integer[]`),
    category: integer('category').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('move_configurations_name_idx').on(t.name)],
);

/** Questionnaires: the row the list shows; each save adds a questionnaire_versions row. */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial('id').primaryKey(),
    /** The last version's name (the list sorts and searches it here). */
    name: text('name').notNull(),
    /** The last version's questionnaire_version_type: 'Básico' or 'Complejo'. */
    type: text('type').notNull(),
    /** The highest version not removed: what the list shows and the editor opens. */
    lastVersion: integer('last_version').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    /** Set when its last version was removed: it leaves the list, its versions stay for the moves. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the searches by name read (the list's, the project form's picker): the name, folded (`campo_fold`, db/list.ts `matchesFolded`). */
    searchName: text('search_name').generatedAlwaysAs(sql`campo_fold(name)`),
  },
  (t) => [
    index('questionnaires_created_at_idx').on(t.createdAt, t.id),
    index('questionnaires_name_lower_idx').on(sql`lower(${t.name})`),
    index('questionnaires_last_version_idx').on(t.lastVersion),
    index('questionnaires_updated_by_idx').on(t.updatedBy),
    index('questionnaires_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

/** One saved version: its content (dimensions…) never changes once written. */
export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The questionnaire's name and type as this version saved them. */
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** `{ dimensions }`, the tree as the editor saved it. */
    content: jsonb('content').notNull(),
    questionCount: integer('question_count').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** "Quitar última versión": the version leaves the editor, its content stays for the moves that used it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('questionnaire_versions_questionnaire_version_uq').on(t.questionnaireId, t.version)],
);

/**
 * Projects (spec 3): a client's work within one of its campaigns, between two dates, on a set of
 * locations (project_locations) with visit ranges. The API requires every field; the columns stay
 * nullable (the dates default to today) so that tests of other areas may insert a bare project.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** What the list's search reads: the name, folded (`campo_fold`). */
    searchName: text('search_name').generatedAlwaysAs(sql`campo_fold(name)`),
    clientId: integer('client_id').references(() => clients.id),
    campaignId: integer('campaign_id').references(() => campaigns.id),
    moveConfigurationId: integer('move_configuration_id').references(() => moveConfigurations.id),
    /** The questionnaire its moves answer: while set, that questionnaire keeps at least one version. */
    questionnaireId: integer('questionnaire_id').references(() => questionnaires.id),
    /** A guideline version: editing the guideline makes a new version, the project keeps this one. */
    guidelineId: integer('guideline_id').references(() => guidelines.id),
    /** Date only; the project is past (locked but for its end date) once end_date is before today. */
    startDate: date('start_date', { mode: 'string' }).notNull().default(sql`current_date`),
    endDate: date('end_date', { mode: 'string' }).notNull().default(sql`current_date`),
    /** Exact decimal; set when the move configuration's first category is 1. */
    price: numeric('price', { precision: 12, scale: 2 }),
    mandatoryProduct: text('mandatory_product'),
    alternativeProduct: text('alternative_product'),
    audioAttachment: boolean('audio_attachment').notNull().default(false),
    /** Fixed once the project exists. */
    campoRemote: boolean('campo_remote').notNull().default(false),
    autoApprovalRequired: boolean('auto_approval_required').notNull().default(false),
    /** The last reason given to extend the project past its end (project_update_logs keeps them all). */
    updateReason: text('update_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_move_configuration_idx').on(t.moveConfigurationId),
    index('projects_client_idx').on(t.clientId),
    index('projects_questionnaire_idx').on(t.questionnaireId),
    index('projects_campaign_idx').on(t.campaignId),
    index('projects_guideline_idx').on(t.guidelineId),
    index('projects_name_lower_idx').on(sql`lower(${t.name})`),
    // The project picker's first page walks it by name instead of sorting every project (5,000: ~8 ms).
    index('projects_name_idx').on(t.name, t.id),
    index('projects_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('projects_start_idx').on(t.startDate, t.id),
    index('projects_end_idx').on(t.endDate, t.id),
  ],
);

/** Every extension of a past project: who, when, from which end date to which, and why. */
export const projectUpdateLogs = pgTable(
  'project_update_logs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    oldExpirationDate: date('old_expiration_date', { mode: 'string' }).notNull(),
    newExpirationDate: date('new_expiration_date', { mode: 'string' }).notNull(),
    updateReason: text('update_reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_update_logs_project_idx').on(t.projectId, t.createdAt, t.id)],
);

/** Campaigns: a client's period of work; disabled while deleted_at is set (spec 3 §4). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_client_end_idx').on(t.clientId, t.endDate),
    index('campaigns_name_idx').on(t.name, t.id),
    index('campaigns_start_idx').on(t.startDate, t.id),
  ],
);

/* ───────────── Projects' locations and visits, moves, replies, payments (issues 5, 6, 7) ───────────── */

/** A location taking part in a project. */
export const projectLocations = pgTable(
  'project_locations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_locations_project_location_uq').on(t.projectId, t.locationId),
    index('project_locations_location_idx').on(t.locationId),
    // A project's location ids by an index-only scan (the projects list counts locations and available visits).
    index('project_locations_project_idx').on(t.projectId, t.id),
  ],
);

/** Visit ranges of a project location: `visits` visits to do between `from` and `to`. */
export const projectVisitRanges = pgTable(
  'project_visit_ranges',
  {
    id: serial('id').primaryKey(),
    projectLocationId: integer('project_location_id')
      .notNull()
      .references(() => projectLocations.id, { onDelete: 'cascade' }),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [index('project_visit_ranges_project_location_idx').on(t.projectLocationId)],
);

/**
 * A visit to be done (the stock's "pedido"): created with its project, published for the Getters.
 * `state` is PUBLICADA until a move takes it (TOMADA); a cancelled move publishes it again as
 * PUBLICADA_POR_CANCELACION.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    projectLocationId: integer('project_location_id')
      .notNull()
      .references(() => projectLocations.id, { onDelete: 'cascade' }),
    visitRangeId: integer('visit_range_id').references(() => projectVisitRanges.id, { onDelete: 'set null' }),
    dueFrom: date('due_from', { mode: 'string' }).notNull(),
    dueTo: date('due_to', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('PUBLICADA'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Until when it can be assigned: its project's end date while its point of sale is active, else null
     * (the stock's `assignable` rule is `assignable_until >= today`). Kept by triggers (migration 0043) on
     * this table, projects, locations and project_locations.
     */
    assignableUntil: date('assignable_until', { mode: 'string' }),
  },
  (t) => [
    index('visits_state_idx').on(t.state, t.projectLocationId),
    index('visits_project_location_idx').on(t.projectLocationId, t.dueFrom),
    // Removing a visit range sets its visits' visit_range_id to null: the index keeps that cheap.
    index('visits_range_idx').on(t.visitRangeId),
    // The stock lists published visits by state in id order (keyset paging).
    index('visits_state_id_idx').on(t.state, t.id),
    // A project location's available visits in one index-only probe (the projects list's availableVisits).
    index('visits_available_project_location_idx')
      .on(t.projectLocationId)
      .where(sql`${t.state} in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')`),
    // The stock sorted by 'Fecha límite' (migration 0040): its published visits in due-date order.
    index('visits_published_due_idx')
      .on(t.dueTo, t.id)
      .where(sql`${t.state} in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')`),
    // What can be assigned (migration 0043): the range `assignable_until >= today`, with the keys a sorted
    // or counted stock reads, index-only.
    index('visits_assignable_idx')
      .on(t.assignableUntil, t.dueTo, t.id)
      .where(sql`${t.state} in ('PUBLICADA', 'PUBLICADA_POR_CANCELACION')`),
  ],
);

/** A move: one Getter's visit, reviewed by a quality agent. Its status log is move_status_logs. */
export const userMoves = pgTable(
  'user_moves',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .generatedAlwaysAs(sql`'M-' || lpad(id::text, 7, '0')`),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    projectLocationId: integer('project_location_id')
      .notNull()
      .references(() => projectLocations.id),
    status: text('status').notNull(),
    /** The Getter who does it (role 7). */
    userId: integer('user_id').references(() => users.id),
    assignedAgentId: integer('assigned_agent_id').references(() => users.id),
    rescueUserId: integer('rescue_user_id').references(() => users.id),
    /** The questionnaire version it is answered with: its score is computed from that version. */
    questionnaireVersionId: integer('questionnaire_version_id').references(() => questionnaireVersions.id),
    /** The move this one republishes (republish is allowed once). */
    republishedFromId: integer('republished_from_id'),
    videoLink: text('video_link'),
    audioLink: text('audio_link'),
    questionnaireResult: numeric('questionnaire_result', { precision: 6, scale: 2 }),
    /** Each scored dimension's result, written on approval (domain/statistics.ts): the dashboard aggregates it in SQL. */
    dimensionResults: jsonb('dimension_results').$type<{ id: string; name: string; result: number }[]>(),
    returnReason: text('return_reason'),
    rejectionReason: text('rejection_reason'),
    disapprovedReason: text('disapproved_reason'),
    cancelReason: text('cancel_reason'),
    editReason: text('edit_reason'),
    startAuditDate: timestamp('start_audit_date', { withTimezone: true }),
    completedAuditDate: timestamp('completed_audit_date', { withTimezone: true }),
    finishAnalysisDate: timestamp('finish_analysis_date', { withTimezone: true }),
    dueTo: date('due_to', { mode: 'string' }),
    /**
     * When the visit it took had been published (migration 0044): the stock report's 'Publicada' of the move.
     * The visit's own date moves on when a cancellation publishes it again.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Until when it can be assigned, as visits.assignable_until (migration 0043). */
    assignableUntil: date('assignable_until', { mode: 'string' }),
    attachmentsCount: integer('attachments_count').notNull().default(0),
    /**
     * The list's sort keys by a joined name (lower-cased, as the list compares them): sorting a million
     * moves by their Getter's name through the join reads them all (~2–5 s); stored and indexed, a page
     * is an index walk. Kept by triggers (migration 0003) on this table and on the names' own tables.
     */
    getterSortKey: text('getter_sort_key'),
    agentSortKey: text('agent_sort_key'),
    clientSortKey: text('client_sort_key'),
    locationSortKey: text('location_sort_key'),
    /** Its point of sale's city, kept by the same triggers (migration 0005): the list's city filter walks (city_id, id). */
    cityId: integer('city_id'),
    /** Optimistic concurrency: every action sets version = version + 1 where version = the one read. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_moves_code_uq').on(t.code),
    index('user_moves_status_idx').on(t.status, t.id),
    // With the id: a place filter's page of ids and its count read only the index.
    index('user_moves_project_location_id_idx').on(t.projectLocationId, t.id),
    index('user_moves_user_idx').on(t.userId, t.id),
    index('user_moves_agent_idx').on(t.assignedAgentId, t.id),
    // The list's 'Sin agente' with a status (migration 0036): the moves no agent holds, by status then id.
    index('user_moves_no_agent_status_idx').on(t.status, t.id).where(sql`${t.assignedAgentId} is null`),
    // The stock sorted by 'Fecha límite' (migration 0040): its moves (Asignada, Disponible) in due-date order.
    index('user_moves_stock_due_idx').on(t.dueTo, t.id).where(sql`${t.status} in ('ASIGNADA', 'DISPONIBLE')`),
    // Its moves that can be assigned (migration 0043), as visits_assignable_idx.
    index('user_moves_assignable_idx').on(t.assignableUntil, t.dueTo, t.id).where(sql`${t.status} in ('ASIGNADA', 'DISPONIBLE')`),
    // A client's or a project's stock (migration 0045): its places' moves of the stock, and until when each can be
    // assigned, without reading the places' other moves (as visits_available_project_location_idx for visits).
    index('user_moves_stock_place_idx').on(t.projectLocationId, t.assignableUntil).where(sql`${t.status} in ('ASIGNADA', 'DISPONIBLE')`),
    index('user_moves_finish_idx').on(t.finishAnalysisDate),
    uniqueIndex('user_moves_republished_from_uq').on(t.republishedFromId),
    // The list's date range and its default order; the performance report's visit dates; cancel and stock by visit.
    index('user_moves_created_idx').on(t.createdAt, t.id),
    index('user_moves_status_completed_idx').on(t.status, t.completedAuditDate),
    index('user_moves_visit_idx').on(t.visitId),
    // 'Quitar última versión' says how many moves hold the version it removes (migration 0042).
    index('user_moves_questionnaire_version_idx').on(t.questionnaireVersionId),
    // The client side: approved moves of a project's locations (statistics), by visit date (performance report).
    index('user_moves_status_pl_completed_idx').on(t.status, t.projectLocationId, t.completedAuditDate),
    // The list sorted by status (services/moves/queries.ts STATUS_ORDER, the same expression).
    index('user_moves_status_order_idx').on(
      sql`array_position(array['DISPONIBLE','ASIGNADA','INICIADA','PAUSADA','CANCELADA','EN_REVISION','APROBADA','DESAPROBADA','RECHAZADA','DEVUELTA'], ${t.status})`,
      t.id,
    ),
    index('user_moves_getter_sort_idx').on(t.getterSortKey, t.id),
    index('user_moves_agent_sort_idx').on(t.agentSortKey, t.id),
    index('user_moves_client_sort_idx').on(t.clientSortKey, t.id),
    index('user_moves_location_sort_idx').on(t.locationSortKey, t.id),
    index('user_moves_city_idx').on(t.cityId, t.id),
  ],
);

/** Every status a move went through: status, createdAt, finishedAt (null while current). */
export const moveStatusLogs = pgTable(
  'move_status_logs',
  {
    id: serial('id').primaryKey(),
    userMoveId: integer('user_move_id')
      .notNull()
      .references(() => userMoves.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    userId: integer('user_id').references(() => users.id),
    reason: text('reason'),
    /** The bank's motive a rejection, disapproval or return was given with (migration 0022); motives are never deleted. */
    motiveId: integer('motive_id').references(() => motives.id),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('move_status_logs_move_idx').on(t.userMoveId, t.createdAt), index('move_status_logs_status_idx').on(t.status, t.createdAt)],
);

/**
 * The answered questionnaire of a move (the legacy questionnaires-replyeds): one row by the Getter
 * and, when a quality agent edits it, one row `byAgent`. `replies` holds, per question id,
 * { replyData, replyObservation, weighting, evidences, hasToEdit }.
 */
export const moveReplies = pgTable(
  'move_replies',
  {
    id: serial('id').primaryKey(),
    userMoveId: integer('user_move_id')
      .notNull()
      .references(() => userMoves.id, { onDelete: 'cascade' }),
    byAgent: boolean('by_agent').notNull().default(false),
    replies: jsonb('replies').notNull(),
    questionnaireResult: numeric('questionnaire_result', { precision: 6, scale: 2 }),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('move_replies_move_agent_uq').on(t.userMoveId, t.byAgent)],
);

/** Attachments of a move: a file in our store (`storageKey`) or an external link. */
export const moveAttachments = pgTable(
  'move_attachments',
  {
    id: serial('id').primaryKey(),
    userMoveId: integer('user_move_id')
      .notNull()
      .references(() => userMoves.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    durationInSeconds: integer('duration_in_seconds'),
    storageKey: text('storage_key'),
    externalUrl: text('external_url'),
    createdAt: createdAt(),
  },
  (t) => [index('move_attachments_move_idx').on(t.userMoveId, t.type)],
);

/** A Getter's payment data (spec 2 "Getter": profile.cuitCuil, mercadoPago, cbu). */
export const getterProfiles = pgTable(
  'getter_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cuitCuil: text('cuit_cuil'),
    mercadoPago: text('mercado_pago'),
    cbu: text('cbu'),
  },
  // The payers find a Getter by the CUIT/CUIL's digits, however it was written (dashes, dots, spaces).
  (t) => [index('getter_profiles_cuit_digits_trgm_idx').using('gin', sql`${cuitDigitsOf(t.cuitCuil)} gin_trgm_ops`)],
);

/** A Getter's account: what the platform owes and paid. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_user_uq').on(t.userId)],
);

/**
 * Money owed to a Getter for an approved move (PENDING) and its payment (PAID, with date and
 * operation code). Exact decimal, never a float. A move creates at most one transaction.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userMoveId: integer('user_move_id').references(() => userMoves.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull().default('PENDING'),
    transactionDate: timestamp('transaction_date', { withTimezone: true }),
    operationCode: text('operation_code'),
    paidBy: integer('paid_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_move_uq').on(t.userMoveId),
    index('transactions_account_status_idx').on(t.accountId, t.status, t.createdAt),
    index('transactions_status_date_idx').on(t.status, t.transactionDate),
    // The pending list: by status, in order of approval (when the amount became owed).
    index('transactions_status_created_idx').on(t.status, t.createdAt, t.id),
    // A payment looks its operation number up among those of other accounts (one transfer, one account).
    index('transactions_operation_code_idx')
      .on(t.operationCode, t.accountId)
      .where(sql`${t.operationCode} is not null`),
  ],
);

/**
 * The transactions' count and amount by status and Argentine day (PENDING: the day it became owed;
 * PAID: the day it was paid; '-infinity' when it has no date). Kept by statement triggers on
 * transactions (migration 0004): the payments lists' totals over 300,000 transactions read a few
 * hundred rows here instead of every transaction of the filter.
 */
export const transactionDayTotals = pgTable(
  'transaction_day_totals',
  {
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.day] })],
);

/** Getters' FCM registration tokens (the mobile app registers them; a token the provider reports unregistered is deleted). */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_tokens_token_uq').on(t.token), index('device_tokens_user_idx').on(t.userId)],
);

/** The push history's 'Estado' in the order its words read: Enviado (SENT), Enviando (SENDING), Error. */
export const pushStatusRank = (status: SQLWrapper) => sql`(case ${status} when 'SENT' then 1 when 'SENDING' then 2 else 3 end)`;

/** A push notification sent from the console, with its totals (the history, sorted by any of its columns). */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Devices the message was sent to ('Usuarios Seleccionados'). */
    totalMessages: integer('total_messages').notNull().default(0),
    successfulMessages: integer('successful_messages').notNull().default(0),
    removedTokens: integer('removed_tokens').notNull().default(0),
    /** Devices handled so far while it goes out (the progress the console shows). */
    processedMessages: integer('processed_messages').notNull().default(0),
    /** Sends refused for another reason than a dead token. */
    failedMessages: integer('failed_messages').notNull().default(0),
    /** SENDING while it goes out, then SENT, or ERROR when the provider failed (totals stay 0). */
    status: text('status').notNull().default('SENDING'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    /** Touched while it goes out: a SENDING row left untouched was cut off (its server stopped). */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('push_messages_created_idx').on(t.createdAt, t.id),
    // The history sorts by each of its columns (spec 1 §2.2): a page is the index's first rows.
    index('push_messages_title_idx').on(t.title, t.id),
    index('push_messages_body_idx').on(t.body, t.id),
    index('push_messages_total_idx').on(t.totalMessages, t.id),
    index('push_messages_successful_idx').on(t.successfulMessages, t.id),
    index('push_messages_removed_idx').on(t.removedTokens, t.id),
    index('push_messages_status_idx').on(pushStatusRank(t.status), t.id),
  ],
);

/** What each device would receive, written by the local push adapter (no FCM configured). */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => pushMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    token: text('token').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_message_idx').on(t.messageId)],
);

/**
 * A write sent again with the same `Idempotency-Key` (the console's retry after an answer it never got)
 * answers what the first one did instead of doing it twice (services/requestKeys.ts). Written in the
 * write's own transaction, so a refused or failed write leaves no key behind; kept a day.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method and address the key was used on ('POST /api/user-moves/massive-locations', 'PUT /api/features/12'). */
    request: text('request').notNull(),
    /** SHA-256 of the body: the same key with other data is refused, not answered with the first one's result. */
    bodyHash: text('body_hash').notNull(),
    /** What the first request answered (its success status is the route's own). */
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  // Keys past their day are found by their date (services/requestKeys.ts sweeps a few at each keyed write).
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('request_keys_created_idx').on(t.createdAt)],
);

CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "characteristics" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cities_id_state_uq" UNIQUE("id","state_id")
);
--> statement-breakpoint
CREATE TABLE "client_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"telephone" text,
	"email" text NOT NULL,
	"image_url" text,
	"claim_url" text,
	"contact_url" text,
	"link_survey_monkey" text,
	"checklist" boolean DEFAULT false NOT NULL,
	"type_id" integer,
	"state" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature_id" integer NOT NULL,
	"value" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "feature_values_id_feature_uq" UNIQUE("id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "getter_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cuit_cuil" text,
	"mercado_pago" text,
	"cbu" text
);
--> statement-breakpoint
CREATE TABLE "guidelines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sequence_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"generalities" text NOT NULL,
	"generalities_video" text,
	"generalities_img" text,
	"before_work" text NOT NULL,
	"before_work_video" text,
	"before_work_img" text,
	"during_work" text NOT NULL,
	"during_work_video" text,
	"during_work_img" text,
	"after_work" text NOT NULL,
	"after_work_video" text,
	"after_work_img" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "location_feature_values" (
	"location_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"feature_value_id" integer NOT NULL,
	CONSTRAINT "location_feature_values_location_id_feature_id_pk" PRIMARY KEY("location_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "location_zone_managers" (
	"location_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "location_zone_managers_location_id_user_id_pk" PRIMARY KEY("location_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('PV-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"client_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"client_location_name" text NOT NULL,
	"client_location_id" text,
	"telephone" text NOT NULL,
	"street" text NOT NULL,
	"zone" text,
	"country_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"link_survey_monkey" text,
	"owner_id" integer,
	"executive" text NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"manager" text NOT NULL,
	"email_manager" text NOT NULL,
	"email_executive" text NOT NULL,
	"email_to_null_case" text,
	"work_days" text NOT NULL,
	"opening_hours" text NOT NULL,
	"closing_hours" text NOT NULL,
	"observation" text,
	"location_information" text,
	"comments" text,
	"branch_information" text,
	"keys_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motives" (
	"id" serial PRIMARY KEY NOT NULL,
	"motive" text NOT NULL,
	"description" text,
	"requires_user_comment" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_move_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"duration_in_seconds" integer,
	"storage_key" text,
	"external_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('MC-' || lpad(id::text, 4, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"points" double precision NOT NULL,
	"minutes_duration" double precision NOT NULL,
	"consumption_payment" boolean DEFAULT false NOT NULL,
	"needs_video_recording" boolean DEFAULT false NOT NULL,
	"needs_audio_recording" boolean DEFAULT false NOT NULL,
	"needs_check_list" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"move_types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_move_id" integer NOT NULL,
	"by_agent" boolean DEFAULT false NOT NULL,
	"replies" jsonb NOT NULL,
	"questionnaire_result" numeric(6, 2),
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_status_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_move_id" integer NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "move_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_update_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"old_expiration_date" date NOT NULL,
	"new_expiration_date" date NOT NULL,
	"update_reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_visit_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_location_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"visits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" integer,
	"campaign_id" integer,
	"move_configuration_id" integer,
	"questionnaire_id" integer,
	"guideline_id" integer,
	"start_date" date DEFAULT current_date NOT NULL,
	"end_date" date DEFAULT current_date NOT NULL,
	"price" numeric(12, 2),
	"mandatory_product" text,
	"alternative_product" text,
	"audio_attachment" boolean DEFAULT false NOT NULL,
	"campo_remote" boolean DEFAULT false NOT NULL,
	"auto_approval_required" boolean DEFAULT false NOT NULL,
	"update_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"successful_messages" integer DEFAULT 0 NOT NULL,
	"removed_tokens" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'SENDING' NOT NULL,
	"sent_by" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"last_version" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "states_id_country_uq" UNIQUE("id","country_id")
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"keys_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_move_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"transaction_date" timestamp with time zone,
	"operation_code" text,
	"paid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text GENERATED ALWAYS AS ('M-' || lpad(id::text, 7, '0')) STORED NOT NULL,
	"visit_id" integer,
	"project_location_id" integer NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"assigned_agent_id" integer,
	"rescue_user_id" integer,
	"questionnaire_version_id" integer,
	"republished_from_id" integer,
	"video_link" text,
	"audio_link" text,
	"questionnaire_result" numeric(6, 2),
	"dimension_results" jsonb,
	"return_reason" text,
	"rejection_reason" text,
	"disapproved_reason" text,
	"cancel_reason" text,
	"edit_reason" text,
	"start_audit_date" timestamp with time zone,
	"completed_audit_date" timestamp with time zone,
	"finish_analysis_date" timestamp with time zone,
	"due_to" date,
	"attachments_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"primary_phone" text,
	"password_hash" text NOT NULL,
	"link_survey_monkey" text,
	"rol_id" integer,
	"client_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"send_whatsapp_notification" boolean DEFAULT false NOT NULL,
	"checker_access_token" text,
	"checklist_access_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_location_id" integer NOT NULL,
	"visit_range_id" integer,
	"due_from" date NOT NULL,
	"due_to" date NOT NULL,
	"state" text DEFAULT 'PUBLICADA' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_type_id_client_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."client_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_values" ADD CONSTRAINT "feature_values_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "getter_profiles" ADD CONSTRAINT "getter_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidelines" ADD CONSTRAINT "guidelines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_feature_values" ADD CONSTRAINT "location_feature_values_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_feature_values" ADD CONSTRAINT "location_feature_values_value_fk" FOREIGN KEY ("feature_value_id","feature_id") REFERENCES "public"."feature_values"("id","feature_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_zone_managers" ADD CONSTRAINT "location_zone_managers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_zone_managers" ADD CONSTRAINT "location_zone_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_state_fk" FOREIGN KEY ("city_id","state_id") REFERENCES "public"."cities"("id","state_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_state_country_fk" FOREIGN KEY ("state_id","country_id") REFERENCES "public"."states"("id","country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_attachments" ADD CONSTRAINT "move_attachments_user_move_id_user_moves_id_fk" FOREIGN KEY ("user_move_id") REFERENCES "public"."user_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_replies" ADD CONSTRAINT "move_replies_user_move_id_user_moves_id_fk" FOREIGN KEY ("user_move_id") REFERENCES "public"."user_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_replies" ADD CONSTRAINT "move_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_status_logs" ADD CONSTRAINT "move_status_logs_user_move_id_user_moves_id_fk" FOREIGN KEY ("user_move_id") REFERENCES "public"."user_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_status_logs" ADD CONSTRAINT "move_status_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_locations" ADD CONSTRAINT "project_locations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_locations" ADD CONSTRAINT "project_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_logs" ADD CONSTRAINT "project_update_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_update_logs" ADD CONSTRAINT "project_update_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_visit_ranges" ADD CONSTRAINT "project_visit_ranges_project_location_id_project_locations_id_fk" FOREIGN KEY ("project_location_id") REFERENCES "public"."project_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_move_configuration_id_move_configurations_id_fk" FOREIGN KEY ("move_configuration_id") REFERENCES "public"."move_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_guideline_id_guidelines_id_fk" FOREIGN KEY ("guideline_id") REFERENCES "public"."guidelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_message_id_push_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."push_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD CONSTRAINT "questionnaire_versions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD CONSTRAINT "questionnaire_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_move_id_user_moves_id_fk" FOREIGN KEY ("user_move_id") REFERENCES "public"."user_moves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_project_location_id_project_locations_id_fk" FOREIGN KEY ("project_location_id") REFERENCES "public"."project_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_rescue_user_id_users_id_fk" FOREIGN KEY ("rescue_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_moves" ADD CONSTRAINT "user_moves_questionnaire_version_id_questionnaire_versions_id_fk" FOREIGN KEY ("questionnaire_version_id") REFERENCES "public"."questionnaire_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_project_location_id_project_locations_id_fk" FOREIGN KEY ("project_location_id") REFERENCES "public"."project_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_range_id_project_visit_ranges_id_fk" FOREIGN KEY ("visit_range_id") REFERENCES "public"."project_visit_ranges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_uq" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "campaigns_client_end_idx" ON "campaigns" USING btree ("client_id","end_date");--> statement-breakpoint
CREATE INDEX "campaigns_name_idx" ON "campaigns" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "campaigns_start_idx" ON "campaigns" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "characteristics_description_idx" ON "characteristics" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "characteristics_deleted_idx" ON "characteristics" USING btree ("deleted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_uq" ON "cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "clients_state_name_idx" ON "clients" USING btree ("state","name");--> statement-breakpoint
CREATE INDEX "clients_name_lower_idx" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_uq" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_token_uq" ON "device_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feature_values_feature_idx" ON "feature_values" USING btree ("feature_id","id");--> statement-breakpoint
CREATE INDEX "features_client_name_idx" ON "features" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "features_name_idx" ON "features" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guidelines_sequence_version_uq" ON "guidelines" USING btree ("sequence_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "guidelines_sequence_current_uq" ON "guidelines" USING btree ("sequence_id") WHERE "guidelines"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "guidelines_name_idx" ON "guidelines" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "guidelines_created_idx" ON "guidelines" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "guidelines_current_name_idx" ON "guidelines" USING btree ("name","id") WHERE "guidelines"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "location_feature_values_value_idx" ON "location_feature_values" USING btree ("feature_value_id");--> statement-breakpoint
CREATE INDEX "location_zone_managers_user_idx" ON "location_zone_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "locations_client_name_idx" ON "locations" USING btree ("client_id","full_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_client_code_uq" ON "locations" USING btree ("client_id","client_location_id");--> statement-breakpoint
CREATE INDEX "locations_owner_idx" ON "locations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","id");--> statement-breakpoint
CREATE INDEX "motives_active_motive_idx" ON "motives" USING btree ("is_active","motive","id");--> statement-breakpoint
CREATE INDEX "motives_created_idx" ON "motives" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "move_attachments_move_idx" ON "move_attachments" USING btree ("user_move_id","type");--> statement-breakpoint
CREATE INDEX "move_configurations_name_idx" ON "move_configurations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "move_replies_move_agent_uq" ON "move_replies" USING btree ("user_move_id","by_agent");--> statement-breakpoint
CREATE INDEX "move_status_logs_move_idx" ON "move_status_logs" USING btree ("user_move_id","created_at");--> statement-breakpoint
CREATE INDEX "move_status_logs_status_idx" ON "move_status_logs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_locations_project_location_uq" ON "project_locations" USING btree ("project_id","location_id");--> statement-breakpoint
CREATE INDEX "project_locations_location_idx" ON "project_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "project_update_logs_project_idx" ON "project_update_logs" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_visit_ranges_project_location_idx" ON "project_visit_ranges" USING btree ("project_location_id");--> statement-breakpoint
CREATE INDEX "projects_move_configuration_idx" ON "projects" USING btree ("move_configuration_id");--> statement-breakpoint
CREATE INDEX "projects_client_idx" ON "projects" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_questionnaire_idx" ON "projects" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "projects_campaign_idx" ON "projects" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "projects_guideline_idx" ON "projects" USING btree ("guideline_id");--> statement-breakpoint
CREATE INDEX "projects_name_lower_idx" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "projects_start_idx" ON "projects" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "projects_end_idx" ON "projects" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "push_messages_created_idx" ON "push_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "push_outbox_message_idx" ON "push_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_versions_questionnaire_version_uq" ON "questionnaire_versions" USING btree ("questionnaire_id","version");--> statement-breakpoint
CREATE INDEX "questionnaires_created_at_idx" ON "questionnaires" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "questionnaires_name_lower_idx" ON "questionnaires" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "questionnaires_last_version_idx" ON "questionnaires" USING btree ("last_version");--> statement-breakpoint
CREATE INDEX "questionnaires_updated_by_idx" ON "questionnaires" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE UNIQUE INDEX "reset_tokens_hash_uq" ON "reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_name_uq" ON "states" USING btree ("country_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_name_lower_uq" ON "tag_groups" USING btree (lower("group_name"));--> statement-breakpoint
CREATE INDEX "tag_groups_active_name_idx" ON "tag_groups" USING btree ("active","group_name","id");--> statement-breakpoint
CREATE INDEX "tag_groups_created_idx" ON "tag_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_move_uq" ON "transactions" USING btree ("user_move_id");--> statement-breakpoint
CREATE INDEX "transactions_account_status_idx" ON "transactions" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_date_idx" ON "transactions" USING btree ("status","transaction_date");--> statement-breakpoint
CREATE INDEX "transactions_status_created_idx" ON "transactions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_moves_code_uq" ON "user_moves" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_moves_status_idx" ON "user_moves" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "user_moves_project_location_idx" ON "user_moves" USING btree ("project_location_id");--> statement-breakpoint
CREATE INDEX "user_moves_user_idx" ON "user_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_moves_agent_idx" ON "user_moves" USING btree ("assigned_agent_id","id");--> statement-breakpoint
CREATE INDEX "user_moves_finish_idx" ON "user_moves" USING btree ("finish_analysis_date");--> statement-breakpoint
CREATE UNIQUE INDEX "user_moves_republished_from_uq" ON "user_moves" USING btree ("republished_from_id");--> statement-breakpoint
CREATE INDEX "user_moves_created_idx" ON "user_moves" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_moves_status_completed_idx" ON "user_moves" USING btree ("status","completed_audit_date");--> statement-breakpoint
CREATE INDEX "user_moves_visit_idx" ON "user_moves" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "user_moves_status_pl_completed_idx" ON "user_moves" USING btree ("status","project_location_id","completed_audit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_rol_idx" ON "users" USING btree ("rol_id","status");--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "visits_state_idx" ON "visits" USING btree ("state","project_location_id");--> statement-breakpoint
CREATE INDEX "visits_project_location_idx" ON "visits" USING btree ("project_location_id","due_from");--> statement-breakpoint
CREATE INDEX "visits_range_idx" ON "visits" USING btree ("visit_range_id");--> statement-breakpoint
CREATE INDEX "visits_state_id_idx" ON "visits" USING btree ("state","id");
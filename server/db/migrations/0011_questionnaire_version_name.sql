-- Each version keeps the questionnaire's name as it saved it (its type was already kept): opening an
-- older version, or removing the last one, shows that version's name. Versions saved before this
-- migration only knew the questionnaire's current name: they take it.
ALTER TABLE "questionnaire_versions" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "questionnaire_versions" SET "name" = "questionnaires"."name" FROM "questionnaires" WHERE "questionnaires"."id" = "questionnaire_versions"."questionnaire_id";--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ALTER COLUMN "name" SET NOT NULL;

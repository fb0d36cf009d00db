ALTER TABLE "app_user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_language_valid" CHECK ("app_user"."language" in ('nb', 'en'));
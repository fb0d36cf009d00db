-- The club day (decisions 0428-0430): when a start list was published and what each player was last told of
-- their start; browsers' Web Push subscriptions; the players' secret calendar addresses (the seed, and the hash
-- of the address's token).
CREATE TABLE "tournament_start_notice" (
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"tee" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_start_notice_tournament_id_round_user_id_pk" PRIMARY KEY("tournament_id","round","user_id")
);
--> statement-breakpoint
ALTER TABLE "tournament_start_notice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "calendar_feed" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "tournament" ADD COLUMN "start_list_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_start_notice" ADD CONSTRAINT "tournament_start_notice_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_start_notice" ADD CONSTRAINT "tournament_start_notice_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_start_notice" ADD CONSTRAINT "tournament_start_notice_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_start_notice_user_idx" ON "tournament_start_notice" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "tournament_start_notice_tenant_isolation" ON "tournament_start_notice" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_start_notice"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_start_notice"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);
CREATE TABLE "verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"token_hash" text,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"request_ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "verification" ADD CONSTRAINT "verification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_target_idx" ON "verification" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "verification_user_idx" ON "verification" USING btree ("user_id");
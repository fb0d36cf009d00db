ALTER TABLE "email_challenge" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "magic_link_token" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "email_challenge" CASCADE;--> statement-breakpoint
DROP TABLE "magic_link_token" CASCADE;--> statement-breakpoint
-- Hand-written: open and used invitations keep working; their link, expiry and use move to verification.
INSERT INTO "verification" ("id", "purpose", "target", "email", "token_hash", "expires_at", "consumed_at", "created_at")
SELECT "id", 'invitation', "organization_id" || ':' || "email", "email", "token_hash", "expires_at", "accepted_at", "created_at"
FROM "organization_invitation";--> statement-breakpoint
ALTER TABLE "organization_invitation" DROP CONSTRAINT "organization_invitation_token_hash_unique";--> statement-breakpoint
ALTER TABLE "organization_invitation" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "organization_invitation" ADD CONSTRAINT "organization_invitation_id_verification_id_fk" FOREIGN KEY ("id") REFERENCES "public"."verification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitation" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "organization_invitation" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "organization_invitation" DROP COLUMN "accepted_at";
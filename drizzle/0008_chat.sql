CREATE TABLE "chat_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_event_kind_valid" CHECK ("chat_event"."kind" in ('message', 'edit', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "chat_event" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chat_message_seq_unique" UNIQUE("seq"),
	CONSTRAINT "chat_message_text_unless_deleted" CHECK (("chat_message"."deleted_at" is null) = ("chat_message"."text" is not null))
);
--> statement-breakpoint
ALTER TABLE "chat_message" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "chat_read_state" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_message_id" uuid NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_read_state_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_read_state" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "chat_event" ADD CONSTRAINT "chat_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_event" ADD CONSTRAINT "chat_event_message_id_chat_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_author_user_id_app_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_state" ADD CONSTRAINT "chat_read_state_last_read_message_id_chat_message_id_fk" FOREIGN KEY ("last_read_message_id") REFERENCES "public"."chat_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_state" ADD CONSTRAINT "chat_read_state_membership_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."organization_membership"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_event_org_idx" ON "chat_event" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "chat_message_org_seq_idx" ON "chat_message" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE POLICY "chat_event_tenant_isolation" ON "chat_event" AS PERMISSIVE FOR ALL TO "app_rw" USING ("chat_event"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("chat_event"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "chat_message_tenant_isolation" ON "chat_message" AS PERMISSIVE FOR ALL TO "app_rw" USING ("chat_message"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("chat_message"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "chat_read_state_tenant_isolation" ON "chat_read_state" AS PERMISSIVE FOR ALL TO "app_rw" USING ("chat_read_state"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("chat_read_state"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);
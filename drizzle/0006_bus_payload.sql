CREATE TABLE "bus_payload" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);

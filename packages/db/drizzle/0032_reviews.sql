CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"replied_by" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_text_length" CHECK (char_length("reviews"."text") <= 600),
	CONSTRAINT "reviews_tags_known" CHECK ("reviews"."tags" <@ array['On time', 'Clean car', 'Friendly chauffeur', 'Smooth drive', 'Good value', 'Easy booking']::text[]),
	CONSTRAINT "reviews_reply_whole" CHECK (("reviews"."reply_text" is null) = ("reviews"."replied_at" is null) and ("reviews"."reply_text" is null) = ("reviews"."replied_by" is null) and char_length(coalesce("reviews"."reply_text", '')) <= 600),
	CONSTRAINT "reviews_hidden_with_reason" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null) and ("reviews"."hidden_at" is null) = ("reviews"."hidden_by" is null) and char_length(coalesce("reviews"."hidden_reason", '')) <= 300)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_appointment_unique" ON "reviews" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "reviews_service_idx" ON "reviews" USING btree ("service_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST);
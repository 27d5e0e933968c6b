-- A booking takes its car for the ride's whole time (ADR 018): a length, an end and a turnaround,
-- and no two live bookings of a car overlap, which the exclusion constraint decides in place of
-- the one-per-slot index; blocks and bookings are kept apart by triggers (sql/blocks.sql), and
-- book_hold books a stretch (sql/book_hold.sql). Hand-written around drizzle-kit's columns.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "ride_turnaround_minutes" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "hourly_turnaround_minutes" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "rental_turnaround_minutes" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "length_minutes" integer;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "turnaround_minutes" integer;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "occupied_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer;
--> statement-breakpoint
-- Bookings made before lengths keep what they were sold: their half hour, with no turnaround.
-- Their stretches cannot overlap (one live booking per car and half hour was the rule).
UPDATE "appointments" SET
  "length_minutes" = 30,
  "ends_at" = "slot_start" + interval '30 minutes',
  "turnaround_minutes" = 0,
  "occupied_until" = "slot_start" + interval '30 minutes';
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "length_minutes" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "turnaround_minutes" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "occupied_until" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_length_positive" CHECK ("appointments"."length_minutes" > 0);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_turnaround_not_negative" CHECK ("appointments"."turnaround_minutes" >= 0);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_ends_after_length" CHECK ("appointments"."ends_at" = "appointments"."slot_start" + make_interval(mins => "appointments"."length_minutes"));
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_occupied_after_turnaround" CHECK ("appointments"."occupied_until" = "appointments"."ends_at" + make_interval(mins => "appointments"."turnaround_minutes"));
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_turnarounds_in_range" CHECK ("services"."ride_turnaround_minutes" between 0 and 720 and "services"."hourly_turnaround_minutes" between 0 and 720 and "services"."rental_turnaround_minutes" between 0 and 720);
--> statement-breakpoint
-- A round trip's return leg names its first; one refund per payment and ride.
DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_of" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_return_of_appointments_id_fk" FOREIGN KEY ("return_of") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_return_of_idx" ON "appointments" USING btree ("return_of");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment_ride" ON "refunds" USING btree ("payment_intent_id","appointment_id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (
  "service_id" WITH =,
  tstzrange("slot_start", "occupied_until") WITH &&
) WHERE ("status" IN ('pending_payment', 'paid'));
--> statement-breakpoint
DROP INDEX "appointments_one_live_per_slot";
--> statement-breakpoint
CREATE FUNCTION "stretch_is_blocked"(
  "service_id" uuid,
  "from" timestamp with time zone,
  "until" timestamp with time zone
) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM "blocks" "b"
    WHERE "b"."service_id" = $1 AND "b"."starts_at" < $3 AND $2 < "b"."ends_at"
  )
$$;
--> statement-breakpoint
CREATE FUNCTION "appointment_clear_of_blocks"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW."status" IN ('pending_payment', 'paid') THEN
    PERFORM 1 FROM "services" WHERE "id" = NEW."service_id" FOR KEY SHARE;
    IF stretch_is_blocked(NEW."service_id", NEW."slot_start", NEW."occupied_until") THEN
      RAISE EXCEPTION 'a booking of a car may not overlap its blocks'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointments_clear_of_blocks';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "block_clear_of_bookings"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM "services" WHERE "id" = NEW."service_id" FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM "appointments" "a"
    WHERE "a"."service_id" = NEW."service_id"
      AND "a"."status" IN ('pending_payment', 'paid')
      AND tstzrange("a"."slot_start", "a"."occupied_until") && tstzrange(NEW."starts_at", NEW."ends_at")
  ) THEN
    RAISE EXCEPTION 'a block of a car may not overlap its bookings'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'blocks_clear_of_bookings';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_clear_of_blocks"
BEFORE INSERT OR UPDATE OF "status", "service_id", "slot_start", "occupied_until" ON "appointments"
FOR EACH ROW EXECUTE FUNCTION "appointment_clear_of_blocks"();
--> statement-breakpoint
CREATE TRIGGER "blocks_clear_of_bookings"
BEFORE INSERT OR UPDATE OF "service_id", "starts_at", "ends_at" ON "blocks"
FOR EACH ROW EXECUTE FUNCTION "block_clear_of_bookings"();
--> statement-breakpoint
-- book_hold: a stretch, not a slot, and a round trip's return leg with it (the copy of
-- sql/book_hold.sql); the three-argument version goes.
DROP FUNCTION "book_hold"(jsonb, timestamp with time zone, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "book_hold"(
  "hold" jsonb,
  "return_hold" jsonb,
  "at" timestamp with time zone,
  "limits" jsonb
)
RETURNS TABLE ("outcome" text, "appointment_id" uuid, "retry_at" timestamp with time zone)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  "new_hold" "appointments" := jsonb_populate_record(NULL::"appointments", "hold");
  "return_leg" "appointments" := jsonb_populate_record(NULL::"appointments", "return_hold");
  "earlier" "appointments";
  "lapse_window" interval :=
    make_interval(secs => ("limits" ->> 'lapse_window_ms')::double precision / 1000);
  "nth_lapse" timestamp with time zone;
BEGIN
  -- NO KEY UPDATE serializes one customer's bookings without blocking foreign-key checks; the
  -- advisory lock serializes one address's bookings across accounts (taken second, always).
  PERFORM 1 FROM "users" WHERE "id" = "new_hold"."user_id" FOR NO KEY UPDATE;
  IF "new_hold"."client_address_hash" IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(1684912, hashtext("new_hold"."client_address_hash"));
  END IF;

  -- A retry of a booking already made (its answer lost) gets that booking back: the same
  -- attempt by its key (any other body under that key is refused), or, without a key, the
  -- customer's live hold of this car and start with the very same details.
  IF "new_hold"."booking_key" IS NOT NULL THEN
    SELECT * INTO "earlier" FROM "appointments"
    WHERE "user_id" = "new_hold"."user_id" AND "booking_key" = "new_hold"."booking_key";
  END IF;
  IF "earlier"."id" IS NULL THEN
    SELECT * INTO "earlier" FROM "appointments"
    WHERE "user_id" = "new_hold"."user_id"
      AND "service_id" = "new_hold"."service_id"
      AND "slot_start" = "new_hold"."slot_start"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
    LIMIT 1;
  END IF;
  IF "earlier"."id" IS NOT NULL THEN
    IF ("earlier"."service_id", "earlier"."slot_start", "earlier"."length_minutes",
        "earlier"."service_type",
        "earlier"."phone", "earlier"."pickup_address", "earlier"."dropoff_address",
        "earlier"."pickup_notes", "earlier"."needs_return_ride",
        "earlier"."return_pickup_address", "earlier"."return_dropoff_address",
        "earlier"."return_pickup_notes")
       IS NOT DISTINCT FROM
       ("new_hold"."service_id", "new_hold"."slot_start", "new_hold"."length_minutes",
        "new_hold"."service_type",
        "new_hold"."phone", "new_hold"."pickup_address", "new_hold"."dropoff_address",
        "new_hold"."pickup_notes", "new_hold"."needs_return_ride",
        "new_hold"."return_pickup_address", "new_hold"."return_dropoff_address",
        "new_hold"."return_pickup_notes")
       AND (SELECT ("r"."slot_start", "r"."length_minutes") FROM "appointments" "r"
            WHERE "r"."return_of" = "earlier"."id" LIMIT 1)
       IS NOT DISTINCT FROM
       (SELECT ("return_leg"."slot_start", "return_leg"."length_minutes")
        WHERE "return_hold" IS NOT NULL) THEN
      RETURN QUERY SELECT 'retried', "earlier"."id", NULL::timestamptz;
      RETURN;
    ELSIF "earlier"."booking_key" = "new_hold"."booking_key" THEN
      RETURN QUERY SELECT 'key_reused', "earlier"."id", NULL::timestamptz;
      RETURN;
    END IF;
  END IF;

  -- A stretch the owner blocked (maintenance, their own use) cannot be booked. KEY SHARE, which
  -- the appointment's foreign key takes anyway, waits for a block being created on this car.
  PERFORM 1 FROM "services" WHERE "id" = "new_hold"."service_id" FOR KEY SHARE;
  IF stretch_is_blocked("new_hold"."service_id", "new_hold"."slot_start", "new_hold"."occupied_until") THEN
    RETURN QUERY SELECT 'blocked', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;
  IF "return_hold" IS NOT NULL AND stretch_is_blocked(
    "return_leg"."service_id", "return_leg"."slot_start", "return_leg"."occupied_until"
  ) THEN
    RETURN QUERY SELECT 'return_blocked', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;

  -- Holds of the customer that ran out unpaid within the window (one paid late and refunded
  -- was paid): with `lapses_per_account` of them, the oldest counted one says until when.
  SELECT "a"."hold_expires_at" INTO "nth_lapse" FROM "appointments" "a"
  WHERE "a"."user_id" = "new_hold"."user_id"
    AND "a"."paid_at" IS NULL
    AND "a"."status" IN ('pending_payment', 'expired')
    AND "a"."return_of" IS NULL
    AND "a"."hold_expires_at" <= "at"
    AND "a"."hold_expires_at" > "at" - "lapse_window"
    AND NOT EXISTS (SELECT 1 FROM "refunds" "r" WHERE "r"."appointment_id" = "a"."id")
  ORDER BY "a"."hold_expires_at" DESC
  OFFSET ("limits" ->> 'lapses_per_account')::integer - 1
  LIMIT 1;
  IF "nth_lapse" IS NOT NULL THEN
    RETURN QUERY SELECT 'lapsed_too_often', NULL::uuid, "nth_lapse" + "lapse_window";
    RETURN;
  END IF;

  -- Each statement takes a fresh snapshot: the counts see every hold committed before this
  -- booking's locks were granted, so concurrent bookings cannot pass the limits.
  IF (
    SELECT count(*) FROM "appointments"
    WHERE "user_id" = "new_hold"."user_id"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
      AND "return_of" IS NULL
  ) >= ("limits" ->> 'holds_per_account')::integer THEN
    RETURN QUERY SELECT 'too_many_holds', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;
  IF "new_hold"."client_address_hash" IS NOT NULL AND (
    SELECT count(*) FROM "appointments"
    WHERE "client_address_hash" = "new_hold"."client_address_hash"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
      AND "return_of" IS NULL
  ) >= ("limits" ->> 'holds_per_address')::integer THEN
    RETURN QUERY SELECT 'too_many_address_holds', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;

  -- Abandoned checkouts past their time must not keep the car from this customer.
  UPDATE "appointments" SET "status" = 'expired', "client_address_hash" = NULL, "updated_at" = "at"
  WHERE "service_id" = "new_hold"."service_id"
    AND (tstzrange("slot_start", "occupied_until")
           && tstzrange("new_hold"."slot_start", "new_hold"."occupied_until")
         OR "return_hold" IS NOT NULL AND tstzrange("slot_start", "occupied_until")
           && tstzrange("return_leg"."slot_start", "return_leg"."occupied_until"))
    AND "status" = 'pending_payment'
    AND "hold_expires_at" < "at";
  -- The car's time goes to the live booking already over it (paid, or a hold still running),
  -- or to one being inserted now: the insert waits for that transaction and, if it commits,
  -- does nothing. The exclusion constraint appointments_no_overlap decides (an arbiter of DO
  -- NOTHING only without a target); losing the race is an answer, not an error that aborts the
  -- transaction and is written to the server's log.
  INSERT INTO "appointments" SELECT ("new_hold").*
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'taken', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;
  -- The return leg on the same car, or neither: the first leg, inserted a moment ago and seen
  -- by no one, goes again.
  IF "return_hold" IS NOT NULL THEN
    INSERT INTO "appointments" SELECT ("return_leg").*
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      DELETE FROM "appointments" WHERE "id" = "new_hold"."id";
      RETURN QUERY SELECT 'return_taken', NULL::uuid, NULL::timestamptz;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT 'booked', "new_hold"."id", NULL::timestamptz;
END
$$;
--> statement-breakpoint
DROP FUNCTION "slot_is_blocked"(uuid, timestamp with time zone);
--> statement-breakpoint
DROP FUNCTION "block_covers"(timestamp with time zone, timestamp with time zone, timestamp with time zone);

-- Custom SQL migration file, put your code below! --
-- The car's neighbours of a stretch (car_neighbours), and book_hold takes the car's lock and
-- answers 'neighbours_changed' when the neighbours the API judged reachability by have changed
-- (ADR 020). book_hold gains a fifth argument: the four-argument one goes.
DROP FUNCTION IF EXISTS "book_hold"(jsonb, jsonb, timestamp with time zone, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "car_neighbours"(
  "car" uuid,
  "from" timestamp with time zone,
  "until" timestamp with time zone,
  "at" timestamp with time zone
) RETURNS jsonb
LANGUAGE sql STABLE
AS $$
  -- The rule of apps/api/src/modules/appointments/reach.ts (`neighboursOf`) over live bookings
  -- (`keepsItsCar`): the latest ending in the 12 hours up to `from`, the earliest starting in
  -- the 12 hours from `until`; each as the API fingerprints it (`NeighbourSeen`).
  SELECT jsonb_build_object(
    'previous', (
      SELECT jsonb_build_object(
        'id', "a"."id",
        'start', (extract(epoch FROM "a"."slot_start") * 1000)::bigint,
        'end', (extract(epoch FROM "a"."ends_at") * 1000)::bigint,
        'pickup', "a"."pickup_address",
        'dropoff', "a"."dropoff_address")
      FROM "appointments" "a"
      WHERE "a"."service_id" = $1
        AND "a"."ends_at" <= $2 AND "a"."ends_at" >= $2 - interval '12 hours'
        AND ("a"."status" = 'paid' OR "a"."status" = 'pending_payment' AND "a"."hold_expires_at" > $4)
      ORDER BY "a"."ends_at" DESC, "a"."id"
      LIMIT 1),
    'next', (
      SELECT jsonb_build_object(
        'id', "a"."id",
        'start', (extract(epoch FROM "a"."slot_start") * 1000)::bigint,
        'end', (extract(epoch FROM "a"."ends_at") * 1000)::bigint,
        'pickup', "a"."pickup_address",
        'dropoff', "a"."dropoff_address")
      FROM "appointments" "a"
      WHERE "a"."service_id" = $1
        AND "a"."slot_start" >= $3 AND "a"."slot_start" <= $3 + interval '12 hours'
        AND ("a"."status" = 'paid' OR "a"."status" = 'pending_payment' AND "a"."hold_expires_at" > $4)
      ORDER BY "a"."slot_start", "a"."id"
      LIMIT 1)
  )
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "book_hold"(
  "hold" jsonb,
  "return_hold" jsonb,
  "at" timestamp with time zone,
  "limits" jsonb,
  "neighbours" jsonb
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

  -- The car's lock (namespace 1684913: packages/db/src/car-lock.ts), then its neighbours as the
  -- API saw them when it judged the car could get there, or the API reads them again and judges
  -- anew: of two bookings squeezed between the same neighbours, the second sees the first.
  PERFORM pg_advisory_xact_lock(1684913, hashtext("new_hold"."service_id"::text));
  IF "neighbours" IS NOT NULL AND (
    car_neighbours("new_hold"."service_id", "new_hold"."slot_start", "new_hold"."ends_at", "at")
      IS DISTINCT FROM "neighbours" -> 'first'
    OR "return_hold" IS NOT NULL AND car_neighbours(
      "return_leg"."service_id", "return_leg"."slot_start", "return_leg"."ends_at", "at"
    ) IS DISTINCT FROM "neighbours" -> 'return'
  ) THEN
    RETURN QUERY SELECT 'neighbours_changed', NULL::uuid, NULL::timestamptz;
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

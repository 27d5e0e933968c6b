-- Hand-written: blocks in booking (issue 14).
--
-- `block_covers` is the one home of the rule "a slot starting at s is blocked by a block iff
-- starts_at <= s < ends_at". Everything else asks it: `slot_is_blocked` (and through it
-- `book_hold`, and packages/db's `slotIsBlocked`), the service list's blocked slots and a new
-- block's check for live rides (packages/db/src/blocks.ts). Plain SQL functions, which the
-- planner inlines: the blocks index still serves them.
CREATE FUNCTION "block_covers"(
  "starts_at" timestamp with time zone,
  "ends_at" timestamp with time zone,
  "slot_start" timestamp with time zone
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT "starts_at" <= "slot_start" AND "slot_start" < "ends_at" $$;
--> statement-breakpoint
CREATE FUNCTION "slot_is_blocked"("service_id" uuid, "slot_start" timestamp with time zone)
RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM "blocks" "b"
    WHERE "b"."service_id" = $1 AND block_covers("b"."starts_at", "b"."ends_at", $2)
  )
$$;
--> statement-breakpoint
-- book_hold, as in migration 0010, and a car's blocks: the car's row is taken FOR KEY SHARE
-- before its blocks are read, and a block's creation takes it FOR UPDATE before reading the
-- car's live rides, so a block and a booking of a slot under it cannot both win.
CREATE OR REPLACE FUNCTION "book_hold"("hold" jsonb, "at" timestamp with time zone, "limits" jsonb)
RETURNS TABLE ("outcome" text, "appointment_id" uuid, "retry_at" timestamp with time zone)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  "new_hold" "appointments" := jsonb_populate_record(NULL::"appointments", "hold");
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
  -- customer's live hold of this car and slot with the very same details.
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
    IF ("earlier"."service_id", "earlier"."slot_start", "earlier"."service_type",
        "earlier"."phone", "earlier"."pickup_address", "earlier"."dropoff_address",
        "earlier"."pickup_notes", "earlier"."needs_return_ride",
        "earlier"."return_pickup_address", "earlier"."return_dropoff_address",
        "earlier"."return_pickup_notes")
       IS NOT DISTINCT FROM
       ("new_hold"."service_id", "new_hold"."slot_start", "new_hold"."service_type",
        "new_hold"."phone", "new_hold"."pickup_address", "new_hold"."dropoff_address",
        "new_hold"."pickup_notes", "new_hold"."needs_return_ride",
        "new_hold"."return_pickup_address", "new_hold"."return_dropoff_address",
        "new_hold"."return_pickup_notes") THEN
      RETURN QUERY SELECT 'retried', "earlier"."id", NULL::timestamptz;
      RETURN;
    ELSIF "earlier"."booking_key" = "new_hold"."booking_key" THEN
      RETURN QUERY SELECT 'key_reused', "earlier"."id", NULL::timestamptz;
      RETURN;
    END IF;
  END IF;

  -- A blocked slot (maintenance, the owner's own use) is no slot. KEY SHARE, which the
  -- appointment's foreign key takes anyway, waits for a block being created on this car.
  PERFORM 1 FROM "services" WHERE "id" = "new_hold"."service_id" FOR KEY SHARE;
  IF slot_is_blocked("new_hold"."service_id", "new_hold"."slot_start") THEN
    RETURN QUERY SELECT 'blocked', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;

  -- Holds of the customer that ran out unpaid within the window (one paid late and refunded
  -- was paid): with `lapses_per_account` of them, the oldest counted one says until when.
  SELECT "a"."hold_expires_at" INTO "nth_lapse" FROM "appointments" "a"
  WHERE "a"."user_id" = "new_hold"."user_id"
    AND "a"."paid_at" IS NULL
    AND "a"."status" IN ('pending_payment', 'expired')
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
  ) >= ("limits" ->> 'holds_per_account')::integer THEN
    RETURN QUERY SELECT 'too_many_holds', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;
  IF "new_hold"."client_address_hash" IS NOT NULL AND (
    SELECT count(*) FROM "appointments"
    WHERE "client_address_hash" = "new_hold"."client_address_hash"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
  ) >= ("limits" ->> 'holds_per_address')::integer THEN
    RETURN QUERY SELECT 'too_many_address_holds', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;

  -- An abandoned checkout past its time must not keep the slot from this customer.
  UPDATE "appointments" SET "status" = 'expired', "client_address_hash" = NULL, "updated_at" = "at"
  WHERE "service_id" = "new_hold"."service_id"
    AND "slot_start" = "new_hold"."slot_start"
    AND "status" = 'pending_payment'
    AND "hold_expires_at" < "at";
  -- A live appointment already on the slot makes this throw the unique violation of
  -- appointments_one_live_per_slot, which reaches the caller unchanged.
  INSERT INTO "appointments" SELECT ("new_hold").*;
  RETURN QUERY SELECT 'booked', "new_hold"."id", NULL::timestamptz;
END
$$;

-- Hand-written: book_hold answers a slot already taken (issue 18).
--
-- book_hold as in migration 0014, but for its insert: a live appointment on the slot made it
-- throw the unique violation of appointments_one_live_per_slot, which aborted the transaction,
-- wrote an ERROR to PostgreSQL's log and travelled back as an exception; when 200 customers race
-- for one slot, 199 paid for that. The insert now yields to the index (ON CONFLICT on its columns
-- and predicate, the one unique index a new hold can meet) and the function answers 'taken'.
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
  -- The slot goes to the live appointment already on it (paid, or a hold still running), or
  -- to one being inserted now: the insert waits for that transaction and, if it commits, does
  -- nothing. The index appointments_one_live_per_slot still decides; losing the race is an
  -- answer, not an error that aborts the transaction and is written to the server's log.
  INSERT INTO "appointments" SELECT ("new_hold").*
  ON CONFLICT ("service_id", "slot_start") WHERE "status" IN ('pending_payment', 'paid')
  DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'taken', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'booked', "new_hold"."id", NULL::timestamptz;
END
$$;

-- book_hold, answering a retry (packages/db/src/book-hold.ts). Its limits come as JSON, so that
-- a new limit needs no new signature; it answers what happened instead of a boolean. The old
-- book_hold(jsonb, timestamptz, integer) stays for instances of the previous release still
-- running during a rolling deploy; a later release drops it.
CREATE OR REPLACE FUNCTION "book_hold"("hold" jsonb, "at" timestamp with time zone, "limits" jsonb)
RETURNS TABLE ("outcome" text, "appointment_id" uuid, "retry_at" timestamp with time zone)
LANGUAGE plpgsql
AS $$
DECLARE
  "new_hold" "appointments" := jsonb_populate_record(NULL::"appointments", "hold");
  "earlier" "appointments";
BEGIN
  -- NO KEY UPDATE serializes one customer's bookings without blocking foreign-key checks.
  PERFORM 1 FROM "users" WHERE "id" = "new_hold"."user_id" FOR NO KEY UPDATE;

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

  -- Each statement takes a fresh snapshot: the count sees every hold committed before the
  -- customer's row lock was granted, so concurrent bookings cannot pass the limit.
  IF (
    SELECT count(*) FROM "appointments"
    WHERE "user_id" = "new_hold"."user_id"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
  ) >= ("limits" ->> 'holds_per_account')::integer THEN
    RETURN QUERY SELECT 'too_many_holds', NULL::uuid, NULL::timestamptz;
    RETURN;
  END IF;

  -- An abandoned checkout past its time must not keep the slot from this customer.
  UPDATE "appointments" SET "status" = 'expired', "updated_at" = "at"
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

-- Books a hold in one round trip (apps/api create-booking.ts). Each statement of a PL/pgSQL
-- function takes a fresh snapshot, so the count below sees every hold committed before this
-- customer's row lock was granted: concurrent bookings by one customer cannot pass the limit.
-- The slot itself is guarded by the unique index appointments_one_live_per_slot, whose
-- violation reaches the caller unchanged.
CREATE FUNCTION "book_hold"("hold" jsonb, "at" timestamp with time zone, "max_holds" integer)
RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  "new_hold" "appointments" := jsonb_populate_record(NULL::"appointments", "hold");
BEGIN
  -- NO KEY UPDATE serializes one customer's bookings without blocking foreign-key checks.
  PERFORM 1 FROM "users" WHERE "id" = "new_hold"."user_id" FOR NO KEY UPDATE;
  IF (
    SELECT count(*) FROM "appointments"
    WHERE "user_id" = "new_hold"."user_id"
      AND "status" = 'pending_payment'
      AND "hold_expires_at" > "at"
  ) >= "max_holds" THEN
    RETURN false;
  END IF;
  -- An abandoned checkout past its time must not keep the slot from this customer.
  UPDATE "appointments" SET "status" = 'expired', "updated_at" = "at"
  WHERE "service_id" = "new_hold"."service_id"
    AND "slot_start" = "new_hold"."slot_start"
    AND "status" = 'pending_payment'
    AND "hold_expires_at" < "at";
  INSERT INTO "appointments" SELECT ("new_hold").*;
  RETURN true;
END
$$;

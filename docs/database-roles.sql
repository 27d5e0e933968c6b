-- Two PostgreSQL roles for Norfolk Rides (README, "Database roles"): `rides_owner` owns the
-- schema and runs the migrations (DATABASE_MIGRATION_URL); `rides_app` serves requests
-- (DATABASE_URL) and can only read and write rows. Run once, as a superuser, connected to the
-- new database (`psql -v owner=rides_owner -v app=rides_app -d rides -f docs/database-roles.sql`
-- after `create role rides_owner login password '…'`, `create role rides_app login password '…'`
-- and `create database rides owner rides_owner`).
-- apps/api/src/database-roles.test.ts runs this very file.

-- Nobody but the owner creates anything in the database or its public schema.
revoke create on schema public from public;
revoke all on database :"DBNAME" from public;
grant connect on database :"DBNAME" to :"app";
grant usage on schema public to :"app";

-- Rows, not structure: whatever the owner's migrations create later is granted as it appears.
alter default privileges for role :"owner" in schema public
  grant select, insert, update, delete on tables to :"app";
alter default privileges for role :"owner" in schema public
  grant usage, select on sequences to :"app";
alter default privileges for role :"owner" in schema public
  grant execute on functions to :"app";

-- What already exists (a database that was migrated before the roles were split).
grant select, insert, update, delete on all tables in schema public to :"app";
grant usage, select on all sequences in schema public to :"app";
grant execute on all functions in schema public to :"app";

#!/bin/sh
# Runs once, when the postgres container initialises an empty data directory (docker-entrypoint-initdb.d), as the
# superuser. Gives the service and Temporal a role and database(s) each, with their own passwords:
#   dms       LOGIN CREATEROLE, owns database dms (its migrations create and grant the NOLOGIN role dms_tenant)
#   temporal  LOGIN, owns databases temporal and temporal_visibility (the schemas come from the temporal-schema job)
# Neither is a superuser; the superuser's password (POSTGRES_PASSWORD) is used by nothing else.
set -eu
: "${DMS_DB_PASSWORD:?set DMS_DB_PASSWORD}"
: "${TEMPORAL_DB_PASSWORD:?set TEMPORAL_DB_PASSWORD}"

psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v dms_password="$DMS_DB_PASSWORD" -v temporal_password="$TEMPORAL_DB_PASSWORD" <<'SQL'
CREATE ROLE dms LOGIN CREATEROLE PASSWORD :'dms_password';
CREATE DATABASE dms OWNER dms;
CREATE ROLE temporal LOGIN PASSWORD :'temporal_password';
CREATE DATABASE temporal OWNER temporal;
CREATE DATABASE temporal_visibility OWNER temporal;
-- Nobody else may connect to another's database.
REVOKE CONNECT ON DATABASE dms FROM PUBLIC;
REVOKE CONNECT ON DATABASE temporal FROM PUBLIC;
REVOKE CONNECT ON DATABASE temporal_visibility FROM PUBLIC;
SQL

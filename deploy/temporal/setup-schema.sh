#!/bin/sh
# The temporal-schema job (temporalio/admin-tools): Temporal's documented SQL schema setup for the default and the
# visibility store, as the temporal role. Safe to run at every `docker compose up`: a store that is already set up
# only gets the schema versions it lacks (update-schema), so upgrading the images upgrades the schema.
set -eu
: "${POSTGRES_SEEDS:?}" "${POSTGRES_USER:?}" "${SQL_PASSWORD:?}"
DB_PORT="${DB_PORT:-5432}"
SCHEMA_ROOT=/etc/temporal/schema/postgresql/v12

sql_tool() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$DB_PORT" -u "$POSTGRES_USER" "$@"
}

setup_store() {
  database=$1
  schema_dir=$2
  # The postgres init script creates the databases; create them here only where it did not (an external server).
  if ! output=$(sql_tool --db "$database" create 2>&1); then
    case "$output" in
      *"already exists"*) ;;
      *) echo "$output" >&2; exit 1 ;;
    esac
  fi
  # update-schema needs the version table setup-schema creates; on a store that has it, only update.
  if ! sql_tool --db "$database" update-schema -d "$schema_dir"; then
    sql_tool --db "$database" setup-schema -v 0.0
    sql_tool --db "$database" update-schema -d "$schema_dir"
  fi
}

echo "waiting for ${POSTGRES_SEEDS}:${DB_PORT}"
until nc -z "$POSTGRES_SEEDS" "$DB_PORT"; do sleep 1; done
setup_store "${DBNAME:-temporal}" "$SCHEMA_ROOT/temporal/versioned"
setup_store "${VISIBILITY_DBNAME:-temporal_visibility}" "$SCHEMA_ROOT/visibility/versioned"
echo "Temporal schema is up to date"

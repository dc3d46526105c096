#!/bin/sh
# The temporal-namespace job (temporalio/admin-tools): creates the service's namespace once the server answers.
set -eu
: "${TEMPORAL_ADDRESS:?}" "${TEMPORAL_NAMESPACE:?}"
RETENTION="${TEMPORAL_NAMESPACE_RETENTION:-7d}"

attempt=0
until temporal operator cluster health --address "$TEMPORAL_ADDRESS"; do
  attempt=$((attempt + 1))
  if [ "$attempt" -ge 60 ]; then echo "Temporal at $TEMPORAL_ADDRESS did not become healthy" >&2; exit 1; fi
  sleep 2
done
if temporal operator namespace describe --address "$TEMPORAL_ADDRESS" --namespace "$TEMPORAL_NAMESPACE" >/dev/null 2>&1; then
  echo "namespace $TEMPORAL_NAMESPACE exists"
else
  temporal operator namespace create --address "$TEMPORAL_ADDRESS" --namespace "$TEMPORAL_NAMESPACE" --retention "$RETENTION"
fi

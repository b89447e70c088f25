# Sourced by scripts/test.sh and .ci/run: `stage NAME` starts a stage (ending the one before),
# `stage_report` prints every stage's wall time, so a slow run says where the time went
# (issue 34: CI measured by stage before anything is cut).
STAGE_NAMES=()
STAGE_SECONDS=()
STAGE_STARTED=""

stage_end() {
  if [ -n "$STAGE_STARTED" ]; then
    STAGE_SECONDS+=($(($(date +%s) - STAGE_STARTED)))
    STAGE_STARTED=""
  fi
}

stage() {
  stage_end
  STAGE_NAMES+=("$1")
  STAGE_STARTED=$(date +%s)
  echo "== $1"
}

stage_report() {
  stage_end
  local total=0 i
  echo "== stage times (${1:-this run})"
  for i in "${!STAGE_SECONDS[@]}"; do
    printf '  %-32s %5d s\n' "${STAGE_NAMES[$i]}" "${STAGE_SECONDS[$i]}"
    total=$((total + STAGE_SECONDS[i]))
  done
  printf '  %-32s %5d s\n' "total" "$total"
}

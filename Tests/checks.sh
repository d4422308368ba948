# checks.sh -- sourced by the packaging tests (install_test.sh, rock_test.sh,
# spm_test.sh): `check DESCRIPTION COMMAND...` runs COMMAND and counts it
# passed or failed (printing the description when it fails); `report NAME`
# prints the summary line and fails when a check did.
passed=0
failed=0
check() {
  local what=$1
  shift
  if "$@"; then passed=$((passed + 1)); else echo "FAILED: $what"; failed=$((failed + 1)); fi
}
report() {
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

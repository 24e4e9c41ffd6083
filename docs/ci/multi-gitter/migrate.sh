#!/bin/sh
# multi-gitter runs this in each repository it cloned; it commits what the
# migration changed and opens the pull request, and skips a repository
# where this exits non-zero. The result of each repository is kept in
# RESULTS_DIR for `atomic-script aggregate --expect repos.txt "$RESULTS_DIR"`
# afterwards (repos.txt: the repositories multi-gitter was given; one it
# skipped before running this, a failed clone, is MISSING).
#
#   export ATOMIC_SCRIPT=$PWD/migrations/npm-bump/migrate.js RESULTS_DIR=$PWD/results
#   multi-gitter run "$PWD/migrate.sh lodash 4.17.21" --config config.yml
set -eu
: "${ATOMIC_SCRIPT:?set ATOMIC_SCRIPT to the absolute path of the migration script}"
: "${RESULTS_DIR:?set RESULTS_DIR to the directory that collects the results}"
repo=${REPOSITORY:-$(basename "$PWD")}
name=$(atomic-script result-name "$repo")
mkdir -p "$RESULTS_DIR"
atomic-script run --atomic --json --name "$repo" --report "$RESULTS_DIR/$name.xml" "$ATOMIC_SCRIPT" -- "$@" > "$RESULTS_DIR/$name.json"

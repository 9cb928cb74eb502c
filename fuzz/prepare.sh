# Sourced (from fuzz/) by run.sh, planted.sh and coverage.sh before they
# build: installs cargo-fuzz when it is missing, and makes sure the committed
# fuzz/Cargo.lock is used as it is. A run never rewrites it (cargo fuzz
# would, silently, when a crate of the workspace changed its dependencies);
# when it is out of date, says how to update it and exits 2.
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz (once per machine, a few minutes)"
    cargo install cargo-fuzz --locked
fi
if ! fetched="$(cargo fetch --locked 2>&1)"; then
    if grep -q -- '--locked' <<<"$fetched"; then
        echo "fuzz/Cargo.lock is out of date with the workspace's crates: update it with" >&2
        echo "  (cd fuzz && cargo fetch)" >&2
        echo "and commit it" >&2
    else
        echo "$fetched" >&2
    fi
    exit 2
fi

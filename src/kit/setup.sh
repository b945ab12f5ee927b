#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder's image (Ubuntu,
# as root); written by `lloracle autograder gradescope`. It installs the C
# toolchain that links native code, lloracle at the revision the kit pins
# (built with the pinned Rust toolchain, or the prebuilt binary the kit
# ships), and the unprivileged user the students' code runs as. Add what
# your students' compilers need to the apt-get line (or make the kit again
# with --apt).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DEBIAN_FRONTEND=noninteractive
# The lloracle revision and Rust release the kit was made with.
LLORACLE_REV=@@REV@@
RUST_VERSION=@@RUST@@

apt-get update
apt-get install -y --no-install-recommends \
  build-essential gcc binutils curl ca-certificates git @@APT@@

# The user run_autograder builds and checks the submission as.
if ! id -u student >/dev/null 2>&1; then
  useradd --create-home --shell /bin/bash student || echo "no user student: the students' code will run as root"
fi

@@INSTALL@@

echo "installed: $(lloracle --version)"
got="$(lloracle --version | sed -n 's/.*(rev \([^)]*\)).*/\1/p')"
case "$LLORACLE_REV" in
  "" | unknown) ;;
  *)
    if [[ "$got" != "$LLORACLE_REV"* && "$LLORACLE_REV" != "$got"* ]]; then
      echo "setup.sh: lloracle reports revision '$got', the kit pins '$LLORACLE_REV'" >&2
      exit 1
    fi
    ;;
esac

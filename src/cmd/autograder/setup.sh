#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder's image (Ubuntu,
# as root); written by `lloracle autograder gradescope`. It installs the C
# toolchain that links native code, Rust (rustup, minimal profile), and
# lloracle itself, built on the image so that it matches the image's C
# library. Add what your students' compilers need to the apt-get line.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DEBIAN_FRONTEND=noninteractive

apt-get update
apt-get install -y --no-install-recommends \
  build-essential gcc binutils curl ca-certificates git @@APT@@

if ! command -v cargo >/dev/null 2>&1; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
fi
export PATH="$HOME/.cargo/bin:$PATH"

@@INSTALL@@

lloracle --version

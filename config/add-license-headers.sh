#!/usr/bin/env bash
# Adds ReplicaKit's license header to every Java source that lacks it (config/checkstyle.xml checks it).
# Usage: config/add-license-headers.sh   (from the repository root; idempotent)
set -euo pipefail
header=$'/*\n * Copyright 2026 The ReplicaKit authors\n * SPDX-License-Identifier: Apache-2.0\n */'
find . -path '*/target' -prune -o -path './.git' -prune -o -path '*/src/*' -name '*.java' -print |
while read -r f; do
  if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0'; then
    { printf '%s\n' "$header"; cat "$f"; } > "$f.tmp" && mv "$f.tmp" "$f"
  fi
done

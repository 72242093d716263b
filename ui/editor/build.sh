#!/bin/sh
# Build ui/editor/editor.js (CodeMirror 6 + Python, minified) from editor.src.js with the pinned packages of
# package-lock.json. Only needed when editor.src.js or the pins change: the built file is committed and the
# app runs without node.
set -e
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npx esbuild editor.src.js --bundle --minify --format=esm --legal-comments=none --target=es2020 --outfile=editor.js
gzip -9 -c editor.js | wc -c | xargs printf "editor.js: %s bytes gzipped\n"

# Sourced by scripts/serve, build, test and bench: Pyodide for the checker in the page (and xz-decompress, which
# decodes Pyodide's xz-compressed WebAssembly in the page), Workbox for the
# offline copy (its service worker, made at build time), esbuild (Kural's scripts minified in the site) and, for the
# tests only, axe-core (the accessibility checks, run in the page by tests/browser/axe.py), pinned in
# web/package.json and web/package-lock.json, installed with `npm ci` when web/node_modules is missing
# or older than the lock file. Nothing is fetched at run time: the build copies it into the site.
setup_web() {
  if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "installing Debian's nodejs and npm (for Pyodide) ..."
      DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
    else
      echo "npm is missing: install Debian's 'nodejs' and 'npm' packages (the checker needs Pyodide from npm)" >&2
      return 1
    fi
  fi
  local stamp="web/node_modules/.kural-lock"
  local want
  want="$(sha256sum web/package-lock.json | cut -c1-16)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ ! -f web/node_modules/pyodide/pyodide.asm.wasm ] || [ ! -f web/node_modules/workbox-build/package.json ] || [ ! -x web/node_modules/.bin/esbuild ] || [ ! -f web/node_modules/axe-core/axe.js ] || [ ! -f web/node_modules/xz-decompress/package.json ]; then
    echo "installing Pyodide, xz-decompress and Workbox (npm ci in web/) ..."
    (cd web && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$want" > "$stamp"
  fi
}

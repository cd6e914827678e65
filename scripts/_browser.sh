# Debian's headless Chromium (package chromium-headless-shell) for the browser tests and the benchmarks
# (benchmarks/chromium.py says why the shell; where the shell cannot be installed, Debian's chromium does). Browsers
# are never downloaded from elsewhere. KURAL_CHROMIUM names another Chromium, which must then be there already.
setup_browser() {
  if [ "${KURAL_SKIP_BROWSER:-}" = "1" ]; then return 0; fi
  if [ -n "${KURAL_CHROMIUM:-}" ]; then
    if [ -x "$KURAL_CHROMIUM" ]; then return 0; fi
    echo "KURAL_CHROMIUM=$KURAL_CHROMIUM is not a program here" >&2
    return 1
  fi
  if command -v chromium-headless-shell >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium-headless-shell for the browser tests ..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; then return 0; fi
    if command -v chromium >/dev/null 2>&1; then return 0; fi
    echo "no chromium-headless-shell here: installing Debian's chromium instead ..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  elif ! command -v chromium >/dev/null 2>&1; then
    echo "chromium-headless-shell is missing: install Debian's 'chromium-headless-shell' package, or set KURAL_SKIP_BROWSER=1" >&2
    return 1
  fi
}

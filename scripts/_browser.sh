# Debian's Chromium for the browser tests (browsers are never downloaded from elsewhere).
setup_browser() {
  if [ "${KURAL_SKIP_BROWSER:-}" = "1" ]; then return 0; fi
  if command -v chromium >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests ..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: install Debian's 'chromium' package, or set KURAL_SKIP_BROWSER=1" >&2
    return 1
  fi
}

# Shared by scripts/serve, scripts/test and scripts/bench: make .venv with Python 3.11+ and install
# the project (and extras) into it, again only when pyproject.toml changed.
_uv_ready() { .venv/bin/python -m uv --version >/dev/null 2>&1; }
setup_venv() {
  local extras="$1"
  local py="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    echo "setting up .venv ..."
    # without pip: uv installs into it (below); pip is added only where uv cannot be had
    "$py" -m venv --without-pip .venv
  fi
  local stamp=".venv/.kural-installed"
  local want
  want="$(cat pyproject.toml | sha256sum | cut -c1-16)-${extras}"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "installing kural${extras:+ [$extras]} into .venv ..."
    # uv (from PyPI) installs the same packages from PyPI in a quarter of pip's time (about 10 s against 45 s for the
    # test extras on a new machine, much of a fresh `./scripts/test`); pip, as before, where uv cannot be installed.
    if _uv_ready || "$py" -m pip --python .venv/bin/python install --quiet --disable-pip-version-check uv >/dev/null 2>&1; then
      .venv/bin/python -m uv pip install --quiet --python .venv/bin/python -e ".${extras:+[$extras]}"
    else
      echo "(uv could not be installed: pip installs instead)"
      .venv/bin/python -m pip --version >/dev/null 2>&1 || .venv/bin/python -m ensurepip --upgrade >/dev/null
      .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
      .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
    fi
    echo "$want" > "$stamp"
  fi
  setup_cards
}

# The rules cards (PDF, kural/site/pages/card.py) are made with WeasyPrint, which needs Pango, and with fonts that
# have every Japanese and Turkish letter: Debian's packages, installed here as root. Where they cannot be
# installed, the site is built without the cards, and this says so.
KURAL_CARD_PACKAGES="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-noto-cjk fonts-dejavu-core"
_cards_ready() {
  .venv/bin/python -c "import weasyprint" >/dev/null 2>&1 || return 1
  if command -v fc-list >/dev/null 2>&1; then
    fc-list ":lang=ja" family | grep -q "Noto Sans CJK JP" || return 1
    fc-list ":lang=tr" family | grep -q -E "DejaVu Sans|Noto Sans" || return 1
  else
    [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || return 1
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || return 1
  fi
}
setup_cards() {
  if [ "${KURAL_SKIP_CARDS:-}" = "1" ] || _cards_ready; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Pango and fonts for the rules cards ($KURAL_CARD_PACKAGES) ..."
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $KURAL_CARD_PACKAGES >/dev/null
    if _cards_ready; then return 0; fi
  fi
  echo "The rules cards (PDF) need Pango and fonts for Japanese and Turkish, and they could not be installed." >&2
  echo "On Debian, as root: apt-get install $KURAL_CARD_PACKAGES" >&2
  echo "Building the site WITHOUT the rules cards for now (KURAL_SKIP_CARDS=1)." >&2
  export KURAL_SKIP_CARDS=1
}

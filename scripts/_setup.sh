# Shared by scripts/serve, scripts/test and scripts/bench: make .venv with Python 3.11+ and install
# the project (and extras) into it, again only when pyproject.toml changed.
setup_venv() {
  local extras="$1"
  local py="${PYTHON:-python3}"
  if [ ! -x .venv/bin/python ]; then
    echo "setting up .venv ..."
    "$py" -m venv .venv
  fi
  local stamp=".venv/.kural-installed"
  local want
  want="$(cat pyproject.toml | sha256sum | cut -c1-16)-${extras}"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "installing kural${extras:+ [$extras]} into .venv ..."
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
    echo "$want" > "$stamp"
  fi
}

# Sourced by build and test: create (once) the virtual environment from the hashed requirements.
PYTHON="${PYTHON:-python3}"
VENV="${TRAVEL_ATLAS_GAZETTEER_VENV:-$HERE/.venv}"
STAMP="$VENV/.requirements.sha256"
WANT="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]; then
    echo "setting up $VENV from requirements.txt" >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q --require-hashes --no-deps \
        --only-binary=:all: -r "$HERE/requirements.txt"
    echo "$WANT" > "$STAMP"
fi
export PYTHONHASHSEED=0

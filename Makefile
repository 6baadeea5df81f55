# Install atlas like any Unix tool:
#   make install                      # /usr/local/bin/atlas + /usr/local/share/travel-atlas/
#   make install PREFIX=$HOME/.local
#   make install DESTDIR=/tmp/stage PREFIX=/usr   # staged, for packaging
#   make uninstall PREFIX=...         # the same PREFIX and DESTDIR as the install
# The program finds its data at <bin>/../share/travel-atlas/ from its real path, so the
# prefix is not compiled in: a staged tree can be moved as a whole.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install

BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/travel-atlas
DATA = gazetteer.sqlite manifest.json travel-record.schema.json ATTRIBUTION.md

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build -c release --product atlas

install: build
	$(INSTALL) -D -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/atlas" "$(BINDIR)/atlas"
	for f in $(DATA); do $(INSTALL) -D -m 0644 "Resources/$$f" "$(DATADIR)/$$f" || exit 1; done

uninstall:
	rm -f "$(BINDIR)/atlas"
	for f in $(DATA); do rm -f "$(DATADIR)/$$f"; done
	rmdir "$(DATADIR)" 2>/dev/null || true

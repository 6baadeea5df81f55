# Install atlas like any Unix tool:
#   make install                      # /usr/local/bin/atlas + /usr/local/share/travel-atlas/, man page, completions
#   make install PREFIX=$HOME/.local
#   make install DESTDIR=/tmp/stage PREFIX=/usr   # staged, for packaging
#   make uninstall PREFIX=...         # the same PREFIX and DESTDIR as the install
#   make deb                          # travel-atlas_<version>_<arch>.deb (Tools/make-deb)
# The program finds its data at <bin>/../share/travel-atlas/ from its real path, so the
# prefix is not compiled in: a staged tree can be moved as a whole.
#
# The installed program is linked with the Swift runtime and Foundation statically
# (--static-swift-stdlib): it needs only Debian's own libraries (SQLite, libexif, libheif,
# libstdc++, libc), never the Swift toolchain it was built with. It is built in its own
# scratch directory, .build/static, so that it and `swift build -c release` (which links the
# runtime dynamically) do not rebuild each other.
#
# The man page and the shell completions are written by the program itself from the
# commands' declarations (`atlas --man`, `atlas --completions bash|zsh|fish`), so they never drift.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install
SWIFTFLAGS ?= --static-swift-stdlib
SCRATCH ?= .build/static
# Where zsh looks for completions: site-functions under /usr/local; Debian's own zsh reads
# /usr/share/zsh/vendor-completions, which `make deb` passes.
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions

SWIFT_BUILD = $(SWIFT) build -c release --product atlas --scratch-path $(SCRATCH) $(SWIFTFLAGS)
BIN = $(SCRATCH)/release/atlas
GENERATED = $(SCRATCH)/generated

BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share/travel-atlas
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(ZSH_COMPLETIONS)
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
DATA = gazetteer.sqlite manifest.json travel-record.schema.json ATTRIBUTION.md

.PHONY: all build generated install uninstall deb

all: build

build:
	$(SWIFT_BUILD)

# The man page and the completions, from the program just built.
generated: build
	mkdir -p "$(GENERATED)"
	"$(BIN)" --man > "$(GENERATED)/atlas.1"
	"$(BIN)" --completions bash > "$(GENERATED)/atlas.bash"
	"$(BIN)" --completions zsh > "$(GENERATED)/_atlas"
	"$(BIN)" --completions fish > "$(GENERATED)/atlas.fish"

install: generated
	$(INSTALL) -D -m 0755 "$(BIN)" "$(BINDIR)/atlas"
	for f in $(DATA); do $(INSTALL) -D -m 0644 "Resources/$$f" "$(DATADIR)/$$f" || exit 1; done
	$(INSTALL) -D -m 0644 "$(GENERATED)/atlas.1" "$(MANDIR)/atlas.1"
	$(INSTALL) -D -m 0644 "$(GENERATED)/atlas.bash" "$(BASHDIR)/atlas"
	$(INSTALL) -D -m 0644 "$(GENERATED)/_atlas" "$(ZSHDIR)/_atlas"
	$(INSTALL) -D -m 0644 "$(GENERATED)/atlas.fish" "$(FISHDIR)/atlas.fish"

uninstall:
	rm -f "$(BINDIR)/atlas" "$(MANDIR)/atlas.1" "$(BASHDIR)/atlas" "$(ZSHDIR)/_atlas" "$(FISHDIR)/atlas.fish"
	for f in $(DATA); do rm -f "$(DATADIR)/$$f"; done
	rmdir "$(DATADIR)" 2>/dev/null || true

# A Debian package in the current directory, from a staged install under /usr.
STAGE = $(abspath $(SCRATCH))/deb

deb:
	rm -rf "$(STAGE)"
	$(MAKE) install DESTDIR="$(STAGE)" PREFIX=/usr ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions
	Tools/make-deb "$(STAGE)" .

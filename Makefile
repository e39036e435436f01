# Builds and installs lineart: the release binary, a man page per command, and bash, zsh
# and fish completions.
#
#   make                                  build all of it under .build/
#   sudo make install                     into /usr/local (PREFIX)
#   make install PREFIX=$HOME/.local      for one user, no sudo
#   make install DESTDIR=pkg PREFIX=/usr  staged, for a package
#   sudo make uninstall                   same PREFIX and DESTDIR as the install
#
# The binary links the Swift runtime statically (in .build/static), so the installed tool
# needs only the system's C libraries (libjpeg, libpng, zlib, libheif, libwebp, libtiff),
# not the Swift toolchain. STATIC=0 installs the plain `swift build -c release` binary of
# .build/release instead (which needs the toolchain's lib folder where it runs; CI uses it
# to check the install without a second release build).
#
# `make install` builds only what is missing: after `make`, it copies files, so running it
# as root does not rebuild in your source tree. `make` itself always asks SwiftPM, which
# rebuilds only what changed.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install
STATIC ?= 1

bindir := $(PREFIX)/bin
man1dir := $(PREFIX)/share/man/man1
bashdir := $(PREFIX)/share/bash-completion/completions
zshdir := $(PREFIX)/share/zsh/site-functions
fishdir := $(PREFIX)/share/fish/vendor_completions.d
docdir := $(PREFIX)/share/doc/lineart

ifeq ($(STATIC),1)
build_flags := -c release --static-swift-stdlib --build-path .build/static
release := .build/static/release
else
build_flags := -c release
release := .build/release
endif
binary := $(release)/lineart
manual := .build/manual
completions := .build/completions
# The pages carry the date of the last commit, so a rebuild gives the same files.
manual_date := $(shell git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)

.PHONY: all build install uninstall clean-install-files

all: build $(manual)/lineart.1 $(completions)/lineart.bash

build:
	$(SWIFT) build $(build_flags) --product lineart

$(binary):
	$(SWIFT) build $(build_flags) --product lineart

# swift-argument-parser's generate-manual writes lineart.1 and lineart.COMMAND.1 from the
# binary's --experimental-dump-help. The pages are renamed lineart-COMMAND.1 (as git's are;
# lineart-report-merge.1 for a subcommand's),
# blank lines become paragraph breaks (mdoc warns about them), and `help` gets no page.
$(manual)/lineart.1: $(binary)
	$(SWIFT) build $(build_flags) --product generate-manual
	rm -rf $(manual) && mkdir -p $(manual)
	$(release)/generate-manual $(binary) --multi-page --date $(manual_date) --output-directory $(manual)
	rm -f $(manual)/lineart.help.1
	cd $(manual) && for page in lineart.*.1; do \
	  name=$${page%.1}; [ "$$page" = lineart.1 ] || mv "$$page" "$$(echo "$$name" | tr . -).1"; \
	done
	sed -i -e 's/^$$/.Pp/' -e '/^\.Xr lineart\.help 1/d' \
	  -e '/^\.Xr lineart\./{s/\./-/g;s/^-Xr/.Xr/;}' \
	  -e '/^\.Dt LINEART\./{s/\./-/g;s/^-Dt/.Dt/;}' $(manual)/*.1

$(completions)/lineart.bash: $(binary)
	mkdir -p $(completions)
	$(binary) --generate-completion-script bash > $(completions)/lineart.bash
	$(binary) --generate-completion-script zsh > $(completions)/_lineart
	$(binary) --generate-completion-script fish > $(completions)/lineart.fish

install: $(binary) $(manual)/lineart.1 $(completions)/lineart.bash
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(bashdir) \
	  $(DESTDIR)$(zshdir) $(DESTDIR)$(fishdir) $(DESTDIR)$(docdir)
	$(INSTALL) -m 755 $(binary) $(DESTDIR)$(bindir)/lineart
	$(INSTALL) -m 644 $(manual)/*.1 $(DESTDIR)$(man1dir)/
	$(INSTALL) -m 644 $(completions)/lineart.bash $(DESTDIR)$(bashdir)/lineart
	$(INSTALL) -m 644 $(completions)/_lineart $(DESTDIR)$(zshdir)/_lineart
	$(INSTALL) -m 644 $(completions)/lineart.fish $(DESTDIR)$(fishdir)/lineart.fish
	$(INSTALL) -m 644 LICENSE $(DESTDIR)$(docdir)/LICENSE

uninstall:
	rm -f $(DESTDIR)$(bindir)/lineart
	rm -f $(DESTDIR)$(man1dir)/lineart.1 $(DESTDIR)$(man1dir)/lineart-*.1
	rm -f $(DESTDIR)$(bashdir)/lineart $(DESTDIR)$(zshdir)/_lineart $(DESTDIR)$(fishdir)/lineart.fish
	rm -f $(DESTDIR)$(docdir)/LICENSE
	-rmdir $(DESTDIR)$(docdir) 2>/dev/null

# Removes what `make` generated beside the SwiftPM build (not the build itself).
clean-install-files:
	rm -rf $(manual) $(completions)

# mldiag: diagnose machine learning training runs from their logs.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
RULESDIR ?= $(PREFIX)/share/mldiag/rules
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS ?= -O2 -g
BUILD ?= build

WARN := -std=c11 -pedantic -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings -Wvla \
        -Wformat=2 -Wundef -Wold-style-definition -Wno-format-nonliteral
MD_CPPFLAGS := -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -I$(BUILD)/gen
LIBS := -lcsv -lcjson -lz -lm
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS = $(shell $(PKG_CONFIG) --libs check)

SRC := $(sort $(wildcard src/*/*.c))
MAIN := src/cli/main.c
LIB_SRC := $(filter-out $(MAIN),$(SRC))
LIB_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(BUILD)/obj/gen/builtin_rules.o
RULES := $(sort $(wildcard rules/*.rules))
TEST_SRC := $(sort $(wildcard tests/check_*.c))
TEST_OBJ := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TEST_SRC))
DEPS := $(LIB_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/obj/cli/main.d

.PHONY: all check unit golden golden-update corpus docs asan install uninstall deps clean lint format

all: mldiag

mldiag: $(BUILD)/mldiag
	$(Q)cp $< $@

$(BUILD)/mldiag: $(BUILD)/obj/cli/main.o $(BUILD)/libmldiag.a
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/libmldiag.a: $(LIB_OBJ)
	@$(if $(V),,echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

# V=1 shows the commands.
Q := $(if $(V),,@)

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(MD_CPPFLAGS) $(CPPFLAGS) $(WARN) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/gen/builtin_rules.c: $(RULES) $(BUILD)/embed
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  EMBED   $(RULES)")
	$(Q)$(BUILD)/embed $@ $(RULES)

$(BUILD)/obj/gen/builtin_rules.o: $(BUILD)/gen/builtin_rules.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(MD_CPPFLAGS) $(CPPFLAGS) $(WARN) -Wno-overlength-strings $(CFLAGS) -c -o $@ $<

# The embedding tool runs at build time on the build machine: no sanitizers.
$(BUILD)/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(Q)cc -O1 -o $@ $<

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(MD_CPPFLAGS) $(CPPFLAGS) $(CHECK_CFLAGS) $(WARN) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/check_mldiag: $(TEST_OBJ) $(BUILD)/libmldiag.a
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(CHECK_LIBS)

# check: unit tests (Check), the end-to-end tests over examples/ and
# tests/golden/, the quality bar on ../shared/corpus, and the docs test.
# MLDIAG is the binary under test.
check: unit golden corpus docs

unit: $(BUILD)/check_mldiag $(BUILD)/mldiag
	MLDIAG_ROOT=$(CURDIR) MLDIAG=$(CURDIR)/$(BUILD)/mldiag $(BUILD)/check_mldiag

golden: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/run_golden.sh

# Rewrites the expected outputs of the golden tests from the current binary.
golden-update: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/run_golden.sh --update

corpus: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/corpus_labels.sh

docs: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/docs.sh

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan:
	$(MAKE) BUILD=build/asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		LDFLAGS="-fsanitize=address,undefined" check

install: mldiag
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(RULESDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 mldiag $(DESTDIR)$(BINDIR)/mldiag
	install -m 644 $(RULES) $(DESTDIR)$(RULESDIR)/
	if [ -f doc/mldiag.1 ]; then install -m 644 doc/mldiag.1 $(DESTDIR)$(MANDIR)/man1/mldiag.1; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mldiag $(DESTDIR)$(MANDIR)/man1/mldiag.1
	rm -f $(addprefix $(DESTDIR)$(RULESDIR)/,$(notdir $(RULES)))
	-rmdir $(DESTDIR)$(RULESDIR) $(DESTDIR)$(PREFIX)/share/mldiag 2>/dev/null

# Installs the build dependencies that are missing (Debian, as root).
DEB_PACKAGES := build-essential pkg-config libcsv-dev libcjson-dev check zlib1g-dev
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	else echo "all build dependencies are installed"; fi

# Functions copying into fixed buffers are banned; md_buf does it safely.
lint:
	@! grep -nE '\b(strcpy|strcat|sprintf|vsprintf|gets|strtok)\(' $(SRC) || \
		{ echo "banned function used"; exit 1; }

format:
	clang-format -i $(SRC) $(wildcard src/*/*.h) $(wildcard include/mldiag/*.h) $(TEST_SRC)

clean:
	rm -rf build mldiag

-include $(DEPS)

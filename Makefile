# mldiag: diagnose machine learning training runs from their logs.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
RULESDIR ?= $(PREFIX)/share/mldiag/rules
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
# Link-time optimisation inlines the small calls that cross files on every
# line (a reader's into the feed, the feed's into the store): 2-4% fewer
# instructions and 5-10% less time on the bench logs. GCC's own; another
# compiler builds without it (clang's bitcode needs its own archiver).
LTO := $(if $(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo y),-flto=auto)
CFLAGS ?= -O2 -g $(LTO)
BUILD ?= build

WARN := -std=c11 -pedantic -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings -Wvla \
        -Wformat=2 -Wundef -Wold-style-definition -Wno-format-nonliteral
MD_CPPFLAGS := -pthread -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -I$(BUILD)/gen
LIBS := -lcsv -lcjson -lz -lm -pthread
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

.PHONY: all check unit unit-fastpath unit-rest golden golden-update corpus docs asan install uninstall deps clean lint format \
	fuzz fuzz-run fuzz-replay seeds valgrind scripts bench

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
check: unit fuzz-replay golden corpus docs scripts

# The fast-path suite, the slowest, and the rest: make -j2 runs them at once.
unit: unit-fastpath unit-rest

unit-fastpath unit-rest: $(BUILD)/check_mldiag $(BUILD)/mldiag
	MLDIAG_ROOT=$(CURDIR) MLDIAG=$(CURDIR)/$(BUILD)/mldiag $(BUILD)/check_mldiag $(if $(filter unit-rest,$@),--except) fastpath

golden: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/run_golden.sh

# Rewrites the expected outputs of the golden tests from the current binary.
golden-update: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/run_golden.sh --update

corpus: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/corpus_labels.sh

docs: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/docs.sh

# The scripts shipped in contrib/, run as their hosts would run them.
scripts: $(BUILD)/mldiag
	MLDIAG=$(BUILD)/mldiag tests/slurm_epilog.sh

# Fuzzing. Each harness in tests/fuzz/ feeds arbitrary bytes to one stage;
# readers share fuzz_reader.c with the format chosen at build time.
FUZZ_READERS := text csv json jsonl tfevents mlflow wandb
FUZZ_TARGETS := $(FUZZ_READERS) pipeline rules expr fastpath
fuzz_src = $(if $(filter $(1),$(FUZZ_READERS)),tests/fuzz/fuzz_reader.c,tests/fuzz/fuzz_$(1).c)
fuzz_def = $(if $(filter $(1),$(FUZZ_READERS)),-DFUZZ_FORMAT=MD_FMT_$(shell echo $(1) | tr a-z A-Z))
FUZZ_SECONDS ?= 30
FUZZ_JOBS ?= 2

# fuzz-replay runs the seeds and every saved crash through the harnesses
# built without libFuzzer: part of make check, so fixed bugs stay fixed.
REPLAY_BIN := $(FUZZ_TARGETS:%=$(BUILD)/replay/%)

$(BUILD)/replay/%: tests/fuzz/replay.c tests/fuzz/fuzz.h tests/fuzz/same_store.h tests/fuzz/fuzz_reader.c tests/fuzz/fuzz_pipeline.c \
		tests/fuzz/fuzz_rules.c tests/fuzz/fuzz_expr.c tests/fuzz/fuzz_fastpath.c $(BUILD)/libmldiag.a
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(MD_CPPFLAGS) $(CPPFLAGS) $(WARN) $(CFLAGS) $(LDFLAGS) $(call fuzz_def,$*) -Itests/fuzz \
		-o $@ tests/fuzz/replay.c $(call fuzz_src,$*) $(BUILD)/libmldiag.a $(LIBS)

fuzz-replay: $(REPLAY_BIN)
	@for t in $(FUZZ_TARGETS); do \
		dirs=$$(ls -d tests/fuzz/seeds/$$t tests/fuzz/regressions/$$t 2>/dev/null); \
		[ -z "$$dirs" ] || $(BUILD)/replay/$$t $$dirs || exit 1; \
	done

# make fuzz builds the libFuzzer harnesses (clang); make fuzz-run runs each
# for FUZZ_SECONDS, seeded from tests/fuzz/seeds, the saved regressions,
# examples/ and ../shared/corpus when present. Crashes land in
# tests/fuzz/crashes/; a fixed one belongs in tests/fuzz/regressions/.
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined
fuzz:
	$(MAKE) BUILD=build/fuzzlib CC=clang CFLAGS="$(FUZZ_CFLAGS)" build/fuzzlib/libmldiag.a
	@mkdir -p build/fuzz
	@for t in $(FUZZ_TARGETS); do \
		echo "  FUZZ    build/fuzz/fuzz_$$t"; \
		clang $(MD_CPPFLAGS) -Ibuild/fuzzlib/gen -Itests/fuzz -O1 -g -fsanitize=fuzzer,address,undefined \
			$$(case " $(FUZZ_READERS) " in *" $$t "*) echo -DFUZZ_FORMAT=MD_FMT_$$(echo $$t | tr a-z A-Z) \
			tests/fuzz/fuzz_reader.c;; *) echo tests/fuzz/fuzz_$$t.c;; esac) \
			build/fuzzlib/libmldiag.a $(LIBS) -o build/fuzz/fuzz_$$t || exit 1; \
	done

fuzz-run: fuzz
	tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_JOBS) $(FUZZ_TARGETS)

# The fast paths against what they stand in for (tests/check_fastpath.c)
# on inputs generated from SEEDS other seeds than make check's.
SEEDS ?= 20
seeds: $(BUILD)/check_mldiag
	@for s in $$(seq 1 $(SEEDS)); do \
		for c in numbers readers; do \
			MLDIAG_SEED=$$s CK_RUN_SUITE=fastpath CK_RUN_CASE=$$c $(BUILD)/check_mldiag >/dev/null \
				|| { echo "seeds: MLDIAG_SEED=$$s CK_RUN_SUITE=fastpath CK_RUN_CASE=$$c fails"; exit 1; }; \
		done; \
	done; echo "seeds: $(SEEDS) seeds passed"

# The end-to-end tests with the binary under valgrind (no error, no leak).
# VALGRIND_GOLDEN=--no-near-misses leaves the near misses to the sanitizer
# pass (CI does, to stay in its time).
VALGRIND_GOLDEN ?=
valgrind: $(BUILD)/mldiag
	MLDIAG=tests/valgrind-mldiag.sh MLDIAG_BIN=$(BUILD)/mldiag tests/run_golden.sh --part 1/2 $(VALGRIND_GOLDEN) & \
	first=$$!; \
	MLDIAG=tests/valgrind-mldiag.sh MLDIAG_BIN=$(BUILD)/mldiag tests/run_golden.sh --part 2/2 $(VALGRIND_GOLDEN); \
	second=$$?; wait $$first && [ $$second = 0 ]
	MLDIAG=tests/valgrind-mldiag.sh MLDIAG_BIN=$(BUILD)/mldiag tests/slurm_epilog.sh

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer.
# The unit tests run in one process (CK_FORK=no): LeakSanitizer then checks
# for leaks once at the end, not in each of 500 forked tests, which took
# two thirds of the suite's time. make check has already run them forked,
# with their timeouts. GCC's undefined leaves out float-cast-overflow (a
# count of 20 digits cast to an integer): it is asked for by name.
asan:
	CK_FORK=no $(MAKE) BUILD=build/asan CFLAGS="-O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		LDFLAGS="-fsanitize=address,undefined,float-cast-overflow" check

# The benchmark against wc -l, mawk, Python and pandas on generated logs
# (bench/run; BENCH_SIZES, BENCH_FORMATS, BENCH_REPS). Never fails.
$(BUILD)/bench/%: bench/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) -O2 -std=c11 -Wall -Wextra $(LDFLAGS) -o $@ $< -lm

bench: $(BUILD)/mldiag $(BUILD)/bench/gen $(BUILD)/bench/timeit
	-MLDIAG=$(BUILD)/mldiag GEN=$(BUILD)/bench/gen TIMEIT=$(BUILD)/bench/timeit BENCH_DATA=$(BUILD)/bench/data \
		sh bench/run

install: mldiag
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(RULESDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 mldiag $(DESTDIR)$(BINDIR)/mldiag
	install -m 644 $(RULES) $(DESTDIR)$(RULESDIR)/
	install -m 755 contrib/slurm-epilog.sh $(DESTDIR)$(PREFIX)/share/mldiag/slurm-epilog.sh
	if [ -f doc/mldiag.1 ]; then install -m 644 doc/mldiag.1 $(DESTDIR)$(MANDIR)/man1/mldiag.1; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mldiag $(DESTDIR)$(MANDIR)/man1/mldiag.1
	rm -f $(addprefix $(DESTDIR)$(RULESDIR)/,$(notdir $(RULES)))
	rm -f $(DESTDIR)$(PREFIX)/share/mldiag/slurm-epilog.sh
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

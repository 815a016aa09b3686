# SPDX-License-Identifier: GPL-2.0
#
# MGLRU-FG patch-series workspace.  See README.md.

TOP     := $(CURDIR)
KSRC    := $(TOP)/build/linux
KOBJ    := $(TOP)/build/obj
BZIMAGE := $(KOBJ)/arch/x86/boot/bzImage

.PHONY: help deps fetch tree export kernel selftests demo check bisect-check bench bench-full series build-matrix debug-check i386-check stress clean distclean

help:
	@echo "make deps       install the Debian packages the workspace needs (root)"
	@echo "make fetch      fetch and verify the pinned base kernel (base.conf)"
	@echo "make tree       build/linux: base (tag 'base') + patches/series on branch fg"
	@echo "make export     write base..fg back into patches/ and patches/series"
	@echo "make kernel     build the guest kernel (tinyconfig + Kconfig.fg) in build/obj"
	@echo "make selftests  build the selftests into build/selftests"
	@echo "make demo       fresh machine to stock MGLRU vs the series vs the classic LRU on one workload"
	@echo "make check      checkpatch, apply, build, W=1/sparse, KUnit, selftests"
	@echo "make bisect-check  build the kernel at every prefix of the series (BISECT_RANGE=\"FIRST LAST\" for some)"
	@echo "make bench      build the arms, boot each under QEMU, print the quick tables + plot (45-60 min once the arms are built)"
	@echo "make bench-full the full benchmark matrix (many hours); BENCH_ARGS='-a ... -w ... -r N' for either"
	@echo "make series     patches/ -> build/mail/out: the mails b4 would send (no network), checked with git am;"
	@echo "                PART=NAME: one part of the series alone (scripts/series.sh -p list names them)"
	@echo "make build-matrix  the series with LRU_GEN=n, MEMCG=n, LRU_GEN_STATS=y, i386 + W=1/sparse vs base (slow)"
	@echo "make debug-check   debug kernel (Kconfig.debug: lockdep, DEBUG_VM, KASAN...) booted with KUnit + selftests + a short stress with fault injection"
	@echo "make i386-check    the series built for 32-bit x86, booted in qemu-system-i386 with KUnit + selftests"
	@echo "make stress     reclaim stress in a guest: memcgs, zram swap, THP, lru_gen toggles, checksummed files"

deps:
	$(TOP)/scripts/install-deps.sh

fetch:
	$(TOP)/scripts/fetch-base.sh

tree:
	$(TOP)/scripts/mktree.sh

export:
	$(TOP)/scripts/export.sh

kernel:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/build-kernel.sh $(KSRC) $(KOBJ)

selftests:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/build-selftests.sh $(KSRC) $(TOP)/build/selftests

demo:
	$(TOP)/scripts/demo.sh

check:
	$(TOP)/scripts/check.sh

bisect-check:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/bisect-check.sh $(BISECT_RANGE)

bench:
	$(TOP)/scripts/install-deps.sh
	BENCH_CMD="make bench $(BENCH_ARGS)" $(TOP)/scripts/bench.sh $(BENCH_ARGS)

bench-full:
	$(TOP)/scripts/install-deps.sh
	BENCH_CMD="make bench-full $(BENCH_ARGS)" $(TOP)/scripts/bench.sh --full $(BENCH_ARGS)

series:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/series.sh $(if $(PART),-p $(PART))

build-matrix:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/build-matrix.sh

debug-check:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/debug-check.sh

i386-check:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/i386-check.sh

stress:
	@[ -d $(KSRC)/.git ] || $(TOP)/scripts/mktree.sh
	$(TOP)/scripts/stress.sh

clean:
	rm -rf $(TOP)/build/obj $(TOP)/build/obj-* $(TOP)/build/selftests $(TOP)/build/runs $(TOP)/build/check

distclean:
	@if [ -d $(KSRC)/.git ] && ! $(TOP)/scripts/export.sh --check >/dev/null 2>&1; then \
		echo "distclean: build/linux has work not exported to patches/ ('make export' first)"; exit 1; fi
	rm -rf $(TOP)/build

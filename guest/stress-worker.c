// SPDX-License-Identifier: GPL-2.0
/*
 * stress-worker: the workers of guest/stress.sh (make stress).
 *
 *   stress-worker gen FILE MIB ID      write FILE: every 4 KiB block starts
 *                                      with a header (magic, ID, block) and
 *                                      is filled from a seeded generator
 *   stress-worker fd FILE ID SECS OPS  zipf (s = 0.9) pread()s of FILE's
 *   stress-worker mmap FILE ID SECS OPS     blocks, or loads from a shared
 *                                      read-only mapping, each block checked
 *   stress-worker anon MIB SECS OPS    anonymous memory (MADV_HUGEPAGE) with a
 *                                      pattern, rewritten and re-checked in
 *                                      zipf order (swap, THP split/collapse)
 *   stress-worker rand FILE ID SECS OPS  large folios read at random: a
 *                                      window of FILE read sequentially (so
 *                                      readahead makes large folios), then
 *                                      zipf pread()s through a descriptor
 *                                      declared POSIX_FADV_RANDOM (reclaim
 *                                      splits such folios), some blocks
 *                                      written back unchanged (dirty, under
 *                                      writeback) and some windows mapped
 *                                      while reclaim looks at them
 *   stress-worker lazyfree MIB SECS OPS  anonymous MADV_HUGEPAGE memory made
 *                                      lazyfree (MADV_FREE) in rounds; each
 *                                      block must read back as written or
 *                                      as zeroes (discarded by reclaim)
 *   stress-worker shmem FILE MIB ID SECS OPS  FILE created on tmpfs (mount it
 *                                      with huge=always: large shmem folios),
 *                                      read and rewritten in zipf order while
 *                                      reclaim swaps it out
 *   stress-worker trunc FILE ID SECS OPS  FILE (made by gen) read sequentially
 *                                      and at random, then truncated at a
 *                                      random block (through large folios
 *                                      reclaim may be splitting), checked,
 *                                      and written back to its full size
 *
 * Readers write their op count to the file OPS every second (the watchdog
 * of guest/stress.sh reads it).  Exit 0 when every block checked was right,
 * 1 on a corrupted block (printed), 2 on usage or I/O errors.  A system call
 * that fails with ENOMEM is retried: under fault injection (make stress -F)
 * the kernel fails allocations of these workers on purpose.  In the
 * environment, STRESS_NICE=N makes a worker nice(N) itself and
 * STRESS_FAIL=1 arms fault injection for it (/proc/self/make-it-fail),
 * both once it runs: its own binary must be loaded from where a failed
 * allocation cannot break the file system for everyone (not virtio-9p).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define BLK 4096
#define MAGIC 0x46475354524553ULL	/* "FGSTRES" */

struct hdr {
	uint64_t magic;
	uint64_t id;
	uint64_t blk;
	uint64_t gen;
};

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static uint64_t word(uint64_t id, uint64_t blk, uint64_t i)
{
	uint64_t x = (id << 40) ^ (blk << 12) ^ i ^ 0x5bd1e995ULL;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return x;
}

static void fill(uint64_t *b, uint64_t id, uint64_t blk, uint64_t gen)
{
	struct hdr *h = (struct hdr *)b;
	size_t i;

	h->magic = MAGIC;
	h->id = id;
	h->blk = blk;
	h->gen = gen;
	for (i = sizeof(*h) / 8; i < BLK / 8; i++)
		b[i] = word(id, blk, i) + gen;
}

/*
 * 0 when block b is block blk of file/area id with generation gen; a block
 * that is not is reported as corrupt unless what is NULL
 */
static double now(void);
static void report(const char *path, unsigned long long n);

/*
 * A heartbeat for the guest's watchdog: the blocks checked so far, in every
 * phase (the final passes over swapped-out data too), written to
 * $STRESS_BEAT about once a second.  On a slow kernel one operation of a
 * worker can take minutes, and the operation counts then say nothing.
 */
static const char *beat_path;
static unsigned long long beats;
static double beat_tick;

static void beat(void)
{
	beats++;
	if (beat_path && now() > beat_tick) {
		report(beat_path, beats);
		beat_tick = now() + 1;
	}
}

static int check(const uint64_t *b, uint64_t id, uint64_t blk, uint64_t gen,
		 const char *what)
{
	const struct hdr *h = (const struct hdr *)b;
	size_t i;

	beat();
	if (h->magic != MAGIC || h->id != id || h->blk != blk || h->gen != gen) {
		if (!what)
			return 1;
		fprintf(stderr, "stress-worker: CORRUPT %s block %llu: header magic %llx id %llu blk %llu gen %llu, want id %llu gen %llu\n",
			what, (unsigned long long)blk, (unsigned long long)h->magic,
			(unsigned long long)h->id, (unsigned long long)h->blk,
			(unsigned long long)h->gen, (unsigned long long)id,
			(unsigned long long)gen);
		return 1;
	}
	for (i = sizeof(*h) / 8; i < BLK / 8; i++) {
		if (b[i] != word(id, blk, i) + gen) {
			if (!what)
				return 1;
			fprintf(stderr, "stress-worker: CORRUPT %s block %llu word %zu\n",
				what, (unsigned long long)blk, i);
			return 1;
		}
	}
	return 0;
}

/* zipf(0.9) over n items: cumulative weights, picked by binary search */
static double *zipf_cdf(size_t n)
{
	double *c = malloc(n * sizeof(*c)), s = 0;
	size_t i;

	if (!c)
		exit(2);
	for (i = 0; i < n; i++) {
		s += 1.0 / pow((double)(i + 1), 0.9);
		c[i] = s;
	}
	for (i = 0; i < n; i++)
		c[i] /= s;
	return c;
}

static size_t zipf_pick(const double *c, size_t n, const size_t *perm)
{
	double u = (next() >> 11) * (1.0 / 9007199254740992.0);
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (c[mid] < u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return perm[lo];	/* hot blocks spread over the file */
}

static size_t *shuffle(size_t n)
{
	size_t *p = malloc(n * sizeof(*p)), i;

	if (!p)
		exit(2);
	for (i = 0; i < n; i++)
		p[i] = i;
	for (i = n - 1; i > 0; i--) {
		size_t j = next() % (i + 1), t = p[i];

		p[i] = p[j];
		p[j] = t;
	}
	return p;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * ENOMEM is what an injected allocation failure looks like to a read, a
 * write or a new mapping: wait a little and try again, a bounded number of
 * times, so that a real shortage still ends the run.
 */
static int again(int *tries)
{
	if (errno != ENOMEM || ++*tries > 10000)
		return 0;
	usleep(100);
	return 1;
}

static int xopen(const char *path, int flags, mode_t mode)
{
	int tries = 0, fd;

	while ((fd = open(path, flags, mode)) < 0 && again(&tries))
		;
	return fd;
}

static int xfsync(int fd)
{
	int tries = 0, r;

	while ((r = fsync(fd)) && again(&tries))
		;
	return r;
}

/*
 * A truncation that fails with ENOMEM may have changed the size already and
 * not yet freed the blocks past it: the same call again finishes the job.
 */
static int xftruncate(int fd, off_t len)
{
	int tries = 0, r;

	while ((r = ftruncate(fd, len)) && again(&tries))
		;
	return r;
}

static ssize_t xpread(int fd, void *b, size_t len, off_t off)
{
	int tries = 0;
	ssize_t r;

	while ((r = pread(fd, b, len, off)) < 0 && again(&tries))
		;
	return r;
}

static ssize_t xpwrite(int fd, const void *b, size_t len, off_t off)
{
	int tries = 0;
	ssize_t r;

	while ((r = pwrite(fd, b, len, off)) < 0 && again(&tries))
		;
	return r;
}

static void *xmmap(size_t len, int prot, int flags, int fd, off_t off)
{
	int tries = 0;
	void *m;

	while ((m = mmap(NULL, len, prot, flags, fd, off)) == MAP_FAILED && again(&tries))
		;
	return m;
}

static void report(const char *ops, unsigned long long n)
{
	FILE *f = fopen(ops, "w");

	if (f) {
		fprintf(f, "%llu\n", n);
		fclose(f);
	}
}

/*
 * Report progress about once a second; true once the run's time is up, which
 * is tested at every operation: on a slow kernel a worker must not go on for
 * minutes after the end.
 */
static int progress(const char *ops, unsigned long long n, double *tick, double end)
{
	double t = now();

	if (t > *tick) {
		report(ops, n);
		*tick = t + 1;
	}
	return t > end;
}

static int gen(const char *path, long mib, uint64_t id)
{
	static uint64_t b[BLK / 8];
	uint64_t blk, nblk = (uint64_t)mib * 256;
	int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) {
		perror(path);
		return 2;
	}
	for (blk = 0; blk < nblk; blk++) {
		fill(b, id, blk, 0);
		if (write(fd, b, BLK) != BLK) {
			perror("write");
			return 2;
		}
	}
	if (fsync(fd) || close(fd)) {
		perror("fsync");
		return 2;
	}
	return 0;
}

static int reader(int use_mmap, const char *path, uint64_t id, double secs,
		  const char *ops)
{
	static uint64_t b[BLK / 8];
	unsigned long long n = 0, bad = 0;
	struct stat st;
	size_t nblk, *perm;
	double *cdf, end, tick;
	char *map = NULL;
	int fd = xopen(path, O_RDONLY, 0);

	if (fd < 0 || fstat(fd, &st)) {
		perror(path);
		return 2;
	}
	nblk = st.st_size / BLK;
	if (!nblk)
		return 2;
	rng ^= id * 0x2545f4914f6cdd1dULL + getpid();
	cdf = zipf_cdf(nblk);
	perm = shuffle(nblk);
	if (use_mmap) {
		map = xmmap(nblk * BLK, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED) {
			perror("mmap");
			return 2;
		}
	}
	end = now() + secs;
	tick = now() + 1;
	while (1) {
		size_t blk = zipf_pick(cdf, nblk, perm);
		const uint64_t *p = b;

		if (use_mmap) {
			p = (const uint64_t *)(map + blk * BLK);
		} else if (xpread(fd, b, BLK, (off_t)blk * BLK) != BLK) {
			perror("pread");
			return 2;
		}
		bad += check(p, id, blk, 0, use_mmap ? "mmap" : "pread");
		if (bad > 10)
			break;
		n++;
		if (progress(ops, n, &tick, end))
			break;
	}
	report(ops, n);
	printf("stress-worker: %s %s: %llu reads, %llu corrupt\n",
	       use_mmap ? "mmap" : "fd", path, n, bad);
	return bad ? 1 : 0;
}

static int anon(long mib, double secs, const char *ops)
{
	size_t nblk = (size_t)mib * 256, blk, *perm;
	unsigned long long n = 0, bad = 0;
	uint64_t *gens;
	double *cdf, end, tick;
	char *a;

	a = xmmap(nblk * BLK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gens = calloc(nblk, sizeof(*gens));
	if (a == MAP_FAILED || !gens) {
		perror("mmap");
		return 2;
	}
	madvise(a, nblk * BLK, MADV_HUGEPAGE);
	rng ^= getpid();
	for (blk = 0; blk < nblk; blk++)
		fill((uint64_t *)(a + blk * BLK), 7777, blk, 0);
	cdf = zipf_cdf(nblk);
	perm = shuffle(nblk);
	end = now() + secs;
	tick = now() + 1;
	while (1) {
		blk = zipf_pick(cdf, nblk, perm);
		bad += check((uint64_t *)(a + blk * BLK), 7777, blk, gens[blk], "anon");
		if (bad > 10)
			break;
		if ((next() & 7) == 0)
			fill((uint64_t *)(a + blk * BLK), 7777, blk, ++gens[blk]);
		n++;
		if (progress(ops, n, &tick, end))
			break;
	}
	/* everything once more, most of it back from swap */
	for (blk = 0; blk < nblk && bad <= 10; blk++)
		bad += check((uint64_t *)(a + blk * BLK), 7777, blk, gens[blk], "anon");
	report(ops, n);
	printf("stress-worker: anon %ld MiB: %llu accesses, %llu corrupt\n", mib, n, bad);
	return bad ? 1 : 0;
}

static int read_blk(int fd, uint64_t *b, size_t blk)
{
	if (xpread(fd, b, BLK, (off_t)blk * BLK) != BLK) {
		perror("pread");
		return -1;
	}
	return 0;
}

static int rand_reader(const char *path, uint64_t id, double secs, const char *ops)
{
	static uint64_t b[BLK / 8];
	unsigned long long n = 0, bad = 0, rewrites = 0, windows = 0, maps = 0;
	const size_t win = 4 << 20 >> 12;	/* 4 MiB windows, in blocks */
	int fd = xopen(path, O_RDWR, 0), seq = xopen(path, O_RDONLY, 0);
	double *cdf, end, tick;
	size_t nblk, *perm, i;
	struct stat st;

	if (fd < 0 || seq < 0 || fstat(fd, &st)) {
		perror(path);
		return 2;
	}
	nblk = st.st_size / BLK;
	if (nblk < win)
		return 2;
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM)) {
		fprintf(stderr, "stress-worker: POSIX_FADV_RANDOM failed\n");
		return 2;
	}
	rng ^= id * 0x9e3779b97f4a7c15ULL + getpid();
	cdf = zipf_cdf(nblk);
	perm = shuffle(nblk);
	end = now() + secs;
	tick = now() + 1;
	while (bad <= 10) {
		size_t first = next() % (nblk / win) * win;

		/* a window read sequentially: readahead's large folios */
		for (i = 0; i < win && bad <= 10; i++) {
			if (read_blk(seq, b, first + i))
				return 2;
			bad += check(b, id, first + i, 0, "rand seq");
		}
		windows++;
		/* now at random, a few of them in that window */
		for (i = 0; i < 256 && bad <= 10; i++) {
			size_t blk = (i & 3) ? zipf_pick(cdf, nblk, perm) : first + next() % win;

			if (read_blk(fd, b, blk))
				return 2;
			bad += check(b, id, blk, 0, "rand");
			/* the same bytes written back: dirty, then writeback */
			if (!bad && (next() & 15) == 0) {
				if (xpwrite(fd, b, BLK, (off_t)blk * BLK) != BLK) {
					perror("pwrite");
					return 2;
				}
				rewrites++;
			}
			n++;
		}
		/* the window mapped and touched while reclaim may split it */
		if ((next() & 3) == 0) {
			char *m = xmmap(win * BLK, PROT_READ, MAP_SHARED, fd,
					(off_t)first * BLK);

			if (m == MAP_FAILED) {
				perror("mmap");
				return 2;
			}
			for (i = 0; i < win && bad <= 10; i += 1 + next() % 8)
				bad += check((const uint64_t *)(m + i * BLK), id, first + i, 0,
					     "rand mmap");
			munmap(m, win * BLK);
			maps++;
		}
		if (!(n & 1023))
			fdatasync(fd);
		if (progress(ops, n & ~15ULL, &tick, end) || now() > end)
			break;
	}
	report(ops, n);
	printf("stress-worker: rand %s: %llu random reads, %llu windows read, %llu mapped, %llu blocks rewritten, %llu corrupt\n",
	       path, n, windows, maps, rewrites, bad);
	return bad ? 1 : 0;
}

/* 0 when the whole block is zero: a lazyfree page that reclaim discarded */
static int zero_blk(const uint64_t *b)
{
	size_t i;

	beat();
	for (i = 0; i < BLK / 8; i++)
		if (b[i])
			return 0;
	return 1;
}

static int lazyfree(long mib, double secs, const char *ops)
{
	size_t nblk = (size_t)mib * 256, blk, len = nblk * BLK + (2 << 20);
	unsigned long long rounds = 0, kept = 0, dropped = 0, bad = 0, n = 0;
	double end, tick;

	end = now() + secs;
	tick = now() + 1;
	while (bad <= 10) {
		char *raw = xmmap(len, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *a;
		int tries = 0;

		if (raw == MAP_FAILED) {
			perror("mmap");
			return 2;
		}
		/* PMD-aligned, so that the faults can be THPs */
		a = (char *)(((uintptr_t)raw + (2 << 20) - 1) & ~(uintptr_t)((2 << 20) - 1));
		madvise(a, nblk * BLK, MADV_HUGEPAGE);
		for (blk = 0; blk < nblk; blk++)
			fill((uint64_t *)(a + blk * BLK), 8888, blk, rounds);
		while (madvise(a, nblk * BLK, MADV_FREE) && again(&tries))
			;
		if (tries > 10000) {
			perror("MADV_FREE");
			return 2;
		}
		/* let reclaim get to them */
		usleep(200000);
		for (blk = 0; blk < nblk && bad <= 10; blk++) {
			const uint64_t *b = (const uint64_t *)(a + blk * BLK);

			if (zero_blk(b)) {
				dropped++;
				continue;
			}
			/*
			 * Reclaim may discard the page while it is read: what
			 * was read before reads as written, the rest as zeroes.
			 * A block that does not match must read as zeroes now.
			 */
			if (!check(b, 8888, blk, rounds, NULL)) {
				kept++;
				continue;
			}
			if (zero_blk(b)) {
				dropped++;
				continue;
			}
			bad += check(b, 8888, blk, rounds, "lazyfree");
		}
		munmap(raw, len);
		rounds++;
		n += nblk;
		if (progress(ops, n & ~15ULL, &tick, end) || now() > end)
			break;
	}
	report(ops, n);
	printf("stress-worker: lazyfree %ld MiB: %llu rounds, %llu blocks discarded, %llu kept, %llu corrupt\n",
	       mib, rounds, dropped, kept, bad);
	return bad ? 1 : 0;
}

/*
 * shmem: a tmpfs file (large folios with huge=always) read and rewritten in
 * zipf order while reclaim moves it to swap and back; every block is
 * checked against the generation it was last written with.
 */
static int shmem(const char *path, long mib, uint64_t id, double secs, const char *ops)
{
	static uint64_t b[BLK / 8];
	size_t nblk = (size_t)mib * 256, blk, *perm;
	unsigned long long n = 0, bad = 0, writes = 0;
	double *cdf, end, tick;
	uint64_t *gens = calloc(nblk, sizeof(*gens));
	int fd = xopen(path, O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || !gens) {
		perror(path);
		return 2;
	}
	for (blk = 0; blk < nblk; blk++) {
		fill(b, id, blk, 0);
		if (xpwrite(fd, b, BLK, (off_t)blk * BLK) != BLK) {
			perror("pwrite");
			return 2;
		}
	}
	rng ^= id * 0x2545f4914f6cdd1dULL + getpid();
	cdf = zipf_cdf(nblk);
	perm = shuffle(nblk);
	end = now() + secs;
	tick = now() + 1;
	while (bad <= 10) {
		blk = zipf_pick(cdf, nblk, perm);
		if (read_blk(fd, b, blk))
			return 2;
		bad += check(b, id, blk, gens[blk], "shmem");
		if (!bad && (next() & 7) == 0) {
			fill(b, id, blk, ++gens[blk]);
			if (xpwrite(fd, b, BLK, (off_t)blk * BLK) != BLK) {
				perror("pwrite");
				return 2;
			}
			writes++;
		}
		n++;
		if (progress(ops, n, &tick, end))
			break;
	}
	/* all of it once more, much of it back from swap */
	for (blk = 0; blk < nblk && bad <= 10; blk++) {
		if (read_blk(fd, b, blk))
			return 2;
		bad += check(b, id, blk, gens[blk], "shmem");
	}
	report(ops, n);
	close(fd);
	unlink(path);
	printf("stress-worker: shmem %s %ld MiB: %llu reads, %llu blocks rewritten, %llu corrupt\n",
	       path, mib, n, writes, bad);
	return bad ? 1 : 0;
}

/*
 * trunc: FILE read sequentially (readahead's large folios) and at random
 * through a POSIX_FADV_RANDOM descriptor (so that reclaim marks and splits
 * them), then truncated at a random block, which cuts through large folios
 * that reclaim may be splitting at that moment; the blocks below the cut
 * must still read right and nothing may be read past it; then the file
 * grows back (a hole first, which must read as zeroes) and is written to
 * its full size again with a new generation.
 */
static int trunc_worker(const char *path, uint64_t id, double secs, const char *ops)
{
	static uint64_t b[BLK / 8];
	unsigned long long n = 0, bad = 0, cuts = 0;
	int fd = xopen(path, O_RDWR, 0), rfd = xopen(path, O_RDONLY, 0);
	size_t nblk, blk, cut, i;
	double end, tick;
	uint64_t *gens;
	struct stat st;

	if (fd < 0 || rfd < 0 || fstat(fd, &st)) {
		perror(path);
		return 2;
	}
	nblk = st.st_size / BLK;
	gens = calloc(nblk, sizeof(*gens));
	if (nblk < 16 || !gens)
		return 2;
	if (posix_fadvise(rfd, 0, 0, POSIX_FADV_RANDOM)) {
		fprintf(stderr, "stress-worker: POSIX_FADV_RANDOM failed\n");
		return 2;
	}
	rng ^= id * 0x9e3779b97f4a7c15ULL + getpid();
	end = now() + secs;
	tick = now() + 1;
	while (bad <= 10) {
		/* a cycle is slow on a debug kernel: stop in it at the end */
		for (blk = 0; blk < nblk && bad <= 10 && now() <= end; blk++) {
			if (read_blk(fd, b, blk))
				return 2;
			bad += check(b, id, blk, gens[blk], "trunc seq");
		}
		for (i = 0; i < nblk && bad <= 10 && now() <= end; i++) {
			blk = next() % nblk;
			if (read_blk(rfd, b, blk))
				return 2;
			bad += check(b, id, blk, gens[blk], "trunc rand");
			n++;
		}
		if (now() > end)
			break;
		/* cut anywhere, mostly inside what readahead made large */
		cut = 1 + next() % (nblk - 1);
		if (xftruncate(fd, (off_t)cut * BLK)) {
			perror("ftruncate");
			return 2;
		}
		cuts++;
		for (i = 0; i < 64 && bad <= 10; i++) {
			blk = next() % cut;
			if (read_blk(rfd, b, blk))
				return 2;
			bad += check(b, id, blk, gens[blk], "trunc kept");
		}
		if (xpread(rfd, b, BLK, (off_t)cut * BLK) != 0) {
			fprintf(stderr, "stress-worker: CORRUPT trunc: data past the end at block %zu\n", cut);
			bad++;
		}
		/* back to full size: a hole, then written */
		if (xftruncate(fd, (off_t)nblk * BLK)) {
			perror("ftruncate");
			return 2;
		}
		if (xpread(rfd, b, BLK, (off_t)cut * BLK) != BLK || !zero_blk(b)) {
			fprintf(stderr, "stress-worker: CORRUPT trunc: hole at block %zu is not zero\n", cut);
			bad++;
		}
		for (blk = cut; blk < nblk; blk++) {
			fill(b, id, blk, ++gens[blk]);
			if (xpwrite(fd, b, BLK, (off_t)blk * BLK) != BLK) {
				perror("pwrite");
				return 2;
			}
		}
		if (!(cuts & 7))
			fdatasync(fd);
		if (progress(ops, n & ~15ULL, &tick, end) || now() > end)
			break;
	}
	/* leave the file as gen wrote it, for the checksum at the end */
	for (blk = 0; blk < nblk; blk++) {
		fill(b, id, blk, 0);
		if (xpwrite(fd, b, BLK, (off_t)blk * BLK) != BLK) {
			perror("pwrite");
			return 2;
		}
	}
	if (xfsync(fd)) {
		perror("fsync");
		return 2;
	}
	report(ops, n);
	printf("stress-worker: trunc %s: %llu random reads, %llu truncations, %llu corrupt\n",
	       path, n, cuts, bad);
	return bad ? 1 : 0;
}

static void setup_env(void)
{
	const char *n = getenv("STRESS_NICE"), *f = getenv("STRESS_FAIL");
	int fd;

	beat_path = getenv("STRESS_BEAT");

	if (n && *n) {
		errno = 0;
		if (nice(atoi(n)) == -1 && errno)
			perror("nice");
	}
	if (f && !strcmp(f, "1")) {
		fd = open("/proc/self/make-it-fail", O_WRONLY);
		if (fd < 0 || write(fd, "1", 1) != 1) {
			perror("make-it-fail");
			exit(2);
		}
		close(fd);
	}
}

int main(int argc, char **argv)
{
	setup_env();
	if (argc == 5 && !strcmp(argv[1], "gen"))
		return gen(argv[2], atol(argv[3]), strtoull(argv[4], NULL, 0));
	if (argc == 6 && (!strcmp(argv[1], "fd") || !strcmp(argv[1], "mmap")))
		return reader(argv[1][0] == 'm', argv[2], strtoull(argv[3], NULL, 0),
			      atof(argv[4]), argv[5]);
	if (argc == 5 && !strcmp(argv[1], "anon"))
		return anon(atol(argv[2]), atof(argv[3]), argv[4]);
	if (argc == 6 && !strcmp(argv[1], "rand"))
		return rand_reader(argv[2], strtoull(argv[3], NULL, 0), atof(argv[4]), argv[5]);
	if (argc == 5 && !strcmp(argv[1], "lazyfree"))
		return lazyfree(atol(argv[2]), atof(argv[3]), argv[4]);
	if (argc == 7 && !strcmp(argv[1], "shmem"))
		return shmem(argv[2], atol(argv[3]), strtoull(argv[4], NULL, 0), atof(argv[5]),
			     argv[6]);
	if (argc == 6 && !strcmp(argv[1], "trunc"))
		return trunc_worker(argv[2], strtoull(argv[3], NULL, 0), atof(argv[4]), argv[5]);
	fprintf(stderr, "usage: stress-worker gen FILE MIB ID | fd|mmap|rand|trunc FILE ID SECS OPS | anon|lazyfree MIB SECS OPS | shmem FILE MIB ID SECS OPS\n");
	return 2;
}

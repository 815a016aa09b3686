// SPDX-License-Identifier: GPL-2.0
/*
 * zipf-replay: a deterministic, seeded zipf page-cache reader.
 *
 *   zipf-replay fill FILE...
 *	read every file once, sequentially, in 1 MiB preads
 *   zipf-replay read [-t THETA] [-s SEED] [-n READS] [-P PSEED] [-L LOOP] [-S] [-m]
 *	[-W WREADS -w WSEED -x CMD] FILE...
 *	READS 4 KiB preads (POSIX_FADV_RANDOM) of pages drawn from a zipf
 *	distribution over all pages of all files (the files must be of equal
 *	size); prints the count, the time and the latency percentiles
 *	-m: instead of a pread, load a byte of the page through a shared
 *	mapping of its file (no madvise(): MADV_RANDOM would also make reclaim
 *	ignore the mapping's accessed bits, see vma_has_recency(); with
 *	the file's readahead and fault-around on, a miss also reads or maps
 *	its neighbours)
 *	-W WREADS -w WSEED -x CMD: first WREADS reads drawn with seed WSEED
 *	(a warm-up, its line printed first), then "CMD before" run with
 *	system() (e.g. to take a snapshot), the READS, and "CMD after", all
 *	in this process: a mapping torn down in between would mark its young
 *	pages accessed (see zap_present_folio_ptes()) and the measured reads
 *	would start with no page tables; not with -P, -L or -S
 *	-L LOOP: instead of zipf draws, read the first LOOP pages of the
 *	permutation over and over, in the same order (a loop)
 *	-S: also scan every page of every file once, in order, one scan page
 *	spread evenly between the READS draws (READS + all pages in total)
 *   zipf-replay emit [same options] -f NFILES -b PAGES
 *	write the page numbers "read" would access (file * PAGES + page) to
 *	stdout as native 32-bit integers, without reading anything
 *   zipf-replay hot [-t THETA] [-P PSEED] -k K FILE...
 *	how many of the K most popular pages (ranks 0..K-1 of the zipf
 *	popularity) are in the page cache now, by mincore() on a mapping of
 *	each file: nothing is read and no access is recorded
 *
 * The rank -> page mapping is a permutation seeded by PSEED (default 1),
 * so the popular pages are scattered over the files and stay the same
 * pages for every SEED: warm up with one SEED, measure with another; a
 * different PSEED moves the popular set (a phase change).
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
#include <time.h>
#include <unistd.h>

#define PAGE 4096UL
#define MAX_FILES 64

static uint64_t rng_state;

static uint64_t splitmix64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double uniform(void)
{
	return (splitmix64() >> 11) * (1.0 / 9007199254740992.0);
}

static void die(const char *msg)
{
	fprintf(stderr, "zipf-replay: error: %s\n", msg);
	exit(2);
}

static void *xmalloc(size_t len)
{
	void *p = malloc(len);

	if (!p)
		die("out of memory");
	return p;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

struct sampler {
	unsigned long npages;
	double *cdf;		/* cdf[k] = sum of weights of ranks 0..k */
	uint32_t *perm;		/* rank -> page */
};

static void sampler_init(struct sampler *s, unsigned long npages,
			 double theta, uint64_t pseed)
{
	unsigned long k;
	double sum = 0;

	if (npages == 0 || npages > UINT32_MAX)
		die("bad page count");
	s->npages = npages;
	s->cdf = xmalloc(npages * sizeof(*s->cdf));
	s->perm = xmalloc(npages * sizeof(*s->perm));
	for (k = 0; k < npages; k++) {
		sum += theta == 0 ? 1.0 : 1.0 / pow((double)(k + 1), theta);
		s->cdf[k] = sum;
	}
	for (k = 0; k < npages; k++)
		s->perm[k] = k;
	rng_state = pseed;
	for (k = npages - 1; k > 0; k--) {
		unsigned long j = splitmix64() % (k + 1);
		uint32_t t = s->perm[k];

		s->perm[k] = s->perm[j];
		s->perm[j] = t;
	}
}

static uint32_t sampler_next(struct sampler *s)
{
	double u = uniform() * s->cdf[s->npages - 1];
	unsigned long lo = 0, hi = s->npages - 1;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (s->cdf[mid] > u)
			hi = mid;
		else
			lo = mid + 1;
	}
	return s->perm[lo];
}

/* The access stream of "read" and "emit": zipf draws or a loop, and a scan. */
struct stream {
	struct sampler s;
	unsigned long loop;	/* loop length in pages, 0 for zipf draws */
	unsigned long draws;	/* draws to make */
	unsigned long scan;	/* pages to scan, 0 for none */
	unsigned long i_draw, i_scan;
};

/*
 * (Re)start @st's draws and scan over @npages pages, its sampler kept;
 * returns the number of pages it yields.
 */
static unsigned long stream_start(struct stream *st, unsigned long npages,
				  unsigned long draws, unsigned long loop, int scan)
{
	if (loop > npages)
		die("the loop is longer than the files");
	st->loop = loop;
	st->draws = draws;
	st->scan = scan ? npages : 0;
	st->i_draw = 0;
	st->i_scan = 0;
	return st->draws + st->scan;
}

/* Set up @st over @npages pages; returns the number of pages it yields. */
static unsigned long stream_init(struct stream *st, unsigned long npages, double theta,
				 uint64_t pseed, unsigned long draws, unsigned long loop,
				 int scan)
{
	sampler_init(&st->s, npages, theta, pseed);
	return stream_start(st, npages, draws, loop, scan);
}

static uint32_t stream_next(struct stream *st)
{
	/* scan page k goes before draw number k * draws / scan */
	if (st->i_scan < st->scan &&
	    (st->i_draw == st->draws ||
	     (unsigned __int128)st->i_scan * st->draws <=
	     (unsigned __int128)st->i_draw * st->scan))
		return st->i_scan++;
	if (st->loop)
		return st->s.perm[st->i_draw++ % st->loop];
	st->i_draw++;
	return sampler_next(&st->s);
}

static int open_files(char **names, int n, int *fds, unsigned long *pages)
{
	struct stat st;
	int i;

	if (n < 1 || n > MAX_FILES)
		die("name 1 to 64 files");
	for (i = 0; i < n; i++) {
		fds[i] = open(names[i], O_RDONLY);
		if (fds[i] < 0 || fstat(fds[i], &st)) {
			fprintf(stderr, "zipf-replay: error: %s: %s\n", names[i],
				strerror(errno));
			exit(2);
		}
		if (i == 0)
			*pages = st.st_size / PAGE;
		else if ((unsigned long)st.st_size / PAGE != *pages)
			die("the files must all have the same size");
	}
	if (*pages == 0)
		die("files are smaller than a page");
	return 0;
}

static int do_fill(char **names, int n)
{
	int fds[MAX_FILES], i;
	unsigned long pages;
	size_t len = 1UL << 20;
	char *buf = xmalloc(len);
	double t0 = now();
	unsigned long long bytes = 0;

	open_files(names, n, fds, &pages);
	for (i = 0; i < n; i++) {
		off_t off = 0;
		ssize_t r;

		while ((r = pread(fds[i], buf, len, off)) > 0) {
			off += r;
			bytes += r;
		}
		if (r < 0)
			die("pread failed");
	}
	printf("fill bytes %llu secs %.3f\n", bytes, now() - t0);
	return 0;
}

static int do_hot(char **names, int n, double theta, uint64_t pseed, unsigned long k)
{
	int fds[MAX_FILES], i;
	unsigned char *vec[MAX_FILES];
	unsigned long pages, r, resident = 0;
	struct sampler s;

	open_files(names, n, fds, &pages);
	if (!k || k > n * pages)
		die("-k wants 1 to all pages of the files");
	for (i = 0; i < n; i++) {
		void *map = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fds[i], 0);

		if (map == MAP_FAILED)
			die("mmap failed");
		vec[i] = xmalloc(pages);
		if (mincore(map, pages * PAGE, vec[i]))
			die("mincore failed");
		munmap(map, pages * PAGE);
	}
	sampler_init(&s, n * pages, theta, pseed);
	for (r = 0; r < k; r++) {
		uint32_t pg = s.perm[r];

		resident += vec[pg / pages][pg % pages] & 1;
	}
	printf("hot pages %lu resident %lu pct %.1f\n", k, resident, 100.0 * resident / k);
	return 0;
}

/* Run "@hook @arg" with system(); die if it fails. */
static void run_hook(const char *hook, const char *arg)
{
	char *cmd = xmalloc(strlen(hook) + strlen(arg) + 2);

	sprintf(cmd, "%s %s", hook, arg);
	if (system(cmd))
		die("the command of -x failed");
	free(cmd);
}

/*
 * Replay the next @len pages of @st, drawn from seed @seed, with a pread or
 * through @maps, and print one line: the count, the time and the latency
 * percentiles.
 */
static void replay(struct stream *st, unsigned long len, uint64_t seed, double theta,
		   int *fds, const volatile unsigned char **maps, unsigned long pages,
		   char *buf, uint32_t *lat)
{
	double t0, t1, t;
	unsigned long i;

	rng_state = seed;
	t0 = now();
	t = t0;
	for (i = 0; i < len; i++) {
		uint32_t pg = stream_next(st);

		if (maps)
			(void)maps[pg / pages][(pg % pages) * PAGE];
		else if (pread(fds[pg / pages], buf, PAGE, (off_t)(pg % pages) * PAGE) != (ssize_t)PAGE)
			die("short pread");
		t1 = now();
		lat[i] = (uint32_t)((t1 - t) * 1e9 > UINT32_MAX ? UINT32_MAX : (t1 - t) * 1e9);
		t = t1;
	}
	qsort(lat, len, sizeof(*lat), cmp_u32);
	printf("read theta %.2f seed %llu reads %lu secs %.3f reads_per_s %.1f p50_us %.1f p99_us %.1f loop %lu scan %lu mapped %d\n",
	       theta, (unsigned long long)seed, len, t - t0,
	       len / (t - t0), len ? lat[len / 2] / 1e3 : 0,
	       len ? lat[len * 99 / 100] / 1e3 : 0, st->loop, st->scan, maps != NULL);
	if (fflush(stdout))
		die("write failed");
}

int main(int argc, char **argv)
{
	double theta = 0.9;
	uint64_t seed = 1, pseed = 1, wseed = 1;
	unsigned long reads = 100000, nfiles = 0, ppf = 0, loop = 0, hot = 0, i, len;
	unsigned long wreads = 0;
	struct stream st = { 0 };
	int scan = 0, mapped = 0;
	const char *cmd, *hook = NULL;
	int opt;

	if (argc < 2)
		die("usage: zipf-replay fill|read|emit|hot [options] FILE...");
	cmd = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "t:s:n:P:f:b:L:Sk:mW:w:x:")) != -1) {
		switch (opt) {
		case 't':
			theta = atof(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			reads = strtoul(optarg, NULL, 0);
			break;
		case 'P':
			pseed = strtoull(optarg, NULL, 0);
			break;
		case 'f':
			nfiles = strtoul(optarg, NULL, 0);
			break;
		case 'b':
			ppf = strtoul(optarg, NULL, 0);
			break;
		case 'L':
			loop = strtoul(optarg, NULL, 0);
			if (!loop)
				die("-L wants a loop length in pages");
			break;
		case 'S':
			scan = 1;
			break;
		case 'k':
			hot = strtoul(optarg, NULL, 0);
			break;
		case 'm':
			mapped = 1;
			break;
		case 'W':
			wreads = strtoul(optarg, NULL, 0);
			break;
		case 'w':
			wseed = strtoull(optarg, NULL, 0);
			break;
		case 'x':
			hook = optarg;
			break;
		default:
			die("unknown option");
		}
	}
	if (theta < 0 || theta > 5)
		die("theta must be within 0..5");

	if (!strcmp(cmd, "fill"))
		return do_fill(argv + optind, argc - optind);

	if (!strcmp(cmd, "hot"))
		return do_hot(argv + optind, argc - optind, theta, pseed, hot);

	if (!strcmp(cmd, "emit")) {
		uint32_t *out;

		if (!nfiles || !ppf)
			die("emit needs -f NFILES and -b PAGES_PER_FILE");
		len = stream_init(&st, nfiles * ppf, theta, pseed, reads, loop, scan);
		out = xmalloc(len * sizeof(*out));
		rng_state = seed;
		for (i = 0; i < len; i++)
			out[i] = stream_next(&st);
		if (fwrite(out, sizeof(*out), len, stdout) != len)
			die("write failed");
		return 0;
	}

	if (!strcmp(cmd, "read")) {
		int fds[MAX_FILES], n = argc - optind;
		const volatile unsigned char *maps[MAX_FILES];
		uint32_t *lat;
		char *buf;
		unsigned long pages;

		open_files(argv + optind, n, fds, &pages);
		for (i = 0; i < (unsigned long)n; i++) {
			/* the hint is for read(); a fault does not look at it */
			if (!mapped) {
				posix_fadvise(fds[i], 0, 0, POSIX_FADV_RANDOM);
				continue;
			}
			maps[i] = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fds[i], 0);
			if (maps[i] == MAP_FAILED)
				die("mmap failed");
		}
		if (wreads && (!hook || pseed != 1 || loop || scan))
			die("-W wants -x CMD, and no -P, -L or -S");
		len = reads + (scan ? n * pages : 0);
		lat = xmalloc((wreads > len ? wreads : len) * sizeof(*lat));
		stream_init(&st, n * pages, theta, pseed, wreads, 0, 0);
		if (posix_memalign((void **)&buf, PAGE, PAGE))
			die("out of memory");
		if (wreads) {
			replay(&st, wreads, wseed, theta, fds, mapped ? maps : NULL, pages, buf, lat);
			run_hook(hook, "before");
		}
		/* the measured reads: the same sampler, started again */
		stream_start(&st, n * pages, reads, loop, scan);
		replay(&st, len, seed, theta, fds, mapped ? maps : NULL, pages, buf, lat);
		if (wreads)
			run_hook(hook, "after");
		return 0;
	}
	die("unknown command (fill, read, emit or hot)");
	return 2;
}

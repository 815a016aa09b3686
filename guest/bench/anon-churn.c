// SPDX-License-Identifier: GPL-2.0
/*
 * anon-churn: fault in N anon pages, MADV_DONTNEED them, repeat for S
 * seconds; prints pages/s.  Every touch is a fault + memcg charge + LRU
 * addition, every MADV_DONTNEED an LRU deletion: the fault/charge fast
 * path (seed 002's w1-anon-churn).
 *
 * With "loop", write one word of each page instead, in order, round after
 * round, never MADV_DONTNEED: in a memcg smaller than MiB, with swap, every
 * touch after the first round, which is not counted, is a swap-in and an
 * eviction (the swapin cell); prints pages/s and the pages touched.
 *
 * Usage: anon-churn MiB SECONDS [loop]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	size_t len, off;
	double secs, start, t;
	unsigned long pages = 0;
	int loop;
	char *p;

	if (argc < 3 || argc > 4 || atoi(argv[1]) <= 0 || atof(argv[2]) <= 0 ||
	    (argc == 4 && strcmp(argv[3], "loop"))) {
		fprintf(stderr, "usage: anon-churn MiB SECONDS [loop]\n");
		return 2;
	}
	loop = argc == 4;
	len = (size_t)atoi(argv[1]) << 20;
	secs = atof(argv[2]);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("anon-churn: mmap");
		return 1;
	}
	madvise(p, len, MADV_NOHUGEPAGE);
	if (loop) {
		/* no page is the same word throughout: zram compresses each */
		for (off = 0; off < len; off += 4096)
			*(unsigned long *)(p + off) = ~0UL;
		/* the first round above faulted the pages in: not counted */
		start = now();
		do {
			for (off = 0; off < len; off += 4096)
				*(unsigned long *)(p + off) = ++pages;
			t = now();
		} while (t - start < secs);
		printf("anon-churn %.0f pages/s touches %lu\n", pages / (t - start), pages);
		return 0;
	}
	start = now();
	do {
		for (off = 0; off < len; off += 4096)
			p[off] = 1;
		pages += len / 4096;
		madvise(p, len, MADV_DONTNEED);
		t = now();
	} while (t - start < secs);
	printf("anon-churn %.0f pages/s\n", pages / (t - start));
	return 0;
}

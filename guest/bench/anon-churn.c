// SPDX-License-Identifier: GPL-2.0
/*
 * anon-churn: fault in N anon pages, MADV_DONTNEED them, repeat for S
 * seconds; prints pages/s.  Every touch is a fault + memcg charge + LRU
 * addition, every MADV_DONTNEED an LRU deletion: the fault/charge fast
 * path (seed 002's w1-anon-churn).  Usage: anon-churn MiB SECONDS
 */
#include <stdio.h>
#include <stdlib.h>
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
	char *p;

	if (argc != 3 || atoi(argv[1]) <= 0 || atof(argv[2]) <= 0) {
		fprintf(stderr, "usage: anon-churn MiB SECONDS\n");
		return 2;
	}
	len = (size_t)atoi(argv[1]) << 20;
	secs = atof(argv[2]);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("anon-churn: mmap");
		return 1;
	}
	madvise(p, len, MADV_NOHUGEPAGE);
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

TEST_F_TIMEOUT(rd, mmap_loop, 600)
{
	struct lru_gen_ctx *ctx = &self->ctx;
	long long pages = RD_LOOP_SIZE / getpagesize();
	struct memcg_stat st[RD_LOOP_ROUNDS + 1];
	int i;

	ctx_prepare(_metadata, ctx);
	ASSERT_EQ(posix_fadvise(ctx->cold_fd, 0, 0, POSIX_FADV_RANDOM), 0);
	ASSERT_EQ(memcg_stat_read(ctx->cg, &st[0]), 0);
	for (i = 0; i < RD_LOOP_ROUNDS; i++) {
		ASSERT_EQ(touch_mapped(ctx->cold_fd, RD_LOOP_SIZE), 0);
		ASSERT_EQ(memcg_stat_read(ctx->cg, &st[i + 1]), 0);
		ksft_print_msg("mmap round %d: refault %lld of %lld pages, activate %lld restore %lld\n",
			       i + 1, st[i + 1].refault - st[i].refault, pages,
			       st[i + 1].activate - st[i].activate,
			       st[i + 1].restore - st[i].restore);
	}
	EXPECT_EQ(cg_enter(ctx->parent_cg), 0);
}


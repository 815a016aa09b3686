export BENCH_BIN=/work/main/build/bench/bin BENCH_LRU=y BENCH_RA_KB=128 BENCH_FIO_READS=150000
export BENCH_FIO_REPLAY=0
export BENCH_WARM=5 BENCH_RUN=15 BENCH_ANON_SECS=5
export BENCH_TWARM=150000 BENCH_TREADS=300000
export BENCH_CELLS="trace:0.9:128 trace:1.1:128 trace:0.8:128 trace:0.9:64 trace:1.1:64 trace:0.9:256 trace:1.1:256 tphase:0.9:128 tscan:0.9:128 tloop:0.9:128 fd:1.1:256 fd:0.8:256"
exec bash /tmp/out/run.sh

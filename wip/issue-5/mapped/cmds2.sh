cd /tmp/data
/work/main/build/mst/lru_gen_workingset -f workingset

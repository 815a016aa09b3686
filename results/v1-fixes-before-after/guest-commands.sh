st=$FG_TOP/build/selftests
mkdir -p /tmp/data/st && cd /tmp/data/st || exit 1
echo "variant: tainted $(cat /proc/sys/kernel/tainted)"
"$st/lru_gen_workingset" -f lazyfree
echo "variant: lazyfree exit $?"
"$st/lru_gen_workingset" -t random_straddle_not_protected
echo "variant: straddle exit $?"
echo "variant: tainted $(cat /proc/sys/kernel/tainted)"
exit 0

#!/bin/bash
# compile the objects the series touches in the memcg-n and i386 matrix trees at fg
cd /work/main
rev=$(git -C build/linux rev-parse fg)
objs=$(git -C build/linux diff --name-only base..fg -- '*.c' ':!tools' ':!Documentation' ':!scripts' ':!samples' | sed 's/\.c$/.o/')
for cfg in memcg-n i386; do
	wt=build/matrix/$cfg/build/linux; obj=build/matrix/$cfg/build/obj
	git -C $wt checkout -q --detach $rev || { echo "$cfg: checkout failed"; continue; }
	arch=; [ $cfg = i386 ] && arch=ARCH=i386
	for o in $objs; do
		if nice -n 19 make -s -C $wt O=$PWD/$obj $arch CC="ccache gcc" W=1 -j2 $o > build/s5/objs-$cfg-$(echo $o | tr / _).log 2>&1; then
			echo "$cfg $o ok warnings=$(grep -c 'warning:' build/s5/objs-$cfg-$(echo $o | tr / _).log)"
		else
			echo "$cfg $o FAIL ($(grep -m1 -E 'error|No rule' build/s5/objs-$cfg-$(echo $o | tr / _).log))"
		fi
	done
done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# PID 1 of a test guest.  The root file system is the host's, shared
# read-only over virtio-9p.  Sets up a writable scratch area, cgroup v2 and
# debugfs, mounts the results share (/tmp/out) and the data disk
# (/tmp/data; throttled second and third attachments of it at /tmp/tdata
# and /tmp/pdata), runs the command file named by FG_CMDS and powers off.
# FG_TOP is the workspace's path (visible read-only).
# The command file's exit status is written to /tmp/out/rc.

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/tmp/home LANG=C LC_ALL=C TERM=dumb

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
for d in /tmp /run /var/tmp /var/log /var/lib /var/run; do
	mount -t tmpfs -o mode=1777 tmpfs "$d" 2>/dev/null
done
# The workspace again, read-only, in case a tmpfs above now hides it (a
# checkout under /tmp, say).
mkdir -p "$FG_TOP" 2>/dev/null
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,ro top "$FG_TOP" ||
	echo "fg-init: cannot mount the workspace at $FG_TOP"
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t debugfs debugfs /sys/kernel/debug
mkdir -p "$HOME" /tmp/out /tmp/data /tmp/tdata /tmp/pdata
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 out /tmp/out ||
	echo "fg-init: cannot mount the results share"
if [ -b /dev/vda ]; then
	mount -t ext4 /dev/vda /tmp/data || echo "fg-init: cannot mount /dev/vda"
fi
if [ -b /dev/vdb ]; then
	mount -t ext4 /dev/vdb /tmp/tdata || echo "fg-init: cannot mount /dev/vdb"
fi
if [ -b /dev/vdc ]; then
	mount -t ext4 /dev/vdc /tmp/pdata || echo "fg-init: cannot mount /dev/vdc"
fi
# controllers for the tests' child cgroups
echo "+memory" > /sys/fs/cgroup/cgroup.subtree_control
hostname fg-guest 2>/dev/null
ip link set lo up 2>/dev/null

export FG_OUT=/tmp/out FG_DATA=/tmp/data
echo "fg-init: running ${FG_CMDS:-<none>} on $(uname -r)"
if [ -n "$FG_CMDS" ] && [ -r "$FG_CMDS" ]; then
	cd /tmp/data || cd /tmp
	bash -o pipefail "$FG_CMDS" 2>&1 | tee /tmp/out/guest.log
	rc=${PIPESTATUS[0]}
else
	echo "fg-init: no command file"
	rc=125
fi
echo "$rc" > /tmp/out/rc
echo "fg-init: done, rc=$rc"
cd /
sync
umount /tmp/data 2>/dev/null
umount /tmp/tdata 2>/dev/null
umount /tmp/pdata 2>/dev/null
umount /tmp/out 2>/dev/null
echo b > /proc/sysrq-trigger
sleep 10

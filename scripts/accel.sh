#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# accel.sh: print the QEMU accelerator the guests use here, "kvm" or "tcg".
#
# KVM only when /dev/kvm can be opened and the CPU has hardware
# virtualisation (vmx or svm in /proc/cpuinfo).  A /dev/kvm without either,
# as on hosts that offer a paravirtual KVM (kvm-pvm) to specially built
# guests only, hangs our guest kernel at boot, so it counts as no KVM.
# FG_ACCEL=kvm|tcg overrides the choice.
set -euo pipefail

case "${FG_ACCEL:-}" in
kvm|tcg) echo "$FG_ACCEL"; exit 0 ;;
'') ;;
*) echo "accel: error: FG_ACCEL must be kvm or tcg, not '$FG_ACCEL'" >&2; exit 2 ;;
esac

if [ -r /dev/kvm ] && [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then
	echo kvm
else
	echo tcg
fi

// SPDX-License-Identifier: MIT
/*
 * The arm64 system-call numbers -- Linux's asm-generic table,
 * include/uapi/asm-generic/unistd.h -- mapped to Umbra's handlers. There is
 * no open, fork or vfork: libc uses openat and clone. A number missing here
 * returns -ENOSYS.
 */
#include <asm/syscalls.h>
#include <kernel/fork.h>

/* arm64's argument order (CONFIG_CLONE_BACKWARDS): clone(flags, newsp, parent_tid, tls, child_tid). */
SYSCALL(clone)
{
	return clone_legacy(a[0], a[1], (int __user *)a[2], (int __user *)a[4], a[3]);
}

const syscall_fn_t arch_syscall_table[] = {
	[29] = sys_ioctl,
	[56] = sys_openat,
	[57] = sys_close,
	[63] = sys_read,
	[64] = sys_write,
	[66] = sys_writev,
	[93] = sys_exit,
	[94] = sys_exit_group,
	[95] = sys_waitid,
	[96] = sys_set_tid_address,
	[98] = sys_futex,
	[101] = sys_nanosleep,
	[113] = sys_clock_gettime,
	[115] = sys_clock_nanosleep,
	[124] = sys_sched_yield,
	[129] = sys_kill,
	[130] = sys_tkill,
	[131] = sys_tgkill,
	[132] = sys_sigaltstack,
	[134] = sys_rt_sigaction,
	[135] = sys_rt_sigprocmask,
	[136] = sys_rt_sigpending,
	[139] = sys_rt_sigreturn,
	[142] = sys_reboot,
	[160] = sys_uname,
	[163] = sys_getrlimit,
	[164] = sys_setrlimit,
	[167] = sys_prctl,
	[172] = sys_getpid,
	[173] = sys_getppid,
	[174] = sys_getuid,
	[175] = sys_geteuid,
	[176] = sys_getgid,
	[177] = sys_getegid,
	[178] = sys_gettid,
	[179] = sys_sysinfo,
	[214] = sys_brk,
	[215] = sys_munmap,
	[220] = sys_clone,
	[221] = sys_execve,
	[222] = sys_mmap,
	[226] = sys_mprotect,
	[260] = sys_wait4,
	[261] = sys_prlimit64,
	[435] = sys_clone3,
	[453] = sys_map_shadow_stack,
};

const unsigned long arch_nr_syscalls = sizeof(arch_syscall_table) / sizeof(arch_syscall_table[0]);

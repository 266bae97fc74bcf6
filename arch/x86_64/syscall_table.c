// SPDX-License-Identifier: MIT
/*
 * The x86_64 system-call numbers (Linux's arch/x86/entry/syscalls/syscall_64.tbl)
 * mapped to Umbra's handlers. A number missing here returns -ENOSYS.
 */
#include <asm/syscalls.h>
#include <kernel/fork.h>

/* x86_64's argument order: clone(flags, newsp, parent_tid, child_tid, tls). */
SYSCALL(clone)
{
	return clone_legacy(a[0], a[1], (int __user *)a[2], (int __user *)a[3], a[4]);
}

const syscall_fn_t arch_syscall_table[] = {
	[0] = sys_read,
	[1] = sys_write,
	[2] = sys_open,
	[3] = sys_close,
	[9] = sys_mmap,
	[10] = sys_mprotect,
	[11] = sys_munmap,
	[12] = sys_brk,
	[13] = sys_rt_sigaction,
	[14] = sys_rt_sigprocmask,
	[15] = sys_rt_sigreturn,
	[16] = sys_ioctl,
	[20] = sys_writev,
	[24] = sys_sched_yield,
	[35] = sys_nanosleep,
	[39] = sys_getpid,
	[56] = sys_clone,
	[57] = sys_fork,
	[58] = sys_vfork,
	[59] = sys_execve,
	[60] = sys_exit,
	[61] = sys_wait4,
	[62] = sys_kill,
	[63] = sys_uname,
	[97] = sys_getrlimit,
	[99] = sys_sysinfo,
	[102] = sys_getuid,
	[104] = sys_getgid,
	[107] = sys_geteuid,
	[108] = sys_getegid,
	[110] = sys_getppid,
	[127] = sys_rt_sigpending,
	[131] = sys_sigaltstack,
	[157] = sys_prctl,
	[158] = sys_arch_prctl,
	[160] = sys_setrlimit,
	[169] = sys_reboot,
	[186] = sys_gettid,
	[200] = sys_tkill,
	[202] = sys_futex,
	[218] = sys_set_tid_address,
	[228] = sys_clock_gettime,
	[230] = sys_clock_nanosleep,
	[231] = sys_exit_group,
	[234] = sys_tgkill,
	[247] = sys_waitid,
	[257] = sys_openat,
	[302] = sys_prlimit64,
	[435] = sys_clone3,
	[453] = sys_map_shadow_stack,
};

const unsigned long arch_nr_syscalls = sizeof(arch_syscall_table) / sizeof(arch_syscall_table[0]);

/* SPDX-License-Identifier: MIT */
/* wait4()/waitid() options and waitid() id types. */
#ifndef UAPI_LINUX_WAIT_H
#define UAPI_LINUX_WAIT_H

#define WNOHANG 0x00000001
#define WUNTRACED 0x00000002
#define WSTOPPED WUNTRACED
#define WEXITED 0x00000004
#define WCONTINUED 0x00000008
#define WNOWAIT 0x01000000
#define __WNOTHREAD 0x20000000
#define __WALL 0x40000000
#define __WCLONE 0x80000000

#define P_ALL 0
#define P_PID 1
#define P_PGID 2
#define P_PIDFD 3

#endif

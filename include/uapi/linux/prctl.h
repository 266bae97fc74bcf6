/* SPDX-License-Identifier: MIT */
/* prctl() options Umbra implements (include/uapi/linux/prctl.h values). */
#ifndef UAPI_LINUX_PRCTL_H
#define UAPI_LINUX_PRCTL_H

#define PR_SET_PDEATHSIG 1
#define PR_GET_PDEATHSIG 2
#define PR_SET_NAME 15
#define PR_GET_NAME 16
#define PR_GET_SHADOW_STACK_STATUS 74
#define PR_SET_SHADOW_STACK_STATUS 75
#define PR_LOCK_SHADOW_STACK_STATUS 76

#define PR_SHADOW_STACK_ENABLE (1ul << 0)
#define PR_SHADOW_STACK_WRITE (1ul << 1)
#define PR_SHADOW_STACK_PUSH (1ul << 2)

#endif

/* SPDX-License-Identifier: MIT */
/* mount() flags Umbra looks at (include/uapi/linux/mount.h). */
#ifndef UAPI_LINUX_MOUNT_H
#define UAPI_LINUX_MOUNT_H

#define MS_RDONLY 1
#define MS_REMOUNT 32
#define MS_BIND 4096
#define MS_MOVE 8192
#define MS_UNBINDABLE (1 << 17)
#define MS_PRIVATE (1 << 18)
#define MS_SLAVE (1 << 19)
#define MS_SHARED (1 << 20)
#define MS_NOUSER (1u << 31)
#define MS_MGC_VAL 0xC0ED0000
#define MS_MGC_MSK 0xffff0000

#endif

/* SPDX-License-Identifier: MIT */
/* lseek(2)'s whence values, Linux's (include/uapi/linux/fs.h). */
#ifndef UAPI_LINUX_FS_H
#define UAPI_LINUX_FS_H

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define SEEK_DATA 3
#define SEEK_HOLE 4
#define SEEK_MAX SEEK_HOLE

#endif

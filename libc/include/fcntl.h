/* SPDX-License-Identifier: MIT */
/*
 * open/openat and their flags: the shared ones from <uapi/linux/fcntl.h>,
 * the few an architecture changes from <machine/fcntl.h>.
 */
#ifndef FCNTL_H
#define FCNTL_H

#include <machine/fcntl.h>
#include <sys/types.h>
#include <uapi/linux/fcntl.h>

int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);
int fcntl(int fd, int cmd, ... /* long arg */);

#endif

/* SPDX-License-Identifier: MIT */
/* uname()'s structure (include/uapi/linux/utsname.h): six NUL-terminated fields. */
#ifndef UAPI_LINUX_UTSNAME_H
#define UAPI_LINUX_UTSNAME_H

#define __NEW_UTS_LEN 64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];
	char nodename[__NEW_UTS_LEN + 1];
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];
	char domainname[__NEW_UTS_LEN + 1];
};

#endif

/* SPDX-License-Identifier: MIT */
/* Auxiliary vector lookup; the AT_* types come from <uapi/linux/auxvec.h>. */
#ifndef AUXV_H
#define AUXV_H

#include <uapi/linux/auxvec.h>

unsigned long getauxval(unsigned long type);

#endif

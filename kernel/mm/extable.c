// SPDX-License-Identifier: MIT
/* The exception table the arch's fault handlers ask (see extable_fixup() in <kernel/uaccess.h>). */
#include <kernel/uaccess.h>

struct extable_entry {
	u64 insn;
	u64 fixup;
};
extern const struct extable_entry __start_extable[], __stop_extable[];

u64 extable_fixup(u64 pc)
{
	/* Counted by address: the bounds are two distinct linker symbols. */
	size_t n =
		((uintptr_t)__stop_extable - (uintptr_t)__start_extable) / sizeof(*__start_extable);

	for (size_t i = 0; i < n; i++) {
		if (__start_extable[i].insn == pc)
			return __start_extable[i].fixup;
	}
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * pid_t vfork(void)
 *
 * arm64 has no vfork system call: this is clone(CLONE_VM | CLONE_VFORK |
 * SIGCHLD, 0, ...), a new stack top of 0 meaning "keep sp". The child runs
 * on the parent's stack while the parent is suspended. We are a leaf that
 * never touches the stack and the return address stays in x30 (an SVC
 * preserves it), so the child can clobber nothing of ours there.
 *
 * The child, and the parent when the call failed (no child ran), tail-jump
 * to the C errno helper, whose `ret` uses x30 and, with a GCS, pops the
 * entry our caller's `bl` pushed.
 *
 * The parent of a child that ran must not `ret` with GCS on: the child
 * shares the parent's GCS (docs/ABI.md §3.1, CLONE_VFORK), its own `ret` from
 * here popped our caller's entry and its later calls overwrote that slot.
 * So when CHKFEAT says GCS is enabled, the parent drops the entry with
 * GCSPOPM (no comparison) and branches to x30; the normal stack was never
 * touched. CHKFEAT is a NOP on cores without GCS, leaving x16 = 1.
 */
#include <machine/asm.h>

#define VFORK_FLAGS 0x4111 /* CLONE_VM 0x100 | CLONE_VFORK 0x4000 | SIGCHLD 17 */

	.text
ENTRY(vfork)
	mov	x0, #VFORK_FLAGS
	mov	x1, #0			/* new sp: the same */
	mov	x2, #0			/* parent_tid */
	mov	x3, #0			/* tls */
	mov	x4, #0			/* child_tid */
	mov	x8, #__NR_clone
	svc	#0
	cmp	x0, #0
	b.le	1f			/* child (0) or error (< 0) */
	mov	x16, #1
	CHKFEAT_X16
	cbnz	x16, 1f			/* GCS off: ret is fine */
	GCSPOPM(xzr)			/* drop the entry the child may have reused */
	br	x30
1:
	b	__syscall_ret
END(vfork)

	.section .note.GNU-stack, "", %progbits
	BTI_NOTE

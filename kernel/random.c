// SPDX-License-Identifier: MIT
/*
 * Random numbers and getrandom() (see <kernel/random.h>). ChaCha20 is
 * D. J. Bernstein's stream cipher ("ChaCha, a variant of Salsa20", 2008;
 * RFC 8439 §2.3 gives the block function): a 512-bit state of four
 * constants, a 256-bit key, a 64-bit block counter and a 64-bit nonce,
 * twenty rounds of quarter-rounds, the input added back.
 */
#include <kernel/printk.h>
#include <kernel/random.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/random.h>

#define CHACHA_BLOCK 64
#define MAX_RW_COUNT (0x7fffffffu & ~(4096u - 1)) /* Linux's cap on one read or write */

static u32 crng_key[8]; /* the generator's state: replaced on every request */

static u32 rotl32(u32 v, int n)
{
	return (v << n) | (v >> (32 - n));
}

#define QR(a, b, c, d)             \
	do {                       \
		a += b, d ^= a;    \
		d = rotl32(d, 16); \
		c += d, b ^= c;    \
		b = rotl32(b, 12); \
		a += b, d ^= a;    \
		d = rotl32(d, 8);  \
		c += d, b ^= c;    \
		b = rotl32(b, 7);  \
	} while (0)

/* One block of key's stream at block number counter (nonce 0). */
static void chacha20_block(const u32 key[8], u64 counter, u8 out[CHACHA_BLOCK])
{
	u32 in[16] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 }; /* "expand 32-byte k" */
	u32 x[16];

	memcpy(&in[4], key, 32);
	in[12] = (u32)counter;
	in[13] = (u32)(counter >> 32);
	memcpy(x, in, sizeof(x));
	for (int i = 0; i < 10; i++) {
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
	for (int i = 0; i < 16; i++)
		x[i] += in[i];
	memcpy(out, x, CHACHA_BLOCK);
}

/*
 * Fast key erasure: one block of the generator's key gives a new key
 * (its first half) and this request's own key (its second half).
 */
static void crng_request_key(u32 key[8])
{
	u8 block[CHACHA_BLOCK];

	chacha20_block(crng_key, 0, block);
	memcpy(crng_key, block, 32);
	memcpy(key, block + 32, 32);
	memset(block, 0, sizeof(block));
}

void get_random_bytes(void *buf, size_t n)
{
	u32 key[8];
	u8 block[CHACHA_BLOCK];
	u8 *p = buf;

	crng_request_key(key);
	for (u64 ctr = 0; n; ctr++) {
		size_t k = MIN(n, sizeof(block));

		chacha20_block(key, ctr, block);
		memcpy(p, block, k);
		p += k;
		n -= k;
	}
	memset(key, 0, sizeof(key));
	memset(block, 0, sizeof(block));
}

/*
 * Without a hardware generator: the time a small, data-dependent loop
 * takes, read from the cycle counter, sampled many times and folded
 * through the block function. On real hardware caches, interrupts and
 * clock domains make the low bits unpredictable; an emulator's counter is
 * far more regular, so this seed is weak there (docs/DESIGN.md §5).
 */
static void jitter_seed(u32 key[8])
{
	u8 block[CHACHA_BLOCK];
	volatile u32 sink = 0;

	key[0] ^= (u32)time_monotonic_ns();
	for (unsigned int i = 0; i < 4096; i++) {
		u64 t0 = arch_cycle_counter();

		for (u32 j = 0; j < 16 + (sink & 15); j++)
			sink = sink * 1103515245u + j;
		key[i % 8] ^= (u32)(arch_cycle_counter() - t0) << (i % 24);
		if (i % 64 == 63) {
			chacha20_block(key, i, block);
			memcpy(key, block, 32);
		}
	}
	memset(block, 0, sizeof(block));
}

void random_init(void)
{
	u64 seed[4] = { 0 };
	const char *source = arch_random_seed(seed);

	memcpy(crng_key, seed, sizeof(crng_key));
	if (!source) {
		jitter_seed(crng_key);
		source = "cycle-counter jitter";
	}
	memset(seed, 0, sizeof(seed));
	pr_info("random: seeded from %s\n", source);
}

/*
 * getrandom(buf, len, flags), with Linux's rules: flags other than
 * GRND_NONBLOCK, GRND_RANDOM and GRND_INSECURE → EINVAL, and RANDOM with
 * INSECURE → EINVAL. The generator is seeded before user space runs, so no
 * call ever waits for it (Linux's crng_ready() is always true here). len
 * is capped at MAX_RW_COUNT; a buffer outside user space → EFAULT; a fault
 * part-way returns the bytes written, or EFAULT if none. A signal ends a
 * long request after a whole page, with the bytes so far.
 */
SYSCALL(getrandom)
{
	u8 __user *ubuf = (u8 __user *)a[0];
	size_t len = a[1];
	unsigned int flags = (unsigned int)a[2];
	u8 block[CHACHA_BLOCK];
	u32 key[8];
	size_t done = 0;

	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if ((flags & (GRND_RANDOM | GRND_INSECURE)) == (GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	len = MIN(len, MAX_RW_COUNT);
	if (!access_ok(ubuf, len))
		return -EFAULT;
	if (!len)
		return 0;
	crng_request_key(key);
	for (u64 ctr = 0;; ctr++) {
		size_t k = MIN(len - done, sizeof(block));
		size_t left;

		chacha20_block(key, ctr, block);
		left = arch_copy_user(ubuf + done, block, k);
		done += k - left;
		if (left || done == len)
			break;
		if (done % PAGE_SIZE == 0) {
			if (signal_pending(current))
				break;
			cond_resched();
		}
	}
	memset(key, 0, sizeof(key));
	memset(block, 0, sizeof(block));
	return done ? (long)done : -EFAULT;
}

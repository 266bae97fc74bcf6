// SPDX-License-Identifier: MIT
/*
 * The fuzzer's PRNG: splitmix64 (Steele, Lea, Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014): one 64-bit state, any seed
 * is good, and a seed derived by mixing gives an independent stream.
 */
#include "fuzz.h"

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	return n ? rng_next(r) % n : 0; /* the modulo bias is of no matter here */
}

bool rng_one_in(struct rng *r, unsigned int n)
{
	return rng_below(r, n) == 0;
}

uint64_t fuzz_worker_seed(uint64_t seed, unsigned int i)
{
	struct rng r = { seed ^ ((uint64_t)i * 0xd1342543de82ef95ull) };

	rng_next(&r);
	return rng_next(&r);
}

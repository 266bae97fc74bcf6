// SPDX-License-Identifier: MIT
/*
 * Finding the vDSO's functions, as glibc does: the kernel says where the
 * image is (AT_SYSINFO_EHDR); its dynamic section gives the symbol table,
 * the string table, a hash table (which tells how many symbols there are)
 * and the version tables, and a symbol counts only with the version Linux
 * gives it (<machine/vdso.h>). Without a vDSO, or without the symbol, the
 * callers make the system call.
 *
 * The hash table is DT_HASH, DT_GNU_HASH or both: Linux's arm64 vDSO has
 * carried only DT_GNU_HASH since it was linked --hash-style=gnu (Debian's
 * 7.3 kernel does), Umbra's and x86 Linux's have both. An entry point may
 * be STT_NOTYPE: arm64 Linux's __kernel_rt_sigreturn is an assembly label.
 */
#include "../internal.h"
#include <auxv.h>
#include <machine/vdso.h>
#include <stdint.h>
#include <string.h>

#define PT_LOAD 1
#define PT_DYNAMIC 2
#define DT_NULL 0
#define DT_HASH 4
#define DT_STRTAB 5
#define DT_SYMTAB 6
#define DT_GNU_HASH 0x6ffffef5
#define DT_VERSYM 0x6ffffff0
#define DT_VERDEF 0x6ffffffc
#define STT_NOTYPE 0
#define STT_FUNC 2
#define STB_GLOBAL 1
#define STB_WEAK 2
#define VER_FLG_BASE 1

struct vdso_ehdr {
	unsigned char e_ident[16];
	uint16_t e_type, e_machine;
	uint32_t e_version;
	uint64_t e_entry, e_phoff, e_shoff;
	uint32_t e_flags;
	uint16_t e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
};

struct vdso_phdr {
	uint32_t p_type, p_flags;
	uint64_t p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align;
};

struct vdso_dyn {
	int64_t d_tag;
	uint64_t d_val;
};

struct vdso_sym {
	uint32_t st_name;
	unsigned char st_info, st_other;
	uint16_t st_shndx;
	uint64_t st_value, st_size;
};

struct vdso_verdef {
	uint16_t vd_version, vd_flags, vd_ndx, vd_cnt;
	uint32_t vd_hash, vd_aux, vd_next;
};

struct vdso_verdaux {
	uint32_t vda_name, vda_next;
};

/* True when version index ndx of the image is named want. */
static int version_is(const struct vdso_verdef *def, const char *strings, uint16_t ndx,
		      const char *want)
{
	for (;;) {
		if (!(def->vd_flags & VER_FLG_BASE) && (def->vd_ndx & 0x7fff) == ndx) {
			const struct vdso_verdaux *aux =
				(const void *)((const char *)def + def->vd_aux);

			return !strcmp(strings + aux->vda_name, want);
		}
		if (!def->vd_next)
			return 0;
		def = (const void *)((const char *)def + def->vd_next);
	}
}

/*
 * The number of symbols a DT_GNU_HASH table covers: the ones below its
 * symoffset, then the longest chain's end. Its layout (the GNU ELF
 * extension): nbuckets, symoffset, bloom words, bloom shift, the 64-bit
 * bloom filter, the buckets (each a chain's first symbol, 0 for none), then
 * one hash per symbol from symoffset on, the last of a chain with bit 0 set.
 */
static uint32_t gnu_hash_symbols(const uint32_t *gnu)
{
	uint32_t nbuckets = gnu[0], symoffset = gnu[1], bloom_words = gnu[2];
	const uint32_t *buckets = gnu + 4 + 2 * bloom_words;
	const uint32_t *chain = buckets + nbuckets;
	uint32_t last = 0;

	for (uint32_t b = 0; b < nbuckets; b++)
		if (buckets[b] > last)
			last = buckets[b];
	if (last < symoffset)
		return symoffset;
	while (!(chain[last - symoffset] & 1))
		last++;
	return last + 1;
}

void *__vdso_lookup(const char *name, const char *version)
{
	uintptr_t base = getauxval(AT_SYSINFO_EHDR), bias = 0;
	const struct vdso_ehdr *eh = (const void *)base;
	const struct vdso_dyn *dyn = NULL;
	const uint32_t *hash = NULL, *gnu_hash = NULL;
	uint32_t nsyms;
	const char *strings = NULL;
	const struct vdso_sym *syms = NULL;
	const uint16_t *versym = NULL;
	const struct vdso_verdef *verdef = NULL;

	if (!base)
		return NULL;
	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		const struct vdso_phdr *ph =
			(const void *)(base + eh->e_phoff + (uint64_t)i * eh->e_phentsize);

		if (ph->p_type == PT_LOAD)
			bias = base + ph->p_offset - ph->p_vaddr;
		else if (ph->p_type == PT_DYNAMIC)
			dyn = (const void *)(base + ph->p_offset);
	}
	if (!dyn)
		return NULL;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		const void *at = (const void *)(bias + dyn->d_val);

		switch (dyn->d_tag) {
		case DT_HASH:
			hash = at;
			break;
		case DT_GNU_HASH:
			gnu_hash = at;
			break;
		case DT_STRTAB:
			strings = at;
			break;
		case DT_SYMTAB:
			syms = at;
			break;
		case DT_VERSYM:
			versym = at;
			break;
		case DT_VERDEF:
			verdef = at;
			break;
		}
	}
	if ((!hash && !gnu_hash) || !strings || !syms)
		return NULL;
	nsyms = hash ? hash[1] : gnu_hash_symbols(gnu_hash);
	for (uint32_t i = 0; i < nsyms; i++) {
		unsigned int type = syms[i].st_info & 0xf, bind = syms[i].st_info >> 4;

		if ((type != STT_FUNC && type != STT_NOTYPE) ||
		    (bind != STB_GLOBAL && bind != STB_WEAK) || !syms[i].st_shndx ||
		    strcmp(strings + syms[i].st_name, name))
			continue;
		if (versym && verdef && !version_is(verdef, strings, versym[i] & 0x7fff, version))
			continue;
		return (void *)(bias + syms[i].st_value);
	}
	return NULL;
}

int (*__vdso_clock_gettime)(int, struct timespec *);
int (*__vdso_gettimeofday)(struct timeval *, struct timezone *);

void __vdso_setup(void)
{
	__vdso_clock_gettime = __vdso_lookup(VDSO_CLOCK_GETTIME, VDSO_VERSION);
	__vdso_gettimeofday = __vdso_lookup(VDSO_GETTIMEOFDAY, VDSO_VERSION);
}

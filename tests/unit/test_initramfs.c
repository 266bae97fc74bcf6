// SPDX-License-Identifier: MIT
/*
 * kernel/fs/initramfs.c walks cpio "newc" archives: cpio_next() returns each
 * entry with its exact name, size, mode and data (pointing into the
 * archive), advances past the 4-byte padding, returns 0 at TRAILER!!! and
 * -EINVAL for bad magic, a non-hex digit in the mode, filesize or namesize
 * field, namesize 0, a name without its NUL, a name or file running past
 * the end, or a truncated header. initramfs_init() indexes the regular
 * files (directories are skipped) and fails with -EINVAL on a malformed
 * archive, including one with no trailer; initramfs_lookup() finds "/init",
 * "init", "./init", "bin/x", "/bin/x" alike and gives NULL for what is
 * missing or not a regular file. An archive made by the real
 * `cpio -o -H newc` (skipped when cpio is missing) indexes the same way.
 *
 * Archives are made by a small generator below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include <kernel/initramfs.h>
#include <uapi/linux/errno.h>

/* ---- printk, for pr_info/pr_warn/pr_err ---- */

static char last_msg[256];
static unsigned int nr_msgs;

int vprintk(const char *fmt, va_list ap);
int vprintk(const char *fmt, va_list ap)
{
	va_list ap2;

	if (fmt[0] == '\001' && fmt[1])
		fmt += 2; /* the KERN_* level marker */
	va_copy(ap2, ap);
	vsnprintf(last_msg, sizeof(last_msg), fmt, ap2);
	va_end(ap2);
	nr_msgs++;
	return printf("# %s", last_msg); /* a TAP comment */
}

int printk(const char *fmt, ...);
int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

/* ---- a newc generator ---- */

#define ARCHIVE_MAX (1u << 20)

static unsigned char ar[ARCHIVE_MAX];
static size_t ar_len;

static void ar_reset(void)
{
	memset(ar, 0xee, sizeof(ar)); /* padding must not rely on zeroed memory */
	ar_len = 0;
}

static void ar_pad4(void)
{
	while (ar_len % 4)
		ar[ar_len++] = 0;
}

/* Offset in the archive of header field n (0 = ino) of the entry at at. */
static size_t field_at(size_t at, int n)
{
	return at + 6 + 8 * (size_t)n;
}

/* Appends an entry; returns its offset. namesize counts the NUL. */
static size_t ar_add_raw(u32 mode, const char *name, size_t namesize, const void *data, size_t size)
{
	size_t at = ar_len;
	char hdr[111];
	static u32 ino = 100;

	snprintf(hdr, sizeof(hdr), "070701%08x%08x%08x%08x%08x%08x%08zx%08x%08x%08x%08x%08zx%08x",
		 ino++, mode, 0, 0, 1, 0x5f000000, size, 0, 0, 0, 0, namesize, 0);
	assert_int_equal(strlen(hdr), 110);
	assert_true(ar_len + 110 + namesize + 8 + size <= ARCHIVE_MAX);
	memcpy(ar + ar_len, hdr, 110);
	ar_len += 110;
	memcpy(ar + ar_len, name, namesize);
	ar_len += namesize;
	ar_pad4();
	if (size)
		memcpy(ar + ar_len, data, size);
	ar_len += size;
	ar_pad4();
	return at;
}

static size_t ar_add(u32 mode, const char *name, const char *data)
{
	return ar_add_raw(mode, name, strlen(name) + 1, data, data ? strlen(data) : 0);
}

static size_t ar_file(const char *name, const char *data)
{
	return ar_add(CPIO_MODE_REG | 0755, name, data);
}

static size_t ar_dir(const char *name)
{
	return ar_add(CPIO_MODE_DIR | 0755, name, NULL);
}

static size_t ar_trailer(void)
{
	return ar_add(0, "TRAILER!!!", NULL);
}

/* Puts an 8-character value into field n of the entry at at. */
static void poke_field(size_t at, int n, const char *eight)
{
	memcpy(ar + field_at(at, n), eight, 8);
}

/* A typical tree: ".", "init", "bin", "bin/x", "bin/yy" and a symlink. */
static void typical_archive(void)
{
	ar_reset();
	ar_dir(".");
	ar_file("init", "#!init\n");
	ar_dir("bin");
	ar_file("bin/x", "X");
	ar_file("bin/yy", "0123456789abcdef"); /* a multiple of 4 */
	ar_add(0120777, "bin/link", "x");      /* a symlink: not indexed */
	ar_file("empty", "");
	ar_trailer();
}

static void assert_entry(const struct cpio_entry *e, const char *name, const char *data, u32 mode)
{
	assert_non_null(e);
	assert_int_equal(e->name_len, strlen(name));
	assert_memory_equal(e->name, name, strlen(name));
	assert_int_equal(e->size, strlen(data));
	assert_memory_equal(e->data, data, strlen(data));
	assert_int_equal(e->mode, mode);
	assert_true(e->data >= ar && e->data + e->size <= ar + ar_len);
	assert_int_equal((e->data - ar) % 4, 0);
}

/* ---- cpio_next ---- */

static void test_next_walks_entries(void **state)
{
	struct cpio_entry e;
	size_t off = 0;

	(void)state;
	typical_archive();
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, ".", "", CPIO_MODE_DIR | 0755);
	assert_int_equal(off, 112); /* 110 + ".\0", no data */
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "init", "#!init\n", CPIO_MODE_REG | 0755);
	assert_int_equal(e.data - ar, 112 + 116); /* 110 + "init\0" = 115, padded to 116 */
	assert_int_equal(off, 112 + 116 + 8);	  /* 7 bytes padded to 8 */
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "bin", "", CPIO_MODE_DIR | 0755);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "bin/yy", "0123456789abcdef", CPIO_MODE_REG | 0755);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "bin/link", "x", 0120777);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_entry(&e, "empty", "", CPIO_MODE_REG | 0755);
	size_t before = off;

	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 0); /* TRAILER!!! */
	assert_int_equal(off, before);
	assert_int_equal(ar_len - before, 124); /* 110 + 11 -> 124 */
}

static void test_next_uppercase_hex(void **state)
{
	struct cpio_entry e;
	size_t off = 0;

	(void)state;
	ar_reset();
	size_t at = ar_add_raw(CPIO_MODE_REG, "f", 2, "abcdefghijklmnopqrstuvwxyz", 26);

	poke_field(at, 1, "000081A4"); /* mode 0100644 in upper case */
	poke_field(at, 6, "0000001A");
	ar_trailer();
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_int_equal(e.mode, 0100644);
	assert_int_equal(e.size, 26);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 0);
}

static void test_next_trailer_ends_walk(void **state)
{
	struct cpio_entry e;
	size_t off = 0;

	(void)state;
	ar_reset();
	ar_trailer();
	memset(ar + ar_len, 'G', 64); /* garbage after the trailer is never read */
	ar_len += 64;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 0);
	assert_int_equal(off, 0);
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_null(initramfs_lookup("init"));
	/* "TRAILER!!" (one '!' short) and "TRAILER!!!x" are ordinary names. */
	ar_reset();
	ar_file("TRAILER!!", "a");
	ar_file("TRAILER!!!x", "b");
	ar_trailer();
	off = 0;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 0);
}

static int next_at0(void)
{
	struct cpio_entry e;
	size_t off = 0;

	return cpio_next(ar, ar_len, &off, &e);
}

static void test_next_bad_magic(void **state)
{
	(void)state;
	static const char *const bad[] = { "070702", "070707", "07070", "170701", "\0\0\0\0\0\0" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		typical_archive();
		memcpy(ar, bad[i], 6);
		assert_int_equal(next_at0(), -EINVAL);
	}
}

static void test_next_non_hex(void **state)
{
	static const int fields[] = { 1, 6, 11 }; /* mode, filesize, namesize */
	static const char *const bad[] = { "0000000g", "-0000001", " 0000001", "0x000001",
					   "0000001\0" };

	(void)state;
	for (size_t f = 0; f < 3; f++) {
		for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
			typical_archive();
			poke_field(0, fields[f], bad[b]);
			assert_int_equal(next_at0(), -EINVAL);
			assert_int_equal(initramfs_init(ar, ar_len), -EINVAL);
		}
	}
}

static void test_next_namesize(void **state)
{
	(void)state;
	/* namesize 0 */
	ar_reset();
	ar_add_raw(CPIO_MODE_REG, "", 0, "", 0);
	ar_trailer();
	assert_int_equal(next_at0(), -EINVAL);
	/* A name without its NUL: namesize one short. */
	ar_reset();
	ar_add_raw(CPIO_MODE_REG, "init", 4, "", 0);
	ar_trailer();
	assert_int_equal(next_at0(), -EINVAL);
	/* The name runs past the end. */
	ar_reset();
	size_t at = ar_file("init", "data");

	poke_field(at, 11, "00001000");
	assert_int_equal(next_at0(), -EINVAL);
	poke_field(at, 11, "ffffffff");
	assert_int_equal(next_at0(), -EINVAL);
	/* An empty name (just the NUL) is well-formed. */
	ar_reset();
	ar_add_raw(CPIO_MODE_REG, "", 1, "", 0);
	ar_trailer();
	assert_int_equal(next_at0(), 1);
}

static void test_next_file_past_end(void **state)
{
	struct cpio_entry e;
	size_t off = 0;

	(void)state;
	ar_reset();
	size_t at = ar_file("init", "12345678");

	/* Exactly at the end is fine (the last entry, no trailer). */
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), 1);
	assert_int_equal(off, ar_len);
	poke_field(at, 6, "00000009");
	off = 0;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), -EINVAL);
	poke_field(at, 6, "ffffffff");
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), -EINVAL);
	/* Data cut off by a short length. */
	poke_field(at, 6, "00000008");
	assert_int_equal(cpio_next(ar, ar_len - 1, &off, &e), -EINVAL);
}

static void test_next_truncated_header(void **state)
{
	struct cpio_entry e;
	size_t off;

	(void)state;
	typical_archive();
	for (size_t len = 0; len < 110 + 2; len++) {
		off = 0;
		assert_int_equal(cpio_next(ar, len, &off, &e), -EINVAL);
	}
	/* An offset at or past the end. */
	off = ar_len;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), -EINVAL);
	off = ar_len + 4;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), -EINVAL);
	off = SIZE_MAX;
	assert_int_equal(cpio_next(ar, ar_len, &off, &e), -EINVAL);
}

/* ---- initramfs_init / lookup ---- */

static void test_lookup(void **state)
{
	(void)state;
	typical_archive();
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_string_equal(last_msg, "initramfs: 4 files\n");
	static const char *const init_names[] = { "/init",  "init",    "./init",
						  "//init", "/./init", "././init" };

	for (size_t i = 0; i < sizeof(init_names) / sizeof(init_names[0]); i++)
		assert_entry(initramfs_lookup(init_names[i]), "init", "#!init\n",
			     CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("bin/x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/bin/x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("./bin/x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/bin/yy"), "bin/yy", "0123456789abcdef",
		     CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("empty"), "empty", "", CPIO_MODE_REG | 0755);
	/* Directories, symlinks and missing names. */
	assert_null(initramfs_lookup("bin"));
	assert_null(initramfs_lookup("/bin"));
	assert_null(initramfs_lookup("."));
	assert_null(initramfs_lookup("/"));
	assert_null(initramfs_lookup(""));
	assert_null(initramfs_lookup("bin/link"));
	assert_null(initramfs_lookup("bin/y"));	  /* a prefix of bin/yy */
	assert_null(initramfs_lookup("bin/yyy")); /* longer */
	assert_null(initramfs_lookup("x"));
	assert_null(initramfs_lookup("ini"));
	/* Paths as Linux walks them: repeated slashes, ".", ".." (not past the root). */
	assert_entry(initramfs_lookup("//bin//x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/bin/./x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/bin/../bin/x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/../../bin/x"), "bin/x", "X", CPIO_MODE_REG | 0755);
	assert_null(initramfs_lookup("/bin/x/"));  /* a file is not a directory */
	assert_null(initramfs_lookup("/bin/x/.")); /* nor is "x/." */
	assert_null(initramfs_lookup("bin/.."));
	assert_null(initramfs_lookup("init/"));
	assert_null(initramfs_lookup("Init"));
}

static void test_archive_names_with_prefix(void **state)
{
	(void)state;
	/* Archive names may carry "./" (find . | cpio) or "/". */
	ar_reset();
	ar_dir(".");
	ar_file("./init", "I");
	ar_dir("./bin");
	ar_file("/bin/x", "BX");
	ar_trailer();
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_entry(initramfs_lookup("/init"), "init", "I", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("init"), "init", "I", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("bin/x"), "bin/x", "BX", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("./bin/x"), "bin/x", "BX", CPIO_MODE_REG | 0755);
}

static void test_init_malformed(void **state)
{
	(void)state;
	/* No trailer: the walk runs off the end. */
	ar_reset();
	ar_file("init", "I");
	assert_int_equal(initramfs_init(ar, ar_len), -EINVAL);
	/* A bad entry after good ones. */
	typical_archive();
	memcpy(ar + 112, "07070X", 6); /* the second entry's magic */
	assert_int_equal(initramfs_init(ar, ar_len), -EINVAL);
	assert_string_equal(last_msg, "initramfs: malformed archive at offset 112\n");
	/* Cut inside the last file's data. */
	ar_reset();
	ar_file("init", "I");
	ar_file("big", "0123456789");
	assert_int_equal(initramfs_init(ar, ar_len - 8), -EINVAL);
	/* Empty. */
	assert_int_equal(initramfs_init(ar, 0), -EINVAL);
	/* A good archive again: the index is rebuilt. */
	typical_archive();
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_non_null(initramfs_lookup("/init"));
}

static void test_init_reindexes(void **state)
{
	(void)state;
	typical_archive();
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_non_null(initramfs_lookup("bin/x"));
	/* A second archive replaces the first. The first stays in memory: copy. */
	static unsigned char second[4096];

	ar_reset();
	ar_file("other", "O");
	ar_trailer();
	memcpy(second, ar, ar_len);
	assert_int_equal(initramfs_init(second, ar_len), 0);
	assert_null(initramfs_lookup("bin/x"));
	assert_null(initramfs_lookup("init"));
	const struct cpio_entry *e = initramfs_lookup("other");

	assert_non_null(e);
	assert_ptr_equal(e->data, second + 116); /* 110 + "other\0" */
}

static void test_init_many_files(void **state)
{
	char name[32];

	(void)state;
	ar_reset();
	for (int i = 0; i < 194; i++) {
		snprintf(name, sizeof(name), "f%03d", i);
		ar_file(name, name);
	}
	ar_trailer();
	nr_msgs = 0;
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_int_equal(nr_msgs, 2); /* the warning, then the count */
	assert_string_equal(last_msg, "initramfs: 192 files\n");
	assert_entry(initramfs_lookup("f000"), "f000", "f000", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("f191"), "f191", "f191", CPIO_MODE_REG | 0755);
	assert_null(initramfs_lookup("f192"));
	assert_null(initramfs_lookup("f193"));
	/* The table is full: a boot loader's file finds no room either. */
	assert_int_equal(initramfs_add_file("/opt/bin/late", "L", 1), -ENOSPC);
	assert_null(initramfs_lookup("/opt/bin/late"));
}

/*
 * Archives one after another, with or without NUL padding between them (as
 * cat and cpio's 512-byte blocks leave them), index as one; the later of
 * equal names wins. A malformed second archive fails the whole.
 */
static void test_init_concatenated(void **state)
{
	size_t second;

	(void)state;
	ar_reset();
	ar_file("init", "I");
	ar_file("opt/run.txt", "old");
	ar_trailer();
	memset(ar + ar_len, 0, 512 - ar_len % 512); /* cpio's block padding */
	ar_len += 512 - ar_len % 512;
	second = ar_len;
	ar_file("opt/bin/a", "A");
	ar_file("opt/run.txt", "new");
	ar_trailer();
	ar_file("opt/bin/b", "B"); /* a third, right after the trailer */
	ar_trailer();
	nr_msgs = 0;
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_string_equal(last_msg, "initramfs: 5 files\n");
	assert_entry(initramfs_lookup("/init"), "init", "I", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/opt/bin/a"), "opt/bin/a", "A", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/opt/bin/b"), "opt/bin/b", "B", CPIO_MODE_REG | 0755);
	assert_entry(initramfs_lookup("/opt/run.txt"), "opt/run.txt", "new", CPIO_MODE_REG | 0755);
	/* A bad header in the second archive. */
	poke_field(second, 1, "zzzzzzzz"); /* its mode */
	assert_int_equal(initramfs_init(ar, ar_len), -EINVAL);
}

/*
 * The boot loader's extra files: under /opt/ only (any spelling of the
 * path), executable in /opt/bin/, hiding an archive file of the same name,
 * indexed afresh by the next initramfs_init().
 */
static void test_add_file(void **state)
{
	static const char prog[] = "\177ELF...";

	(void)state;
	ar_reset();
	ar_file("init", "I");
	ar_file("opt/run.txt", "from the archive");
	ar_trailer();
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_int_equal(initramfs_add_file("/opt/bin/hello", prog, sizeof(prog)), 0);
	assert_string_equal(last_msg, "initramfs: /opt/bin/hello added (8 bytes)\n");
	const struct cpio_entry *e = initramfs_lookup("/opt/bin/hello");

	assert_non_null(e);
	assert_ptr_equal(e->data, prog);
	assert_int_equal(e->size, sizeof(prog));
	assert_int_equal(e->mode, CPIO_MODE_REG | 0755);
	assert_true(initramfs_exists("/opt/bin"));
	assert_true(initramfs_exists("/opt/bin/"));
	/* The later file wins over the archive's. */
	assert_int_equal(initramfs_add_file("//opt/./run.txt", "stick", 5), 0);
	e = initramfs_lookup("/opt/run.txt");
	assert_non_null(e);
	assert_int_equal(e->size, 5);
	assert_memory_equal(e->data, "stick", 5);
	assert_int_equal(e->mode, CPIO_MODE_REG | 0644);
	/* Anywhere else, a directory, or no name: refused, nothing added. */
	static const char *const bad[] = { "/init",	"/bin/hostile", "opt",	       "/opt/",
					   "/opt/bin/", "/opt/../init", "/optional/x", "",
					   "initramfs" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(initramfs_add_file(bad[i], "X", 1), -EINVAL);
	assert_entry(initramfs_lookup("/init"), "init", "I", CPIO_MODE_REG | 0755);
	/* A name longer than the boot protocols carry (63 characters). */
	char long_name[80];

	memset(long_name, 'a', sizeof(long_name));
	memcpy(long_name, "/opt/bin/", 9);
	long_name[sizeof(long_name) - 1] = '\0';
	assert_int_equal(initramfs_add_file(long_name, "X", 1), -EINVAL);
	/* The next archive starts without them. */
	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_null(initramfs_lookup("/opt/bin/hello"));
	e = initramfs_lookup("/opt/run.txt");
	assert_non_null(e);
	assert_int_equal(e->size, 16);
}

/* ---- an archive from the real cpio ---- */

static void write_file(const char *path, const char *data)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, strlen(data), f), strlen(data));
	fclose(f);
}

static void test_real_cpio(void **state)
{
	char dir[] = "/tmp/umbra-initramfs-XXXXXX";
	char path[256], cmd[512];
	FILE *p;
	size_t n;

	(void)state;
	if (system("command -v cpio >/dev/null 2>&1") != 0)
		skip();
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bin", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/init", dir);
	write_file(path, "the init program\n");
	snprintf(path, sizeof(path), "%s/bin/x", dir);
	write_file(path, "xyz");
	snprintf(path, sizeof(path), "%s/bin/empty", dir);
	write_file(path, "");
	snprintf(cmd, sizeof(cmd), "cd %s && find . | LC_ALL=C sort | cpio -o -H newc --quiet",
		 dir);
	p = popen(cmd, "r");
	assert_non_null(p);
	ar_reset();
	n = fread(ar, 1, sizeof(ar), p);
	assert_int_equal(pclose(p), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	assert_true(n > 0 && n < sizeof(ar));
	ar_len = n;

	/* The walk: ".", "./bin", "./bin/empty", "./bin/x", "./init", then the trailer. */
	struct cpio_entry e;
	size_t off = 0;
	unsigned int entries = 0;
	int r;

	while ((r = cpio_next(ar, ar_len, &off, &e)) == 1)
		entries++;
	assert_int_equal(r, 0);
	assert_int_equal(entries, 5);

	assert_int_equal(initramfs_init(ar, ar_len), 0);
	assert_string_equal(last_msg, "initramfs: 3 files\n");
	const struct cpio_entry *f = initramfs_lookup("/init");

	assert_non_null(f);
	assert_int_equal(f->size, 17);
	assert_memory_equal(f->data, "the init program\n", 17);
	assert_int_equal(f->mode & CPIO_MODE_TYPE, CPIO_MODE_REG);
	assert_ptr_equal(initramfs_lookup("init"), f);
	assert_ptr_equal(initramfs_lookup("./init"), f);
	f = initramfs_lookup("bin/x");
	assert_non_null(f);
	assert_int_equal(f->size, 3);
	assert_memory_equal(f->data, "xyz", 3);
	assert_ptr_equal(initramfs_lookup("/bin/x"), f);
	f = initramfs_lookup("/bin/empty");
	assert_non_null(f);
	assert_int_equal(f->size, 0);
	assert_null(initramfs_lookup("bin"));
	assert_null(initramfs_lookup("/missing"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next_walks_entries),
		cmocka_unit_test(test_next_uppercase_hex),
		cmocka_unit_test(test_next_trailer_ends_walk),
		cmocka_unit_test(test_next_bad_magic),
		cmocka_unit_test(test_next_non_hex),
		cmocka_unit_test(test_next_namesize),
		cmocka_unit_test(test_next_file_past_end),
		cmocka_unit_test(test_next_truncated_header),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_archive_names_with_prefix),
		cmocka_unit_test(test_init_malformed),
		cmocka_unit_test(test_init_reindexes),
		cmocka_unit_test(test_init_many_files),
		cmocka_unit_test(test_init_concatenated),
		cmocka_unit_test(test_add_file),
		cmocka_unit_test(test_real_cpio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

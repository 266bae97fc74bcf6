// SPDX-License-Identifier: MIT
/*
 * cpio "newc" parsing. Each entry is a 110-byte ASCII header -- "070701",
 * then 13 fields of 8 hex digits (ino, mode, uid, gid, nlink, mtime,
 * filesize, devmajor, devminor, rdevmajor, rdevminor, namesize, check) --
 * then the name (namesize bytes with its NUL), padded to 4 bytes, then the
 * data, padded to 4 bytes. The entry named TRAILER!!! ends the archive;
 * another may follow (initramfs_init()).
 */
#include <kernel/initramfs.h>
#include <kernel/compiler.h>
#include <kernel/printk.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define CPIO_HEADER_SIZE 110
#define CPIO_FIELD(n) (6 + 8 * (n)) /* offset of field n */
#define F_INO 0
#define F_MODE 1
#define F_UID 2
#define F_GID 3
#define F_NLINK 4
#define F_MTIME 5
#define F_FILESIZE 6
#define F_RDEVMAJOR 9
#define F_RDEVMINOR 10
#define F_NAMESIZE 11
#define MAX_FILES 192
#define INITRAMFS_NAME_MAX 256 /* a lookup matches names shorter than this */
#define ADDED_FILES_MAX 32
#define ADDED_NAME_MAX 64
#define ADDED_DIR "opt/" /* where the boot loader's extra files may go */

static bool hex8(const u8 *s, u32 *out)
{
	u32 v = 0;

	for (int i = 0; i < 8; i++) {
		u8 c = s[i];
		u32 d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return false;
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

int cpio_next(const u8 *a, size_t len, size_t *off, struct cpio_entry *e)
{
	size_t o = *off;
	u32 mode, filesize, namesize;

	if (o > len || len - o < CPIO_HEADER_SIZE || memcmp(a + o, "070701", 6) != 0)
		return -EINVAL;
	if (!hex8(a + o + CPIO_FIELD(F_MODE), &mode) ||
	    !hex8(a + o + CPIO_FIELD(F_FILESIZE), &filesize) ||
	    !hex8(a + o + CPIO_FIELD(F_NAMESIZE), &namesize) || namesize == 0)
		return -EINVAL;

	size_t name_at = o + CPIO_HEADER_SIZE;

	if (namesize > len - name_at || a[name_at + namesize - 1] != '\0')
		return -EINVAL;

	size_t data_at = ALIGN_UP(name_at + namesize, (size_t)4);

	if (data_at > len || filesize > len - data_at)
		return -EINVAL;
	e->name = (const char *)a + name_at;
	e->name_len = namesize - 1;
	e->data = a + data_at;
	e->size = filesize;
	e->mode = mode;
	/* The fields only the root file system's population reads; all are hex, or the entry is malformed. */
	if (!hex8(a + o + CPIO_FIELD(F_INO), &e->ino) ||
	    !hex8(a + o + CPIO_FIELD(F_UID), &e->uid) ||
	    !hex8(a + o + CPIO_FIELD(F_GID), &e->gid) ||
	    !hex8(a + o + CPIO_FIELD(F_NLINK), &e->nlink) ||
	    !hex8(a + o + CPIO_FIELD(F_MTIME), &e->mtime) ||
	    !hex8(a + o + CPIO_FIELD(F_RDEVMAJOR), &e->rdev_major) ||
	    !hex8(a + o + CPIO_FIELD(F_RDEVMINOR), &e->rdev_minor))
		return -EINVAL;
	if (e->name_len == 10 && memcmp(e->name, "TRAILER!!!", 10) == 0)
		return 0;
	*off = ALIGN_UP(data_at + filesize, (size_t)4);
	return 1;
}

static struct cpio_entry files[MAX_FILES];
static unsigned int nr_files;
static char added_names[ADDED_FILES_MAX][ADDED_NAME_MAX];
static unsigned int nr_added;

/* Drops leading "/" and "./" so archive names and paths compare equal. */
static const char *strip_prefix(const char *s, size_t *len)
{
	for (;;) {
		if (*len >= 1 && s[0] == '/') {
			s++;
			(*len)--;
		} else if (*len >= 2 && s[0] == '.' && s[1] == '/') {
			s += 2;
			*len -= 2;
		} else {
			return s;
		}
	}
}

int initramfs_init(const void *archive, size_t len)
{
	size_t off = 0;
	struct cpio_entry e;
	int r;

	nr_files = nr_added = 0;
	while ((r = cpio_next(archive, len, &off, &e)) >= 0) {
		if (r == 0) {
			/*
			 * Another archive may follow the trailer, after NUL padding, as
			 * Linux reads an initramfs (its buffer-format.rst): how a build
			 * adds a person's own programs to the suite's archive. Anything
			 * else after a trailer is not read.
			 */
			const u8 *a = archive;

			off = ALIGN_UP((size_t)(e.data - a) + e.size, (size_t)4);
			while (off < len && a[off] == '\0')
				off++;
			if (len - off < 6 || memcmp(a + off, "070701", 6) != 0)
				break;
			continue;
		}
		if ((e.mode & CPIO_MODE_TYPE) != CPIO_MODE_REG)
			continue;
		if (nr_files == MAX_FILES) {
			pr_warn("initramfs: more than %d files; the rest are ignored\n", MAX_FILES);
			break;
		}
		e.name = strip_prefix(e.name, &e.name_len);
		files[nr_files++] = e;
	}
	if (r < 0) {
		pr_err("initramfs: malformed archive at offset %zu\n", off);
		return -EINVAL;
	}
	pr_info("initramfs: %u files\n", nr_files);
	return 0;
}

/*
 * Writes path's components to out joined by single slashes, as Linux's path
 * walk sees them: empty and "." components vanish (so "//bin//x" and
 * "/bin/./x" name "bin/x") and ".." drops the one before it (at the root it
 * stays there). A path that must name a directory (a trailing slash, or
 * ending in "." or "..") keeps a slash at the end, which no file name has.
 * Returns false when the result does not fit in out.
 */
static bool path_normalize(const char *path, char *out, size_t size, size_t *len)
{
	size_t n = 0;
	bool want_dir = false;

	while (*path) {
		const char *c = path;
		size_t clen = 0;

		while (c[clen] && c[clen] != '/')
			clen++;
		path = c + clen;

		bool dot = clen == 1 && c[0] == '.';
		bool dotdot = clen == 2 && c[0] == '.' && c[1] == '.';

		if (clen)
			want_dir = dot || dotdot;
		if (*path == '/') {
			path++;
			want_dir = true;
		}
		if (clen == 0 || dot)
			continue;
		if (dotdot) {
			while (n > 0 && out[n - 1] != '/')
				n--;
			if (n > 0)
				n--; /* the slash before the dropped component */
			continue;
		}
		if (n + (n ? 1 : 0) + clen >= size)
			return false;
		if (n)
			out[n++] = '/';
		memcpy(out + n, c, clen);
		n += clen;
	}
	if (want_dir) {
		if (n + 1 >= size)
			return false;
		out[n++] = '/';
	}
	*len = n;
	return true;
}

const struct cpio_entry *initramfs_lookup(const char *path)
{
	char name[INITRAMFS_NAME_MAX];
	size_t len;

	if (!path_normalize(path, name, sizeof(name), &len))
		return NULL;
	/* The last of equal names wins, as when Linux unpacks an archive over itself. */
	for (unsigned int i = nr_files; i-- > 0;) {
		if (files[i].name_len == len && memcmp(files[i].name, name, len) == 0)
			return &files[i];
	}
	return NULL;
}

int initramfs_add_file(const char *path, const void *data, size_t size)
{
	char name[ADDED_NAME_MAX];
	size_t len;
	bool in_bin;

	if (!path_normalize(path, name, sizeof(name), &len) || len == 0 || name[len - 1] == '/' ||
	    len <= strlen(ADDED_DIR) || memcmp(name, ADDED_DIR, strlen(ADDED_DIR)) != 0) {
		pr_warn("initramfs: a boot module named \"%s\": not a file under /%s\n", path,
			ADDED_DIR);
		return -EINVAL;
	}
	if (nr_files == MAX_FILES || nr_added == ADDED_FILES_MAX) {
		pr_warn("initramfs: no room for %s\n", path);
		return -ENOSPC;
	}
	memcpy(added_names[nr_added], name, len);
	in_bin = len > 8 && memcmp(name, ADDED_DIR "bin/", 8) == 0;
	files[nr_files++] = (struct cpio_entry){
		.name = added_names[nr_added++],
		.name_len = len,
		.data = data,
		.size = size,
		.mode = CPIO_MODE_REG | (in_bin ? 0755 : 0644),
	};
	pr_info("initramfs: /%.*s added (%zu bytes)\n", (int)len, name, size);
	return 0;
}

bool initramfs_exists(const char *path)
{
	char name[INITRAMFS_NAME_MAX];
	size_t len;
	bool want_dir;

	if (!path_normalize(path, name, sizeof(name), &len))
		return false;
	want_dir = len && name[len - 1] == '/';
	if (want_dir)
		len--;
	if (!len)
		return true; /* the root */
	for (unsigned int i = 0; i < nr_files; i++) {
		const struct cpio_entry *e = &files[i];

		if (memcmp(e->name, name, MIN(len, e->name_len)) != 0 || e->name_len < len)
			continue;
		if (e->name_len == len ? !want_dir : e->name[len] == '/')
			return true; /* the file itself, or a directory above it */
	}
	return false;
}

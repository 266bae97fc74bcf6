/* SPDX-License-Identifier: MIT */
/* The suite busybox's cases (cases.c), run by main.c. */
#ifndef USER_BUSYBOX_H
#define USER_BUSYBOX_H

#include <stdbool.h>

struct bb_case {
	const char *name;
	const char *script; /* run as busybox sh -c SCRIPT in an empty directory */
	const char *out;    /* its whole standard output */
	int status;	    /* its exit status */
	/* NULL, or says why the case cannot run here (then it is a SKIP with that reason) */
	const char *(*skip)(void);
};

/* Ends with an entry whose name is NULL. */
extern const struct bb_case bb_cases[];

#endif

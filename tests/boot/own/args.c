// SPDX-License-Identifier: MIT
/*
 * A person's program that is no KTAP (tests/boot/progs): prints its
 * arguments and exits 0 only when they are exactly "--flag" -- proving
 * RUN's arguments reach it. /init makes it one case (user/init.c).
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		printf("argv[%d] = %s\n", i, argv[i]);
	return argc == 2 && strcmp(argv[1], "--flag") == 0 ? 0 : 1;
}

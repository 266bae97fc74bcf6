// SPDX-License-Identifier: MIT
/*
 * A person's program that prints its own KTAP document (tests/boot/progs):
 * two cases that pass; /init passes it through and the verdict counts both.
 */
#include <stdio.h>

int main(void)
{
	printf("TAP version 13\n1..2\n");
	printf("ok 1 first_case\n");
	printf("ok 2 second_case\n");
	printf("# Totals: pass:2 fail:0 xfail:0 xpass:0 skip:0 error:0\n");
	return 0;
}

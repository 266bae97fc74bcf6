// SPDX-License-Identifier: MIT
/*
 * A person's program that fails (tests/boot/progs): no KTAP, exit status
 * 3. Its one case must be "not ok" and the verdict FAIL.
 */
#include <stdio.h>

int main(void)
{
	printf("this program fails on purpose\n");
	return 3;
}

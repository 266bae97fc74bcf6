// SPDX-License-Identifier: MIT
/*
 * gptcheck IMAGE: whether IMAGE is a GPT disk strict UEFI firmware accepts
 * (scripts/gpt_verify.c says which rules). Prints "gptcheck: IMAGE: ok" and
 * exits 0, or names the first rule broken and exits 1. tests/run-all runs it
 * on the USB-stick image, build/umbra-usb.img.
 */
#include <stdio.h>
#include <stdlib.h>

#include "gpt_verify.h"

int main(int argc, char **argv)
{
	FILE *f;
	uint8_t *img;
	long size;
	const char *why;

	if (argc != 2) {
		fprintf(stderr, "usage: gptcheck IMAGE\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		perror(argv[1]);
		return 2;
	}
	img = malloc((size_t)size + 1);
	if (!img || fread(img, 1, (size_t)size, f) != (size_t)size) {
		perror(argv[1]);
		return 2;
	}
	fclose(f);
	why = gpt_verify(img, (size_t)size);
	printf("gptcheck: %s: %s\n", argv[1], why ? why : "ok");
	free(img);
	return why ? 1 : 0;
}

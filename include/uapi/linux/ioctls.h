/* SPDX-License-Identifier: MIT */
/*
 * ioctl() request numbers (asm-generic/ioctls.h; x86_64 and arm64 share
 * them): the terminal requests the console answers and the generic file
 * ones.
 */
#ifndef UAPI_LINUX_IOCTLS_H
#define UAPI_LINUX_IOCTLS_H

#define TCGETS 0x5401
#define TCSETS 0x5402
#define TCSETSW 0x5403
#define TCSETSF 0x5404
#define TCSBRK 0x5409
#define TCXONC 0x540A
#define TCFLSH 0x540B
#define TIOCSCTTY 0x540E
#define TIOCGPGRP 0x540F
#define TIOCSPGRP 0x5410
#define TIOCOUTQ 0x5411
#define TIOCGWINSZ 0x5413
#define TIOCSWINSZ 0x5414
#define FIONREAD 0x541B
#define TIOCNOTTY 0x5422
#define TIOCGSID 0x5429
/* TCFLSH's argument */
#define TCIFLUSH 0
#define TCOFLUSH 1
#define TCIOFLUSH 2
#define FIONBIO 0x5421
#define FIONCLEX 0x5450
#define FIOCLEX 0x5451

#endif

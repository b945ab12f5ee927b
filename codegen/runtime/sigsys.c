/* Names a system call the confinement refused (docs/grading.md, "What a
 * submission can and cannot do"). lloracle compiles it into every runtime
 * object it links executables with (its own runtimes and a course's C
 * file, through `cc -include`). A confined executable's refused call
 * raises SIGSYS (seccomp's SECCOMP_RET_TRAP); the handler this file's
 * constructor installs writes
 *
 *     lloracle: refused system call N
 *
 * on stderr, then ends the program with SIGSYS again, so the run's wait
 * status is the one an unhandled refusal gives. Outside a confinement no
 * call is refused and nothing here runs but the constructor.
 *
 * Raw system calls only (no C library function, no header): the runtime
 * object leaves no new symbol to the C library, and a course's C file
 * included after it sees no new declaration. x86-64 Linux only. */
#if defined(__x86_64__) && defined(__linux__)

static long lloracle_syscall(long n, long a, long b, long c, long d) {
  long r;
  register long r10 __asm__("r10") = d;
  __asm__ volatile("syscall"
                   : "=a"(r)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10)
                   : "rcx", "r11", "memory");
  return r;
}

/* x86-64 system call numbers and sigaction flags (asm/unistd_64.h,
 * asm/signal.h). */
enum {
  LLORACLE_SYS_WRITE = 1,
  LLORACLE_SYS_RT_SIGACTION = 13,
  LLORACLE_SYS_RT_SIGRETURN = 15,
  LLORACLE_SYS_GETPID = 39,
  LLORACLE_SYS_SIGALTSTACK = 131,
  LLORACLE_SYS_GETTID = 186,
  LLORACLE_SYS_EXIT_GROUP = 231,
  LLORACLE_SYS_TGKILL = 234,
  LLORACLE_SIGSYS = 31
};
#define LLORACLE_SA_SIGINFO 0x4UL
#define LLORACLE_SA_RESTORER 0x04000000UL
#define LLORACLE_SA_ONSTACK 0x08000000UL
#define LLORACLE_SA_NODEFER 0x40000000UL
#define LLORACLE_SA_RESETHAND 0x80000000UL

/* The kernel's struct sigaction and stack_t on x86-64. */
struct lloracle_sigaction {
  void (*handler)(int, void *, void *);
  unsigned long flags;
  void (*restorer)(void);
  unsigned long mask;
};
struct lloracle_stack {
  void *sp;
  int flags;
  unsigned long size;
};

/* The kernel requires a restorer on x86-64; the handler never returns. */
static void lloracle_restorer(void) {
  lloracle_syscall(LLORACLE_SYS_RT_SIGRETURN, 0, 0, 0, 0);
}

/* Its own stack: a program whose stack pointer is wild is reported too. */
static char lloracle_sigsys_stack[1 << 16];

static void lloracle_on_sigsys(int sig, void *info, void *ctx) {
  /* siginfo's union starts at offset 16 on 64-bit Linux; for SIGSYS it
   * holds { void *call_addr; int syscall; unsigned arch; }. */
  int number = *(int *)((char *)info + 24);
  static const char head[] = "\nlloracle: refused system call ";
  char line[sizeof head + 24];
  unsigned long len = 0;
  char digits[16];
  int n = 0;
  unsigned int v = number < 0 ? 0U - (unsigned int)number : (unsigned int)number;
  (void)sig;
  (void)ctx;
  while (head[len] != '\0') {
    line[len] = head[len];
    len++;
  }
  if (number < 0) {
    line[len++] = '-';
  }
  do {
    digits[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) {
    line[len++] = digits[--n];
  }
  line[len++] = '\n';
  lloracle_syscall(LLORACLE_SYS_WRITE, 2, (long)line, (long)len, 0);
  lloracle_syscall(LLORACLE_SYS_TGKILL,
                   lloracle_syscall(LLORACLE_SYS_GETPID, 0, 0, 0, 0),
                   lloracle_syscall(LLORACLE_SYS_GETTID, 0, 0, 0, 0),
                   LLORACLE_SIGSYS, 0);
  lloracle_syscall(LLORACLE_SYS_EXIT_GROUP, 128 + LLORACLE_SIGSYS, 0, 0, 0);
}

__attribute__((constructor)) static void lloracle_report_refused_calls(void) {
  struct lloracle_stack ss = {lloracle_sigsys_stack, 0,
                              sizeof lloracle_sigsys_stack};
  /* Once: the handler's own tgkill then meets the default action. */
  struct lloracle_sigaction act = {
      lloracle_on_sigsys,
      LLORACLE_SA_SIGINFO | LLORACLE_SA_RESTORER | LLORACLE_SA_ONSTACK |
          LLORACLE_SA_NODEFER | LLORACLE_SA_RESETHAND,
      lloracle_restorer, 0};
  if (lloracle_syscall(LLORACLE_SYS_SIGALTSTACK, (long)&ss, 0, 0, 0) == 0) {
    lloracle_syscall(LLORACLE_SYS_RT_SIGACTION, LLORACLE_SIGSYS, (long)&act, 0,
                     8);
  }
}

#endif

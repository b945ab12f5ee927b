/* The LLVMlite runtime functions for native code (docs/semantics.md,
 * "Runtime functions"). Programs compiled by lloracle's back end, by LLVM
 * (the corpus cross-check) and by students' compilers link with this file.
 * It defines no `main`: the LLVMlite program's `main` is the C entry point,
 * unless built with -DLLRT_MAIN_CALLS_PROGRAM, for courses whose programs
 * start at `@program`: then `main` calls `program(argc, argv)` and exits
 * with its result (mod 256, as for `@main`).
 *
 *   void  ll_puts(i8*)          prints the string and a newline
 *   i8*   ll_strcat(i8*, i8*)   a new heap string, the concatenation
 *   i8*   ll_ltoa(i64 [, i8*])  a new heap string, the decimal form; a second
 *                               argument, if passed, is ignored
 *
 * Built with -DLLRT_LIBC it is the runtime `ll-libc` (later CIS341
 * handouts, Princeton COS320 2026; docs/dialects.md, "Runtimes"), which adds
 *
 *   i8*   ll_malloc(i64 n, i64 size)  n * size zeroed bytes (calloc; null
 *                                     when calloc fails)
 *   i64   ll_callback(i64 (i64, i64)*)  calls the function with (19, 19)
 *                                       and returns its result
 *
 * and lets programs call the C library's atoi, strcmp, strlen, puts and
 * free, which the link with cc supplies.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *ll_alloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) {
    fputs("llrt: out of memory\n", stderr);
    abort();
  }
  return p;
}

void ll_puts(const char *s) {
  fputs(s, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

char *ll_strcat(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *r = ll_alloc(la + lb + 1);
  memcpy(r, a, la);
  memcpy(r + la, b, lb + 1);
  return r;
}

char *ll_ltoa(int64_t i) {
  char *r = ll_alloc(21);
  snprintf(r, 21, "%" PRId64, i);
  return r;
}

#ifdef LLRT_LIBC
/* As the handouts' runtime: no check; a size calloc cannot give (a
 * negative one reads as huge) returns null. */
void *ll_malloc(int64_t n, int64_t size) {
  return calloc((size_t)n, (size_t)size);
}

int64_t ll_callback(int64_t (*fun)(int64_t, int64_t)) { return fun(19, 19); }
#endif

#ifdef LLRT_MAIN_CALLS_PROGRAM
int64_t program(int64_t argc, char **argv);

int main(int argc, char **argv) { return (int)program(argc, argv); }
#endif

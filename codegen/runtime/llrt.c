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

#ifdef LLRT_MAIN_CALLS_PROGRAM
int64_t program(int64_t argc, char **argv);

int main(int argc, char **argv) { return (int)program(argc, argv); }
#endif

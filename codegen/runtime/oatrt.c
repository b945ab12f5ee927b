/* The Oat runtime: what the courses' `runtime.c` gives the output of their
 * Oat front ends (docs/dialects.md, "Runtimes"), written for lloracle with
 * the handouts' behaviour. One text for the four Oat runtimes, because they
 * differ in two lines; the build picks the variant:
 *
 *   oat-eth-2019, oat-hw5   (no macro)  oat_alloc_array's elements come
 *                                       from malloc (uninitialised)
 *   oat-eth                 -DOATRT_ZEROED_ARRAYS   ... from calloc (zero)
 *   oat-cis341              -DOATRT_NO_NEGATIVE_INDEX_CHECK
 *                                       oat_assert_array_length lets a
 *                                       negative index pass
 *   -DOATRT_NO_MAIN         no C `main` (a driver whose programs start at
 *                           their own `@main`, `--entry main`)
 *
 * An Oat array is a pointer to n + 1 words: word 0 is the length n, words
 * 1..n the elements (`{ i64, [0 x T] }*` in the program). A failed C
 * `assert` aborts (status 134; stdout still buffered is lost), as in the
 * handouts; the oat_assert_* checks print on stderr and exit(1).
 *
 * The C `main` builds the Oat array of the command-line arguments (argv[0]
 * the program's own name), calls `program(argc, argv)` and exits with its
 * result (mod 256).
 *
 * Beyond the handouts' runtime it has the spec's ll_puts, ll_strcat and
 * ll_ltoa (llrt.c, included below, without its `main`): the programs
 * lloracle generates print with them, and they link under any runtime;
 * which calls a runtime allows is the oracle's to say.
 */
#include "llrt.c"

#include <assert.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new Oat array of `len` words after the length word, the length set. */
static int64_t *oat_words(int64_t len, int zeroed) {
  size_t n = (size_t)len + 1;
  int64_t *a = zeroed ? calloc(n, sizeof *a) : malloc(n * sizeof *a);
  a[0] = len;
  return a;
}

/* --- Oat's internal functions (called by the compiled code) ------------- */

int64_t *oat_malloc(int64_t size) { return calloc((size_t)size, 1); }

int64_t *oat_alloc_array(int64_t size) {
  assert(size >= 0);
#ifdef OATRT_ZEROED_ARRAYS
  return oat_words(size, 1);
#else
  return oat_words(size, 0);
#endif
}

void oat_assert_not_null(int8_t *ptr) {
  if (ptr == NULL) {
    fputs("Attempted to dereference null pointer", stderr);
    exit(1);
  }
}

void oat_assert_array_length(int64_t *array, int64_t ind) {
  if (array == NULL) {
    fputs("Attempted to index null array", stderr);
    exit(1);
  }
#ifdef OATRT_NO_NEGATIVE_INDEX_CHECK
  int out_of_bounds = array[0] <= ind;
#else
  int out_of_bounds = ind < 0 || array[0] <= ind;
#endif
  if (out_of_bounds) {
    fprintf(stderr, "Out of bounds index %" PRId64 " for array length %" PRId64,
            ind, array[0]);
    exit(1);
  }
}

/* --- Oat's built-in functions (callable from Oat source) ---------------- */

int64_t *array_of_string(char *str) {
  assert(str != NULL);
  int64_t len = (int64_t)strlen(str);
  int64_t *a = oat_words(len, 0);
  for (int64_t i = 0; i < len; i++) {
    a[i + 1] = (int64_t)(signed char)str[i];
  }
  return a;
}

char *string_of_array(int64_t *arr) {
  assert(arr != NULL);
  int64_t len = arr[0];
  assert(len >= 0);
  char *s = malloc((size_t)len + 1);
  for (int64_t i = 0; i < len; i++) {
    s[i] = (char)arr[i + 1];
    assert(s[i] != 0);
  }
  s[len] = 0;
  return s;
}

int64_t length_of_string(char *str) {
  assert(str != NULL);
  return (int64_t)strlen(str);
}

char *string_of_int(int64_t i) {
  char digits[32];
  int len = snprintf(digits, sizeof digits, "%" PRId64, i);
  char *s = malloc((size_t)len + 1);
  memcpy(s, digits, (size_t)len + 1);
  return s;
}

char *string_cat(char *l, char *r) {
  size_t ll = strlen(l), lr = strlen(r);
  char *s = malloc(ll + lr + 1);
  memcpy(s, l, ll);
  memcpy(s + ll, r, lr + 1);
  return s;
}

void print_string(char *str) {
  assert(str != NULL);
  fputs(str, stdout);
}

void print_int(int64_t i) { printf("%" PRId64, i); }

/* Declared `void (i1)` by the front ends and read here as a whole word,
 * as the handouts' runtime reads it. */
void print_bool(int64_t b) { fputs(b == 0 ? "false" : "true", stdout); }

#ifndef OATRT_NO_MAIN
int64_t program(int64_t argc, int64_t *oargv);

int main(int argc, char *argv[]) {
  int64_t *oargv = oat_alloc_array(argc);
  for (int i = 0; i < argc; i++) {
    oargv[i + 1] = (int64_t)(intptr_t)argv[i];
  }
  return (int)program(argc, oargv);
}
#endif

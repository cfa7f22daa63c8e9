/* The machine's limit for ls -R and ls -lR: the same calls ls makes, made from N
 * threads, with no output. Reads a list of paths (one per line: directories for
 * "dirs", every entry for "stat"), then N threads take them in turn (an atomic
 * counter) and open+getdents64+close each directory, or statx (no follow) each
 * entry. Prints the wall time in seconds.
 *
 *   cc -O2 -pthread bench/limit.c -o limit
 *   ./limit dirs|stat N LIST
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static char **paths;
static size_t npaths;
static atomic_size_t next;
static int mode_dirs;

static void *run(void *arg) {
  (void)arg;
  static __thread char buf[65536];
  for (;;) {
    size_t i = atomic_fetch_add(&next, 1);
    if (i >= npaths) return NULL;
    if (mode_dirs) {
      int fd = open(paths[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) continue;
      while (syscall(SYS_getdents64, fd, buf, sizeof buf) > 0) {
      }
      close(fd);
    } else {
      struct statx st;
      statx(AT_FDCWD, paths[i], AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &st);
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: limit dirs|stat N LIST\n");
    return 2;
  }
  mode_dirs = strcmp(argv[1], "dirs") == 0;
  int n = atoi(argv[2]);
  FILE *f = fopen(argv[3], "r");
  if (!f || n < 1 || n > 256) return 2;
  size_t cap = 1024;
  paths = malloc(cap * sizeof *paths);
  char *line = NULL;
  size_t len = 0;
  ssize_t got;
  while ((got = getline(&line, &len, f)) > 0) {
    if (line[got - 1] == '\n') line[got - 1] = 0;
    if (npaths == cap) paths = realloc(paths, (cap *= 2) * sizeof *paths);
    paths[npaths++] = strdup(line);
  }
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  pthread_t t[256];
  for (int i = 1; i < n; i++) pthread_create(&t[i], NULL, run, NULL);
  run(NULL);
  for (int i = 1; i < n; i++) pthread_join(t[i], NULL);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%.3f\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
  return 0;
}

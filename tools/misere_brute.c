/* Misère Kayles (0.77) by brute force, for docs/QUOTIENTS.md: the outcome of every multiset of heaps
   of at most T tokens, by plain memoised recursion over every move (no simplification: a position
   without a move is a win for the player to move). Shares nothing with the lab's quotient code.

     cc -O2 -o misere_brute tools/misere_brute.c
     ./misere_brute T LOG2_TABLE OUT      e.g.  ./misere_brute 60 24 kayles60.txt

   OUT has one line per position: 1 (the player to move wins) or 0, then the heaps, largest first.
   tools/misere_check.py compares it with the lab's quotient. T <= 62 (a position is a 128-bit key). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;
#define MAXH 128
static u128 *keys;
static signed char *vals;
static uint64_t cap;

static uint64_t hash(u128 k) {
    uint64_t a = (uint64_t)k, b = (uint64_t)(k >> 64);
    uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return h ^ (h >> 29);
}

/* heaps sorted, largest first, all positive: h ones then a zero for each heap, after a leading 1 */
static u128 encode(const int *h, int n) {
    u128 k = 1;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < h[i]; j++) k = (k << 1) | 1;
        k <<= 1;
    }
    return k;
}

static int lookup(u128 k) {
    uint64_t i = hash(k) & (cap - 1);
    while (vals[i] >= 0) {
        if (keys[i] == k) return vals[i];
        i = (i + 1) & (cap - 1);
    }
    return -1;
}

static void store(u128 k, int v) {
    uint64_t i = hash(k) & (cap - 1);
    while (vals[i] >= 0 && keys[i] != k) i = (i + 1) & (cap - 1);
    keys[i] = k;
    vals[i] = (signed char)v;
}

static int larger_first(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }

static int wins(const int *h, int n);

static int child_wins(const int *h, int n, int i, int a, int b) {
    int c[MAXH], m = 0;
    for (int j = 0; j < n; j++)
        if (j != i) c[m++] = h[j];
    if (a) c[m++] = a;
    if (b) c[m++] = b;
    qsort(c, m, sizeof(int), larger_first);
    return wins(c, m);
}

/* 1: the player to move wins (misère) */
static int wins(const int *h, int n) {
    if (n == 0) return 1;
    u128 k = encode(h, n);
    int v = lookup(k);
    if (v >= 0) return v;
    int win = 0;
    for (int i = 0; i < n && !win; i++) {
        if (i > 0 && h[i] == h[i - 1]) continue;
        for (int take = 1; take <= 2 && !win; take++) {   /* 0.77: take 1 or 2, leave 0, 1 or 2 heaps */
            int r = h[i] - take;
            if (r < 0) continue;
            for (int a = 0; a <= r / 2 && !win; a++)
                if (!child_wins(h, n, i, a, r - a)) win = 1;
        }
    }
    store(k, win);
    return win;
}

static int part[MAXH];
static FILE *out;
static long count;

static void visit(int n) {
    int o = wins(part, n);
    count++;
    fprintf(out, "%d", o);
    for (int i = 0; i < n; i++) fprintf(out, " %d", part[i]);
    fputc('\n', out);
}

static void partitions(int s, int largest, int n) {
    if (s == 0) {
        visit(n);
        return;
    }
    for (int p = s < largest ? s : largest; p >= 1; p--) {
        part[n] = p;
        partitions(s - p, p, n + 1);
    }
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s T LOG2_TABLE OUT\n", argv[0]);
        return 2;
    }
    int T = atoi(argv[1]);
    if (T < 0 || T > 62) {
        fprintf(stderr, "T is 0 to 62\n");
        return 2;
    }
    cap = 1ULL << atoi(argv[2]);
    keys = malloc(cap * sizeof(u128));
    vals = malloc(cap);
    out = fopen(argv[3], "w");
    if (!keys || !vals || !out) {
        fprintf(stderr, "no memory or no output file\n");
        return 1;
    }
    memset(vals, -1, cap);
    for (int s = 0; s <= T; s++) {
        partitions(s, s, 0);
        fprintf(stderr, "tokens %d: %ld positions\n", s, count);
    }
    fclose(out);
    return 0;
}

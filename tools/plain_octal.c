/* An independent check of the lab's Grundy values and periods (docs/UNSOLVED.md): the values of
   an octal code by the plain mex over every move, no sparse space, no shortcut, nothing shared
   with the lab's code; then the period the lab proved, checked on them.

   Build and run:  cc -O2 -o plain_octal tools/plain_octal.c
                   ./plain_octal N p n0 OUT d0 d1 d2 ...
   computes G(0..N-1) of the code d0.d1d2... (digit k: bit 1 takes k and leaves nothing, bit 2
   leaves one heap, bit 4 leaves two non-empty heaps), checks G(n + p) = G(n) for n0 <= n < N - p
   and that n0 is the least such start, writes the values to OUT (2-byte unsigned, native order)
   and prints one line. Exit 0 when the period holds. Values must stay below 65,536. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s N p n0 OUT d0 d1 d2 ...\n", argv[0]);
        return 2;
    }
    long N = atol(argv[1]), p = atol(argv[2]), n0 = atol(argv[3]);
    int nd = argc - 5, d[32];
    if (nd > 32 || N < 1 || p < 1 || n0 < 0) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    for (int k = 0; k < nd; k++) d[k] = atoi(argv[5 + k]);
    unsigned short *G = calloc((size_t)N, sizeof *G);
    unsigned *stamp = calloc(1 << 16, sizeof *stamp);
    unsigned largest = 0;
    for (long n = 0; n < N; n++) {
        unsigned s = (unsigned)n + 1;
        for (int k = 0; k < nd && k <= n; k++) {
            long r = n - k;
            if ((d[k] & 1) && r == 0 && k > 0) stamp[0] = s;
            if ((d[k] & 2) && r > 0) stamp[G[r]] = s;
            if ((d[k] & 4) && r >= 2)
                for (long a = 1; a <= r / 2; a++) stamp[G[a] ^ G[r - a]] = s;
        }
        unsigned m = 0;
        while (stamp[m] == s) m++;
        if (m > 65535) {
            fprintf(stderr, "a value past 65,535 at %ld\n", n);
            return 2;
        }
        G[n] = (unsigned short)m;
        if (m > largest) largest = m;
    }
    long bad = -1;
    for (long n = n0; n + p < N; n++)
        if (G[n + p] != G[n]) { bad = n; break; }
    int least = n0 == 0 || n0 - 1 + p >= N || G[n0 - 1] != G[n0 - 1 + p];
    printf("values %ld, largest %u, period %ld from %ld: %s, least start: %s\n", N, largest, p, n0,
           bad < 0 ? "holds" : "broken", least ? "yes" : "no");
    if (bad >= 0) printf("broken at %ld\n", bad);
    FILE *out = fopen(argv[4], "wb");
    if (out == NULL || fwrite(G, sizeof *G, (size_t)N, out) != (size_t)N) {
        fprintf(stderr, "cannot write %s\n", argv[4]);
        return 2;
    }
    fclose(out);
    return bad < 0 && least ? 0 : 1;
}

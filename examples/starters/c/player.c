/*
 * player.c - a Nim Arcade player in C: the starter (Kayles, the lab's game 0.77).
 *
 * FR : le squelette du protocole (docs/PROTOCOL.md) : il lit les lignes de Nim Arcade, tient la
 *      position à jour et répond à chaque « go » par un coup légal. Votre travail : la fonction
 *      choose(), plus bas (cherchez TODO).
 * EN : the protocol's skeleton (docs/PROTOCOL.md): it reads Nim Arcade's lines, keeps the position
 *      and answers each "go" with a legal move. Your work: the function choose(), below (TODO).
 *
 * Kayles: a row of pins; a move knocks down 1 pin or 2 side by side, which may cut a heap in two.
 * Whoever knocks down the last pin wins. A move is written "heap:take" (heaps numbered from 1), or
 * "heap:take:left" when the heap is cut in two: left pins on one side, the rest on the other.
 *
 * Build: cc -std=c99 -Wall -Wextra -O2 -o player player.c
 * Try:   ./player, then type  uci / setoption name Heaps value 10 / position startpos moves 1:1:4 / go / quit
 * Debugging prints go to stderr (fprintf(stderr, ...)): stdout is for the protocol only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEAPS 2400              /* a position may hold many heaps: each split adds one */
#define MAX_LINE 65536

static int start[MAX_HEAPS] = {10}, nstart = 1;     /* the Heaps option: the heaps at the start */
static int heaps[MAX_HEAPS], nheaps;                /* the position: its heaps, none empty */

/* Play "heap:take" or "heap:take:left" on the position; 0 when it can't be read. */
static int play(const char *move) {
    int h, take, left = 0, rest, i;
    if (sscanf(move, "%d:%d:%d", &h, &take, &left) < 2 || h < 1 || h > nheaps) return 0;
    rest = heaps[h - 1] - take;
    if (take < 1 || rest < 0 || left < 0 || left > rest) return 0;
    if (left > rest - left) left = rest - left;     /* Nim Arcade puts the smaller part first */
    if (left > 0 && nheaps < MAX_HEAPS) {           /* cut in two: left, then the rest */
        for (i = nheaps++; i > h; i--) heaps[i] = heaps[i - 1];
        heaps[h - 1] = left;
        heaps[h] = rest - left;
    } else if (rest > 0) {
        heaps[h - 1] = rest;
    } else {                                        /* the heap is gone */
        for (i = h - 1; i + 1 < nheaps; i++) heaps[i] = heaps[i + 1];
        nheaps--;
    }
    return 1;
}

/* TODO: your strategy. The position is heaps[0] ... heaps[nheaps - 1]; write your move in `out`
 * ("1:1", "2:2:3"...). FR : votre stratégie ; écrivez votre coup dans `out`. */
static void choose(char *out) {
    sprintf(out, "1:1");            /* one pin of the first heap: always legal, rarely good */
}

int main(void) {
    static char line[MAX_LINE];
    char move[32], *word;
    int i;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        word = strtok(line, " \t");
        if (!word) continue;
        if (!strcmp(word, "uci")) {
            printf("id name %s\n", "player (C starter)");     /* TODO: your name / votre nom */
            printf("id author %s\n", "Prenom Nom");
            printf("option name Game type combo default octal var octal\n");
            printf("option name Code type string default 0.77\n");
            printf("option name Heaps type string default 10\n");
            printf("uciok\n");
        } else if (!strcmp(word, "isready")) {
            printf("readyok\n");
        } else if (!strcmp(word, "setoption")) {      /* setoption name NAME value V1 V2 ... */
            char *name, *value;
            strtok(NULL, " \t");                        /* "name" */
            name = strtok(NULL, " \t");
            strtok(NULL, " \t");                        /* "value" */
            if (name && !strcmp(name, "Heaps")) {
                for (nstart = 0; nstart < MAX_HEAPS && (value = strtok(NULL, " \t")); nstart++)
                    start[nstart] = atoi(value);
            } else if (name && !strcmp(name, "Code") && (value = strtok(NULL, " \t")) && strcmp(value, "0.77")) {
                fprintf(stderr, "player: this starter plays Kayles (0.77), not %s\n", value);
            }
        } else if (!strcmp(word, "position")) {       /* position startpos [moves M1 M2 ...] */
            for (nheaps = 0, i = 0; i < nstart; i++)
                if (start[i] > 0) heaps[nheaps++] = start[i];
            while ((word = strtok(NULL, " \t")))
                if (strcmp(word, "startpos") && strcmp(word, "moves") && !play(word))
                    fprintf(stderr, "player: move %s not understood\n", word);
        } else if (!strcmp(word, "go")) {
            choose(move);
            printf("bestmove %s\n", move);
        } else if (!strcmp(word, "quit")) {
            break;
        }                                               /* any other line: ignored */
        fflush(stdout);                                 /* every answer at once */
    }
    return 0;
}

/*
 * nimplayer.c - an example player for Nim Arcade, in C99 with the standard library only.
 *
 * FR : un joueur qui parle le protocole de docs/PROTOCOL.md sur son entrée et sa sortie
 *      standard, pour chaque jeu : il annonce ses options, rejoue les coups reçus avec ses
 *      propres règles, et répond « bestmove » avec un coup légal (le coup gagnant quand la
 *      stratégie exacte tient en quelques lignes).
 * EN : a player that speaks the protocol of docs/PROTOCOL.md on its standard input and output,
 *      for every game: it announces its options, replays the moves it is sent with its own
 *      rules, and answers "bestmove" with a legal move (the winning one where the exact
 *      strategy is short to write).
 *
 * The lab's octal games (Game octal, the Code option: "0.77", "{1,3,4}"...): in normal play, the
 * exact move from Grundy values computed by their definition (the mex over every move the code
 * allows); in misère play, an exact memoised search while the heaps hold at most 32 tokens (no
 * heap without a move counted), beyond that the normal-play move, said in an "info string". What
 * it can't read (a code, a move) it says on stderr, and it still answers a legal move.
 *
 * Build: make examples    (or: cc -std=c99 -Wall -Wextra -O2 -o nimplayer nimplayer.c)
 * Try:   ./nimplayer, then type  uci / setoption name Game value sticks / go / quit
 * The debugging prints go to stderr: stdout is for the protocol only.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { STICKS, HEAPS, MATCHES, GRID, AWELE, WYTHOFF, OCTAL, NGAMES };
static const char *GAME_IDS[NGAMES] = {"sticks", "heaps", "matches", "grid", "awele", "wythoff", "octal"};

#define MAX_HEAPS 16
#define MAX_HEAP 1000
#define MAX_CELLS 120
#define MAX_SIDE 30
#define MAX_PIECES 64
#define MAX_LINE (1 << 20)
#define CODE_DIGITS 64                  /* the lab's longest code, and its largest take */
#define OCTAL_HEAP 200                  /* the lab's largest heap */
#define OCTAL_PARTS (12 * OCTAL_HEAP)   /* the most heaps a position of the lab can hold */

/* The options (defaults: the first level of each game; Awélé under Aualé's rule). */
static int game = AWELE;
static int opt_sticks = 20, opt_max_take = 3, opt_last_loses = 0;
static int opt_heaps[MAX_HEAPS] = {1, 3, 7}, opt_nheaps = 3, opt_misere = 0;
static int opt_length = 21;
static char opt_pattern[MAX_CELLS + 1] = "";
static int opt_rows = 5, opt_cols = 5, opt_pawns = 3, opt_queens = 1;
static int opt_seeds = 4, opt_capture_nothing = 1;
/* The lab's code d0.d1d2...dk: digits[k] is dk; repeat: the last digit holds for ever ("0.3..."). */
static int code_digits[CODE_DIGITS + 1] = {0, 7, 7}, code_length = 3, code_repeat = 0;
static char opt_code[CODE_DIGITS * 4 + 8] = "0.77";

typedef struct { int r, c; } Cell;

/* One position of any game: each game uses its own fields. */
typedef struct {
    int to_move;
    int sticks;                         /* sticks */
    int heaps[MAX_HEAPS], nheaps;       /* heaps */
    char cells[MAX_CELLS]; int length;  /* matches: 1 where a match stands */
    Cell pieces[MAX_PIECES]; int npieces; /* grid's pawns, wythoff's queens */
    int houses[12], stores[2];          /* awele: 0-5 South (A-F), 6-11 North (a-f) */
    int parts[OCTAL_PARTS], nparts;     /* octal: the non-empty heaps, in row order */
    int refused;                        /* 1 when the position could not be built as sent */
} Position;

static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);                     /* every line, at once: the GUI is waiting for it */
}

static void debug(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("nimplayer: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

/* A whole number and nothing else; 0 when the text is not one. */
static int read_int(const char *text, int *out) {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < -1000000 || value > 1000000) return 0;
    *out = (int)value;
    return 1;
}

/* ---- sticks, heaps: seeds 000 and 001 ------------------------------------------------------ */
static int sticks_play(Position *p, const char *text) {
    int k, top = p->sticks < opt_max_take ? p->sticks : opt_max_take;
    if (!read_int(text, &k) || k < 1 || k > top) return 0;
    p->sticks -= k;
    return 1;
}

static void sticks_choose(const Position *p, char *out) {
    /* groups of max_take + 1: leave a multiple (last wins) or one more (last loses) */
    int period = opt_max_take + 1;
    int k = (opt_last_loses ? p->sticks - 1 : p->sticks) % period;
    sprintf(out, "%d", k >= 1 ? k : 1);
}

static int heaps_play(Position *p, const char *text) {
    int h, c;
    char extra;
    if (sscanf(text, "%d:%d%c", &h, &c, &extra) != 2) return 0;
    if (h < 1 || h > p->nheaps || c < 1 || c > p->heaps[h - 1]) return 0;
    p->heaps[h - 1] -= c;
    return 1;
}

static void heaps_choose(const Position *p, char *out) {
    int i, x = 0, big = 0, bigi = -1, ones = 0;
    for (i = 0; i < p->nheaps; i++) {
        x ^= p->heaps[i];
        if (p->heaps[i] > 1) { big++; bigi = i; }
        if (p->heaps[i] == 1) ones++;
    }
    if (opt_misere && big == 1) {       /* misère: leave an odd number of 1-heaps at the end */
        sprintf(out, "%d:%d", bigi + 1, p->heaps[bigi] - (ones % 2 == 0 ? 1 : 0));
        return;
    }
    if (opt_misere && big == 0) x = ones % 2 == 0;    /* an even number of 1-heaps: take one */
    for (i = 0; x && i < p->nheaps; i++)
        if ((p->heaps[i] ^ x) < p->heaps[i]) {        /* Bouton: the nim-sum back to 0 */
            sprintf(out, "%d:%d", i + 1, p->heaps[i] - (p->heaps[i] ^ x));
            return;
        }
    for (i = 0; i < p->nheaps; i++)    /* lost: one object from the first heap */
        if (p->heaps[i]) {
            sprintf(out, "%d:1", i + 1);
            return;
        }
}

/* ---- matches in a row: seed 004, its recursive « gagnante » on small rows -------------------- */
#define EXACT_MATCHES 20                /* up to this many matches, the search is exact */
#define MEMO_SIZE 16384

/* A row, as the lengths of its runs of matches, longest first. */
typedef struct { unsigned char part[EXACT_MATCHES]; int n; } Runs;
static struct { Runs key; signed char wins; int used; } memo[MEMO_SIZE];
static int memo_take = 0;               /* the max_take the memo was filled with */

static void runs_add(Runs *r, int length) {
    int i;
    if (length <= 0) return;
    for (i = r->n++; i > 0 && r->part[i - 1] < length; i--) r->part[i] = r->part[i - 1];
    r->part[i] = (unsigned char)length;
}

/* The runs left when k matches are taken from run j, starting `left` cells into it. */
static Runs runs_after(const Runs *r, int j, int left, int k) {
    Runs out;
    int i;
    out.n = 0;
    for (i = 0; i < r->n; i++)
        if (i != j) runs_add(&out, r->part[i]);
    runs_add(&out, left);
    runs_add(&out, r->part[j] - left - k);
    return out;
}

/* The memo's slot of `r`: where it is, or the free slot it would go to (-1: the memo is full). */
static int memo_slot(const Runs *r) {
    unsigned h = 2166136261u;
    int i;
    for (i = 0; i < r->n; i++) h = (h ^ r->part[i]) * 16777619u;
    h = (h ^ (unsigned)r->n) % MEMO_SIZE;
    for (i = 0; i < MEMO_SIZE; i++, h = (h + 1) % MEMO_SIZE)
        if (!memo[h].used || (memo[h].key.n == r->n && !memcmp(memo[h].key.part, r->part, (size_t)r->n)))
            return (int)h;
    return -1;
}

/* Seed 004's « gagnante »: whether the player to move wins (whoever takes the last match loses). */
static int wins(const Runs *r) {
    int j, left, k, found = 0, slot = memo_slot(r);
    if (r->n == 0) return 1;            /* the opponent took the last match */
    if (slot >= 0 && memo[slot].used) return memo[slot].wins;
    for (j = 0; j < r->n && !found; j++) {
        if (j > 0 && r->part[j] == r->part[j - 1]) continue;    /* the same run again */
        for (k = 1; k <= opt_max_take && k <= r->part[j] && !found; k++)
            for (left = 0; 2 * left <= r->part[j] - k && !found; left++) {
                Runs next = runs_after(r, j, left, k);
                found = !wins(&next);
            }
    }
    slot = memo_slot(r);                /* the search may have filled the slot seen before */
    if (slot >= 0) {
        memo[slot].key = *r;
        memo[slot].wins = (signed char)found;
        memo[slot].used = 1;
    }
    return found;
}

static int matches_play(Position *p, const char *text) {
    int a, b, i;
    char extra;
    if (sscanf(text, "%d-%d%c", &a, &b, &extra) != 2) {
        if (sscanf(text, "%d%c", &a, &extra) != 1) return 0;
        b = a;
    }
    if (a < 1 || b < a || b > p->length || b - a + 1 > opt_max_take) return 0;
    for (i = a - 1; i < b; i++)
        if (!p->cells[i]) return 0;
    for (i = a - 1; i < b; i++) p->cells[i] = 0;
    return 1;
}

static void matches_choose(const Position *p, char *out) {
    Runs runs;
    int start[MAX_CELLS], len[MAX_CELLS], n = 0, total = 0, i, j, s, k, pass, found = 0;
    for (i = 0; i < p->length; i++) {
        if (!p->cells[i]) continue;
        if (i == 0 || !p->cells[i - 1]) { start[n] = i; len[n++] = 0; }
        len[n - 1]++;
        total++;
    }
    if (memo_take != opt_max_take) { memset(memo, 0, sizeof memo); memo_take = opt_max_take; }
    runs.n = 0;
    if (total <= EXACT_MATCHES)
        for (j = 0; j < n; j++) runs.part[runs.n++] = (unsigned char)len[j];   /* in row order */
    /* pass 0: a move after which the opponent loses (small rows only); pass 1: one that leaves
       a single match; pass 2: the first legal move */
    for (pass = total <= EXACT_MATCHES ? 0 : 1; pass < 3 && !found; pass++)
        for (j = 0; j < n && !found; j++)
            for (s = start[j]; s < start[j] + len[j] && !found; s++)
                for (k = 1; k <= opt_max_take && s + k <= start[j] + len[j] && !found; k++) {
                    if (pass == 0) {
                        Runs next = runs_after(&runs, j, s - start[j], k);
                        found = !wins(&next);
                    } else {
                        found = pass == 2 || total - k == 1;
                    }
                    if (found && k == 1) sprintf(out, "%d", s + 1);
                    else if (found) sprintf(out, "%d-%d", s + 1, s + k);
                }
}

/* ---- pieces toward the sink: seed 003's pawns, Wythoff's queens ------------------------------ */
static int wythoff_g[MAX_SIDE][MAX_SIDE];   /* Grundy value of a queen (rows to go, cols to go) */

static void wythoff_table(void) {
    int a, b, d, n;
    for (a = 0; a < MAX_SIDE; a++)
        for (b = 0; b < MAX_SIDE; b++) {
            char seen[4 * MAX_SIDE] = {0};
            for (d = 0; d < b; d++) seen[wythoff_g[a][d]] = 1;
            for (d = 0; d < a; d++) seen[wythoff_g[d][b]] = 1;
            for (d = 1; d <= a && d <= b; d++) seen[wythoff_g[a - d][b - d]] = 1;
            for (n = 0; seen[n]; n++) {}
            wythoff_g[a][b] = n;    /* mex: the smallest value no move reaches */
        }
}

static int nimber(Cell c) {
    int a = opt_rows - c.r, b = opt_cols - c.c;
    if (game == GRID) return (a % 3) ^ (b % 3);     /* seed 003: two games of steps 1 or 2 */
    return wythoff_g[a][b];
}

/* Where a piece on `from` may go, in the game's order; returns how many. */
static int destinations(Cell from, Cell *out) {
    static const int STEPS[4][2] = {{0, 1}, {0, 2}, {1, 0}, {2, 0}};
    static const int SLIDES[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    int n = 0, i, k;
    for (i = 0; game == GRID && i < 4; i++) {
        Cell to = {from.r + STEPS[i][0], from.c + STEPS[i][1]};
        if (to.r <= opt_rows && to.c <= opt_cols) out[n++] = to;
    }
    for (i = 0; game == WYTHOFF && i < 3; i++)
        for (k = 1; from.r + k * SLIDES[i][0] <= opt_rows && from.c + k * SLIDES[i][1] <= opt_cols; k++) {
            Cell to = {from.r + k * SLIDES[i][0], from.c + k * SLIDES[i][1]};
            out[n++] = to;
        }
    return n;
}

static int pieces_play(Position *p, const char *text) {
    Cell from, to, dest[3 * MAX_SIDE];
    int i, j, n;
    char extra;
    if (sscanf(text, "(%d,%d)-(%d,%d)%c", &from.r, &from.c, &to.r, &to.c, &extra) != 4) return 0;
    for (i = 0; i < p->npieces && (p->pieces[i].r != from.r || p->pieces[i].c != from.c); i++) {}
    if (i == p->npieces) return 0;
    n = destinations(from, dest);
    for (j = 0; j < n && (dest[j].r != to.r || dest[j].c != to.c); j++) {}
    if (j == n) return 0;
    if (to.r == opt_rows && to.c == opt_cols) p->pieces[i] = p->pieces[--p->npieces];  /* sunk */
    else p->pieces[i] = to;
    return 1;
}

static void pieces_choose(const Position *p, char *out) {
    Cell dest[3 * MAX_SIDE];
    int i, j, n, x = 0;
    for (i = 0; i < p->npieces; i++) x ^= nimber(p->pieces[i]);
    for (i = 0; i < p->npieces; i++) {
        n = destinations(p->pieces[i], dest);
        for (j = 0; j < n; j++)     /* the nim-addition back to 0 (or, lost: the first move) */
            if (!x || nimber(dest[j]) == (nimber(p->pieces[i]) ^ x)) {
                sprintf(out, "(%d,%d)-(%d,%d)", p->pieces[i].r, p->pieces[i].c, dest[j].r, dest[j].c);
                return;
            }
    }
}

/* ---- Awélé: seed 002, sowing, captures of 2 or 3, never starve the opponent ------------------ */
#define AWELE_DEPTH 8

/* Sow `house` of `in` into `out`; 0 when the move is illegal (empty house, or it starves). */
static int sow(const int in[12], int house, int out[12], int *gain) {
    int board[12], i, seeds, pos = house, lo, p, left = 0;
    memcpy(board, in, sizeof board);
    seeds = board[house];
    if (!seeds) return 0;
    board[house] = 0;
    while (seeds) {
        pos = (pos + 1) % 12;
        if (pos == house) continue;     /* the starting house is skipped */
        board[pos]++;
        seeds--;
    }
    lo = house < 6 ? 6 : 0;             /* the opponent's row */
    memcpy(out, board, sizeof board);
    *gain = 0;
    for (p = pos; p >= lo && p < lo + 6 && (board[p] == 2 || board[p] == 3); p--) {
        *gain += board[p];
        out[p] = 0;
    }
    for (i = lo; i < lo + 6; i++) left += out[i];
    if (*gain && !left && opt_capture_nothing) {     /* a grand slam captures nothing */
        memcpy(out, board, sizeof board);
        *gain = 0;
        left = 1;
    }
    return left > 0;                    /* forbidden: a grand slam starves, so it is illegal */
}

static int awele_play(Position *p, const char *text) {
    static const char *LETTERS = "ABCDEFabcdef";
    const char *at = strchr(LETTERS, text[0]);
    int house, gain, after[12];
    if (!text[0] || text[1] || !at) return 0;
    house = (int)(at - LETTERS);
    if (house / 6 != p->to_move || !sow(p->houses, house, after, &gain)) return 0;
    memcpy(p->houses, after, sizeof after);
    p->stores[p->to_move] += gain;
    return 1;
}

/* Negamax with alpha-beta on the seeds captured: the mover's stores minus the opponent's. */
static int awele_search(const int houses[12], const int stores[2], int me, int depth, int alpha, int beta,
                        int *best) {
    int h, gain, after[12], s[2], value, moved = 0, i;
    if (depth == 0) return stores[me] - stores[1 - me];
    for (h = 6 * me; h < 6 * me + 6; h++) {
        if (!sow(houses, h, after, &gain)) continue;
        s[0] = stores[0];
        s[1] = stores[1];
        s[me] += gain;
        value = -awele_search(after, s, 1 - me, depth - 1, -beta, -alpha, NULL);
        if (!moved++ || value > alpha) {
            if (best) *best = h;
            if (value > alpha) alpha = value;
        }
        if (alpha >= beta) break;
    }
    if (!moved) {                       /* no move: each side keeps the seeds of its own row */
        value = stores[me] - stores[1 - me];
        for (i = 0; i < 6; i++) value += houses[6 * me + i] - houses[6 * (1 - me) + i];
        return value;
    }
    return alpha;
}

static void awele_choose(const Position *p, char *out) {
    int best = -1;
    awele_search(p->houses, p->stores, p->to_move, AWELE_DEPTH, -1000, 1000, &best);
    if (best >= 0) sprintf(out, "%c", "ABCDEFabcdef"[best]);
}

/* Aualé's diagram: 12 houses (A-F, then a-f), the two stores, S or N to move. */
static int awele_fen(Position *p, const char *text) {
    int i, values[14];
    const char *at = text;
    char *end;
    for (i = 0; i < 14; i++) {
        long v = strtol(at, &end, 10);
        if (end == at || *end != '-' || v < 0 || v > 1000) return 0;
        values[i] = (int)v;
        at = end + 1;
    }
    if ((at[0] != 'S' && at[0] != 'N') || at[1]) return 0;
    memcpy(p->houses, values, sizeof p->houses);
    p->stores[0] = values[12];
    p->stores[1] = values[13];
    p->to_move = at[0] == 'N';
    return 1;
}

/* ---- the lab's octal games: any code, Grundy values by their definition ---------------------- */
/* Digit dk of the code says what taking k tokens from one heap may leave: 1 nothing, 2 one heap,
   4 two heaps (their sum when several are allowed); d0 = 4 splits a heap without taking. */
#define MISERE_EXACT 32                 /* misère: positions of up to this many tokens are searched */
#define MISERE_MEMO (1 << 17)
#define MAX_GRUNDY 1024

static int grundy[OCTAL_HEAP + 1];      /* G(n) of one heap of n, under the code below */
static int live[OCTAL_HEAP + 1];        /* 1 when a heap of n has a move */
static char grundy_code[sizeof opt_code] = "";
static int grundy_overflow = 0;         /* a value too large for this small program */

static int code_digit(int k) {
    if (k < code_length) return code_digits[k];
    return code_repeat ? code_digits[code_length - 1] : 0;
}

/* Read a code as the lab does: "0.77", ".07", "4.3...", "0.3…", or takes "{1,3,4}" (each
   take k a digit 3: take k, leave one heap or none). Returns 0 when it is no octal code. */
static int parse_code(const char *text, int *digits, int *length, int *repeat) {
    char raw[sizeof opt_code];
    int n = 0, i, k;
    for (i = 0; text[i] && n + 1 < (int)sizeof raw; i++)
        if (text[i] != ' ') raw[n++] = text[i];
    raw[n] = '\0';
    if (!n) return 0;
    *repeat = 0;
    if (raw[0] == '{' || strchr(raw, ',')) {                 /* a subtraction set */
        char *at = raw, *end;
        int most = 0, takes[CODE_DIGITS + 1] = {0}, any = 0;
        while (*at == '{') at++;
        for (end = at + strlen(at); end > at && end[-1] == '}'; end--) {}
        *end = '\0';
        while (*at) {
            if (*at == ',' || *at == ';') { at++; continue; }
            for (k = 0; *at >= '0' && *at <= '9'; at++) k = k > CODE_DIGITS ? k : 10 * k + (*at - '0');
            if ((*at && *at != ',' && *at != ';') || k < 1 || k > CODE_DIGITS) return 0;
            takes[k] = any = 1;
            if (k > most) most = k;
        }
        if (!any) return 0;
        for (k = 0; k <= most; k++) digits[k] = takes[k] ? 3 : 0;
        *length = most + 1;
        return 1;
    }
    if (n >= 3 && !strcmp(raw + n - 3, "...")) { *repeat = 1; raw[n -= 3] = '\0'; }
    else if (n >= 3 && !strcmp(raw + n - 3, "\xe2\x80\xa6")) { *repeat = 1; raw[n -= 3] = '\0'; }   /* … */
    i = 0;
    digits[0] = 0;
    if (raw[0] >= '0' && raw[0] <= '9') digits[0] = raw[i++] - '0';
    if (raw[i++] != '.' || (digits[0] != 0 && digits[0] != 4)) return 0;
    for (*length = 1; raw[i]; i++) {
        if (raw[i] < '0' || raw[i] > '7' || *length > CODE_DIGITS) return 0;
        digits[(*length)++] = raw[i] - '0';
    }
    if (!*repeat)
        while (*length > 1 && digits[*length - 1] == 0) (*length)--;
    if (*repeat && (*length < 2 || digits[*length - 1] == 0)) return 0;
    return !(*length == 1 && digits[0] == 0);                /* "0." allows no move at all */
}

/* The moves on a heap of n, one at a time, in the lab's order: begin with *k = -1; each call
   gives the next (take k, left part a), a the smaller part or 0 when at most one heap is left;
   0 when there is none left. */
static int octal_next(int n, int *k, int *a) {
    int top = code_repeat || n < code_length - 1 ? n : code_length - 1, d, rest;
    if (*k >= 0) {
        d = code_digit(*k);
        rest = n - *k;
        if (rest > 0 && (d & 4) && *a < rest / 2) { (*a)++; return 1; }
    }
    for ((*k)++; *k <= top; (*k)++) {
        d = code_digit(*k);
        rest = n - *k;
        if (rest == 0) {
            if ((d & 1) && *k > 0) { *a = 0; return 1; }
            continue;
        }
        if ((d & 2) && *k > 0) { *a = 0; return 1; }
        if ((d & 4) && rest >= 2) { *a = 1; return 1; }
    }
    return 0;
}

/* Whether taking `take` from a heap of n may leave `left` and the rest (the lab's rule). */
static int octal_allows(int n, int take, int left) {
    int d, right, parts;
    if (take < 0 || take > n || left < 0 || left > n - take) return 0;
    d = code_digit(take);
    right = n - take - left;
    parts = (left > 0) + (right > 0);
    if (parts == 0) return (d & 1) && take > 0;
    if (parts == 1) return (d & 2) && take > 0;
    return (d & 4) != 0;
}

/* G(n) = mex { G(a) xor G(b) : a move on a heap of n leaves heaps a and b }, n = 0..200. */
static void grundy_table(void) {
    static char seen[2 * MAX_GRUNDY];
    int n, k, a, v;
    if (!strcmp(grundy_code, opt_code)) return;
    strcpy(grundy_code, opt_code);
    grundy_overflow = 0;
    for (n = 0; n <= OCTAL_HEAP; n++) {
        memset(seen, 0, sizeof seen);
        live[n] = 0;
        for (k = -1; octal_next(n, &k, &a);) {
            live[n] = 1;
            seen[grundy[a] ^ grundy[n - k - a]] = 1;
        }
        for (v = 0; seen[v]; v++) {}
        if (v >= MAX_GRUNDY) { grundy_overflow = 1; v = 0; }
        grundy[n] = v;
    }
}

static void octal_start(Position *p) {
    int i;
    for (i = 0; i < opt_nheaps; i++) {
        if (opt_heaps[i] > OCTAL_HEAP) { debug("heap %d refused (at most %d)", opt_heaps[i], OCTAL_HEAP); p->refused = 1; }
        else if (opt_heaps[i] > 0) p->parts[p->nparts++] = opt_heaps[i];
    }
}

/* "heap:take", or "heap:take:left" when the heap is cut in two (either part may be named). */
static int octal_play(Position *p, const char *text) {
    int h, k, a = 0, n, fields = 2, used = 0, more = 0, rest, b, i;
    if (sscanf(text, "%d:%d%n", &h, &k, &used) != 2) return 0;
    if (text[used] == ':') {
        if (sscanf(text + used + 1, "%d%n", &a, &more) != 1) return 0;
        fields = 3;
        used += 1 + more;
    }
    if (text[used]) return 0;
    if (h < 1 || h > p->nparts) return 0;
    n = p->parts[h - 1];
    rest = n - k;
    if (fields == 2 && rest > 0 && !octal_allows(n, k, 0)) return 0;     /* a split must say so */
    if (a >= 0 && a <= rest && rest - a < a) a = rest - a;            /* the smaller part */
    if (!octal_allows(n, k, a) || a > n - k - a) return 0;
    b = n - k - a;
    if ((a > 0) + (b > 0) == 2 && p->nparts == OCTAL_PARTS) return 0;
    if (a > 0 && b > 0) {               /* the heap becomes two: a, then b */
        for (i = p->nparts; i > h; i--) p->parts[i] = p->parts[i - 1];
        p->nparts++;
        p->parts[h - 1] = a;
        p->parts[h] = b;
    } else if (a + b > 0) {
        p->parts[h - 1] = a + b;
    } else {
        for (i = h - 1; i + 1 < p->nparts; i++) p->parts[i] = p->parts[i + 1];
        p->nparts--;
    }
    return 1;
}

static void octal_say(char *out, int heap, int k, int a) {
    if (a) sprintf(out, "%d:%d:%d", heap + 1, k, a);
    else sprintf(out, "%d:%d", heap + 1, k);
}

/* Misère play has no Grundy shortcut: a plain search, memoised on the live heaps (sorted). */
typedef struct { unsigned char part[MISERE_EXACT]; int n; } Heaps;
static struct { Heaps key; signed char wins; int used; } misere_memo[MISERE_MEMO];
static char misere_code[sizeof opt_code] = "";

static void heaps_add(Heaps *r, int size) {
    int i;
    if (size <= 0 || !live[size]) return;   /* a heap with no move changes nothing */
    for (i = r->n++; i > 0 && r->part[i - 1] < size; i--) r->part[i] = r->part[i - 1];
    r->part[i] = (unsigned char)size;
}

static Heaps heaps_after(const Heaps *r, int j, int k, int a) {
    Heaps out;
    int i;
    out.n = 0;
    for (i = 0; i < r->n; i++)
        if (i != j) heaps_add(&out, r->part[i]);
    heaps_add(&out, a);
    heaps_add(&out, r->part[j] - k - a);
    return out;
}

static int misere_slot(const Heaps *r) {
    unsigned h = 2166136261u;
    int i;
    for (i = 0; i < r->n; i++) h = (h ^ r->part[i]) * 16777619u;
    h = (h ^ (unsigned)r->n) % MISERE_MEMO;
    for (i = 0; i < MISERE_MEMO; i++, h = (h + 1) % MISERE_MEMO)
        if (!misere_memo[h].used || (misere_memo[h].key.n == r->n &&
                                      !memcmp(misere_memo[h].key.part, r->part, (size_t)r->n)))
            return (int)h;
    return -1;
}

/* Whether the player to move wins in misère play (whoever makes the last move loses). */
static int misere_wins(const Heaps *r) {
    int j, k, a, found = 0, slot;
    if (r->n == 0) return 1;            /* no move: the opponent made the last one */
    slot = misere_slot(r);
    if (slot >= 0 && misere_memo[slot].used) return misere_memo[slot].wins;
    for (j = 0; j < r->n && !found; j++) {
        if (j > 0 && r->part[j] == r->part[j - 1]) continue;
        for (k = -1; !found && octal_next(r->part[j], &k, &a);) {
            Heaps next = heaps_after(r, j, k, a);
            found = !misere_wins(&next);
        }
    }
    slot = misere_slot(r);
    if (slot >= 0) {
        misere_memo[slot].key = *r;
        misere_memo[slot].wins = (signed char)found;
        misere_memo[slot].used = 1;
    }
    return found;
}

static void octal_choose(const Position *p, char *out) {
    int i, k, a, x = 0, tokens = 0, first = -1, fk = 0, fa = 0;
    grundy_table();
    for (i = 0; i < p->nparts; i++) {
        x ^= grundy[p->parts[i]];
        if (live[p->parts[i]]) tokens += p->parts[i];
    }
    for (i = 0; i < p->nparts && first < 0; i++)     /* the first legal move: the fallback */
        for (k = -1; first < 0 && octal_next(p->parts[i], &k, &a);) { first = i; fk = k; fa = a; }
    if (first < 0) return;              /* no move: the game is over ("0000") */
    octal_say(out, first, fk, fa);
    if (p->refused) {
        say("info string position not understood: any legal move");
        return;
    }
    if (opt_misere && tokens <= MISERE_EXACT) {
        Heaps now;
        now.n = 0;
        for (i = 0; i < p->nparts; i++) heaps_add(&now, p->parts[i]);
        if (strcmp(misere_code, opt_code)) {
            memset(misere_memo, 0, sizeof misere_memo);
            strcpy(misere_code, opt_code);
        }
        for (i = 0; i < p->nparts; i++)
            for (k = -1; octal_next(p->parts[i], &k, &a);) {
                Heaps next;
                int j, at = -1;
                for (j = 0; j < now.n; j++)
                    if (now.part[j] == p->parts[i]) at = j;
                next = heaps_after(&now, at, k, a);
                if (!misere_wins(&next)) { octal_say(out, i, k, a); return; }
            }
        return;                         /* lost against perfect play: the first legal move */
    }
    if (opt_misere)
        say("info string misere: %d tokens, too many for the exact search (at most %d): "
            "playing the normal-play move", tokens, MISERE_EXACT);
    if (grundy_overflow) {
        say("info string Grundy values too large for this player: any legal move");
        return;
    }
    for (i = 0; x && i < p->nparts; i++)        /* a move that brings the nim-sum back to 0 */
        for (k = -1; octal_next(p->parts[i], &k, &a);)
            if ((grundy[a] ^ grundy[p->parts[i] - k - a]) == (grundy[p->parts[i]] ^ x)) {
                octal_say(out, i, k, a);
                return;
            }
}

/* ---- positions ------------------------------------------------------------------------------- */
static void start_position(Position *p) {
    int i, k;
    memset(p, 0, sizeof *p);
    p->sticks = opt_sticks;
    p->nheaps = opt_nheaps;
    memcpy(p->heaps, opt_heaps, sizeof p->heaps);
    if (opt_pattern[0]) {
        for (i = 0; opt_pattern[i]; i++) p->cells[p->length++] = opt_pattern[i] == '1' || opt_pattern[i] == '|';
    } else {
        for (i = 0; i < opt_length; i++) p->cells[p->length++] = 1;
    }
    if (game == GRID)
        for (i = 1; i <= opt_pawns; i++) p->pieces[p->npieces++] = (Cell){i, 1};
    if (game == WYTHOFF) {              /* (1,1), then the first row and column in turn */
        p->pieces[p->npieces++] = (Cell){1, 1};
        for (k = 2; p->npieces < opt_queens && (k <= opt_cols || k <= opt_rows); k++) {
            if (k <= opt_cols && p->npieces < opt_queens) p->pieces[p->npieces++] = (Cell){1, k};
            if (k <= opt_rows && p->npieces < opt_queens) p->pieces[p->npieces++] = (Cell){k, 1};
        }
    }
    for (i = 0; i < 12; i++) p->houses[i] = opt_seeds;
    if (game == OCTAL) octal_start(p);
}

static int play(Position *p, const char *text) {
    int ok = 0;
    switch (game) {
    case STICKS: ok = sticks_play(p, text); break;
    case HEAPS: ok = heaps_play(p, text); break;
    case MATCHES: ok = matches_play(p, text); break;
    case AWELE: ok = awele_play(p, text); break;
    case OCTAL: ok = octal_play(p, text); break;
    default: ok = pieces_play(p, text); break;
    }
    if (ok) p->to_move = 1 - p->to_move;
    return ok;
}

/* The position of `position startpos|fen X [moves ...]`; a move it can't play stops the replay. */
static void build(Position *p, char **words, int n) {
    int i = 1, j;
    start_position(p);
    if (n > 1 && !strcmp(words[0], "fen")) {
        if (game != AWELE || !awele_fen(p, words[1])) debug("diagram refused: %s", words[1]);
        i = 2;
    }
    if (i < n && strcmp(words[i], "moves")) debug("expected moves, not %s", words[i]);
    for (i++; i < n; i++) {
        if (game == AWELE) {            /* Aualé's moves come joined: EcCf */
            for (j = 0; words[i][j]; j++) {
                char one[2] = {words[i][j], '\0'};
                if (!play(p, one)) { debug("move %s refused", one); p->refused = 1; return; }
            }
        } else if (!play(p, words[i])) {
            debug("move %s refused", words[i]);
            p->refused = 1;
            return;
        }
    }
}

/* The move to play in notation, or "0000" when there is none (the game is over). */
static void choose(const Position *p, char *out) {
    strcpy(out, "0000");
    switch (game) {
    case STICKS: if (p->sticks) sticks_choose(p, out); break;
    case HEAPS: heaps_choose(p, out); break;
    case MATCHES: matches_choose(p, out); break;
    case AWELE: awele_choose(p, out); break;
    case OCTAL: octal_choose(p, out); break;
    default: pieces_choose(p, out); break;
    }
}

/* ---- the protocol ---------------------------------------------------------------------------- */
static void announce(void) {
    say("id name nimplayer (C example)");
    say("id author Nim Arcade examples");
    say("option name Game type combo default awele var sticks var heaps var matches var grid var awele var wythoff var octal");
    say("option name Sticks type spin default 20 min 1 max 60");
    say("option name MaxTake type spin default 3 min 1 max 9");
    say("option name LastLoses type check default false");
    say("option name Heaps type string default 1 3 7");
    say("option name Misere type check default false");
    say("option name Length type spin default 21 min 1 max %d", MAX_CELLS);
    say("option name Pattern type string default <empty>");
    say("option name Rows type spin default 5 min 3 max %d", MAX_SIDE);
    say("option name Cols type spin default 5 min 3 max %d", MAX_SIDE);
    say("option name Pawns type spin default 3 min 1 max %d", MAX_SIDE);
    say("option name Seeds type spin default 4 min 3 max 6");
    say("option name GrandSlam type combo default capture_nothing var forbidden var capture_nothing");
    say("option name Queens type spin default 1 min 1 max %d", MAX_SIDE);
    say("option name Code type string default 0.77");
    say("option name Board type combo default heaps var heaps var row");
    say("uciok");
}

/* A number option within lo..hi; the old value stays when the new one is not. */
static void set_int(int *option, const char *name, const char *value, int lo, int hi) {
    int v;
    if (read_int(value, &v) && v >= lo && v <= hi) *option = v;
    else debug("%s %s refused (%d to %d)", name, value, lo, hi);
}

static void set_bool(int *option, const char *name, const char *value) {
    if (!strcmp(value, "true") || !strcmp(value, "false")) *option = !strcmp(value, "true");
    else debug("%s %s refused (true or false)", name, value);
}

static void set_option(const char *name, const char *value) {
    int i;
    if (!strcmp(name, "Game")) {
        for (i = 0; i < NGAMES && strcmp(value, GAME_IDS[i]); i++) {}
        if (i < NGAMES) game = i;
        else debug("no game %s", value);
    } else if (!strcmp(name, "Sticks")) set_int(&opt_sticks, name, value, 1, 1000);
    else if (!strcmp(name, "MaxTake")) set_int(&opt_max_take, name, value, 1, 9);
    else if (!strcmp(name, "LastLoses")) set_bool(&opt_last_loses, name, value);
    else if (!strcmp(name, "Misere")) set_bool(&opt_misere, name, value);
    else if (!strcmp(name, "Length")) set_int(&opt_length, name, value, 1, MAX_CELLS);
    else if (!strcmp(name, "Rows")) set_int(&opt_rows, name, value, 3, MAX_SIDE);
    else if (!strcmp(name, "Cols")) set_int(&opt_cols, name, value, 3, MAX_SIDE);
    else if (!strcmp(name, "Pawns")) set_int(&opt_pawns, name, value, 1, MAX_SIDE);
    else if (!strcmp(name, "Queens")) set_int(&opt_queens, name, value, 1, MAX_SIDE);
    else if (!strcmp(name, "Seeds")) set_int(&opt_seeds, name, value, 3, 6);
    else if (!strcmp(name, "GrandSlam")) {
        if (!strcmp(value, "forbidden") || !strcmp(value, "capture_nothing"))
            opt_capture_nothing = !strcmp(value, "capture_nothing");
        else debug("GrandSlam %s refused", value);
    } else if (!strcmp(name, "Code")) {    /* "0.77", "{1,3,4}": kept only when it reads */
        int digits[CODE_DIGITS + 1], length, repeat;
        if (strlen(value) < sizeof opt_code && parse_code(value, digits, &length, &repeat)) {
            memcpy(code_digits, digits, sizeof digits);
            code_length = length;
            code_repeat = repeat;
            strcpy(opt_code, value);
        } else debug("Code %s refused", value);
    } else if (!strcmp(name, "Board")) {    /* how the window draws the lab's heaps: no rule */
        if (strcmp(value, "heaps") && strcmp(value, "row")) debug("Board %s refused", value);
    } else if (!strcmp(name, "Heaps")) {    /* "1 3 7": the heaps, space-separated */
        int heaps[MAX_HEAPS], n = 0, v;
        const char *at = value;
        char *end;
        while (n < MAX_HEAPS && (v = (int)strtol(at, &end, 10), end != at) && v >= 0 && v <= MAX_HEAP) {
            heaps[n++] = v;
            at = end;
        }
        while (*at == ' ') at++;
        if (n && !*at) { memcpy(opt_heaps, heaps, sizeof heaps); opt_nheaps = n; }
        else debug("Heaps %s refused", value);
    } else if (!strcmp(name, "Pattern")) {  /* '1' or '|' a match, '.' or '0' an empty cell */
        char cells[MAX_CELLS + 1];
        int n = 0, bad = 0;
        for (i = 0; value[i] && !bad; i++) {
            if (value[i] == ' ') continue;
            bad = !strchr("1|.0", value[i]) || n == MAX_CELLS;
            if (!bad) cells[n++] = value[i];
        }
        cells[n] = '\0';
        if (!strcmp(value, "<empty>")) opt_pattern[0] = '\0';     /* UCI's empty string */
        else if (bad) debug("Pattern %s refused", value);
        else strcpy(opt_pattern, cells);
    } else debug("no option %s", name);
}

/* The next line of stdin without its end (NULL at the end of the input). */
static char *read_line(void) {
    static char *buffer = NULL;
    static size_t size = 0;
    size_t length = 0;
    int ch;
    while ((ch = getchar()) != EOF && ch != '\n') {
        if (length + 1 >= size) {
            char *bigger = size < MAX_LINE ? realloc(buffer, size ? 2 * size : 256) : NULL;
            if (!bigger) continue;      /* too long: the rest of the line is dropped */
            buffer = bigger;
            size = size ? 2 * size : 256;
        }
        buffer[length++] = (char)ch;
    }
    if (ch == EOF && length == 0) return NULL;
    if (!buffer && !(buffer = malloc(size = 256))) return NULL;
    if (length && buffer[length - 1] == '\r') length--;
    buffer[length] = '\0';
    return buffer;
}

/* Cut `line` into words in place; returns how many (`*words` grows as needed). */
static int split(char *line, char ***words, int *room) {
    int n = 0;
    char *word = strtok(line, " \t");
    for (; word; word = strtok(NULL, " \t")) {
        if (n == *room) {
            char **bigger = realloc(*words, sizeof **words * (size_t)(*room ? 2 * *room : 64));
            if (!bigger) break;
            *words = bigger;
            *room = *room ? 2 * *room : 64;
        }
        (*words)[n++] = word;
    }
    return n;
}

/* The words from `from` to `to` (excluded), joined by spaces, into `out`. */
static void join(char **words, int from, int to, char *out, size_t size) {
    out[0] = '\0';
    for (int i = from; i < to; i++) {
        if (strlen(out) + strlen(words[i]) + 2 > size) break;
        if (i > from) strcat(out, " ");
        strcat(out, words[i]);
    }
}

int main(void) {
    char **words = NULL, **moves = NULL, *line, *position = NULL, pending[32] = "";
    int room = 0, move_room = 0, n, i;
    wythoff_table();
    while ((line = read_line()) != NULL) {
        n = split(line, &words, &room);
        if (n == 0) continue;
        if (!strcmp(words[0], "uci")) announce();
        else if (!strcmp(words[0], "isready")) say("readyok");
        else if (!strcmp(words[0], "setoption")) {
            static char name[256], value[MAX_CELLS * 4];
            for (i = 1; i < n && strcmp(words[i], "value"); i++) {}
            join(words, 2, i, name, sizeof name);       /* setoption name X [value Y] */
            join(words, i + 1, n, value, sizeof value);
            set_option(name, value);
        } else if (!strcmp(words[0], "ucinewgame")) {
            free(position);
            position = NULL;
        } else if (!strcmp(words[0], "position")) {
            size_t size = 1;                    /* kept as text: the options may still change */
            char *copy, *at;
            for (i = 1; i < n; i++) size += strlen(words[i]) + 1;
            if (!(copy = at = malloc(size))) continue;
            for (i = 1; i < n; i++) at += sprintf(at, i > 1 ? " %s" : "%s", words[i]);
            free(position);
            position = copy;
        } else if (!strcmp(words[0], "go")) {
            Position p;
            char move[32];
            char *text = position ? malloc(strlen(position) + 1) : NULL;
            int infinite = 0, count = 0;
            for (i = 1; i < n; i++) infinite |= !strcmp(words[i], "infinite") || !strcmp(words[i], "ponder");
            if (text) count = split(strcpy(text, position), &moves, &move_room);
            if (count) build(&p, moves, count);
            else start_position(&p);
            free(text);
            choose(&p, move);
            if (infinite) strcpy(pending, move);    /* UCI: answer "go infinite" at "stop" */
            else say("bestmove %s", move);
        } else if (!strcmp(words[0], "stop")) {
            if (pending[0]) say("bestmove %s", pending);
            pending[0] = '\0';
        } else if (!strcmp(words[0], "quit")) break;
        else debug("ignored: %s", words[0]);
    }
    free(words);
    free(moves);
    free(position);
    return 0;
}

/* The expected-value engine: tenpai probability, win probability and expected
 * score per turn of every discard of a hand, by exact dynamic programming over
 * the hands one player can reach by drawing from the live tiles and discarding
 * (docs/ev.md states the model). Plain C over the shanten kernels and the
 * scoring kernel; ev.c reads the Python arguments.
 *
 * The search graph has two kinds of node:
 *   a draw node   (13 tiles after a discard, riichi state): it averages over
 *                 the draws, weighted by live copies;
 *   a discard node (14 tiles after a draw): it takes its best option.
 * Which draws and discards are searched (the bounded search): the draws that
 * lower the shanten and the discards that keep it, plus, while
 * (tiles changed from the starting hand) + shanten < starting shanten + extra,
 * every draw (tegawari) and every discard (shanten-back). A discard node can
 * also go back to any draw node that drew into it (throwing the drawn tile),
 * and a draw node can draw back the tile it discarded. The values are then
 * filled turn by turn from the last one. */
#ifndef SHANTEN_EV_H
#define SHANTEN_EV_H

#include <stdint.h>

#include "ev_memory.h"
#include "score.h"

#define EV_IDS 37   /* tile ids: kinds 0-33 (fives without their red copy), 34-36 red 5m 5p 5s */
#define EV_TURNS 64 /* draws searched at most */
#define EV_INDICATORS 5 /* dora indicators at most (ura dora: as many) */
#define EV_CLASSES 9 /* a win's class: 1, 2, 3, 4+ han below mangan, mangan ... sanbaiman, yakuman */

enum { EV_TP, EV_WP, EV_ES, EV_VALUES };      /* tenpai probability, win probability, expected score */
enum { EV_OBJ_SEPARATE, EV_OBJ_SCORE, EV_OBJ_WIN }; /* what a choice maximises */
enum { EV_RIICHI_NEVER, EV_RIICHI_ALWAYS, EV_RIICHI_CHOOSE }; /* at a closed tenpai discard */

/* riichi state of a draw node: none, declared (frozen hand), declared this turn (ippatsu pending) */
enum { EV_FREE, EV_RIICHI, EV_IPPATSU };

typedef struct {
    int draws;                  /* draws left for the starting hand */
    int forms;                  /* FORM_ bits of necessary.h */
    int players;
    int tegawari, shanten_back, extra;
    int red_fives, uradora, ippatsu, last_tile;
    int objective, riichi;
    int max_nodes;              /* the bound on memory and time: 0 for none */
    int divisor_extra;          /* added to the pool's size for the draw probabilities' divisor */
    int exact;                  /* the exact pool convention (ev_exact.c): a thrown tile is gone */
    int explain;                /* also the probability of a win of each class (ev_row.classes) */
    uint8_t hand[EV_IDS];       /* the starting hand, 13 or 14 tiles with the melds' 3 each */
    uint8_t pool[EV_IDS];       /* live copies of each id (kinds 4, 13, 22 without the red copy) */
    struct win_input win;       /* melds, dora, winds, players of every win; counts set per win */
    struct score_rules rules;
    uint8_t indicators;         /* dora indicators: as many ura indicators */
} ev_config;

typedef struct {
    int tile;                   /* the discard's id (-1: the 13-tile hand itself) */
    int shanten;                /* after the discard */
    int riichi;                 /* the discard declares riichi (the policy's choice) */
    double v[EV_VALUES][EV_TURNS + 1]; /* per turn from the first: v[.][k] with draws - k draws left */
    double classes[EV_CLASSES];        /* with explain: the probability now of a win of each class */
} ev_row;

/* The whole graph with every node's values at every turn (NaN before a node can be reached),
 * for explanations and the policy's replay; arrays malloc'ed, freed by ev_export_free. */
typedef struct {
    int nd, nx;
    uint8_t *draw_hands, *draw_states; /* nd x EV_IDS, nd */
    uint8_t *discard_hands;            /* nx x EV_IDS */
    double *draw_values, *discard_values; /* turn-major: [k][node][EV_VALUES] */
    int32_t *option_start, *options;   /* discard node x's options: draw nodes options[start[x] .. start[x+1]) */
    uint8_t *option_tiles;             /* the tile each option discards */
    int32_t *edge_start, *edge_to;     /* draw node d's searched draws: discard node (-1: a riichi win) */
    uint8_t *edge_tiles, *edge_weights; /* the tile drawn and its live copies */
    double *edge_wins, *edge_lasts;    /* the win's value on any draw and on the last, 0 for none */
    int32_t *draw_stays;               /* where a draw not searched leaves each draw node */
} ev_export;

void ev_export_free(ev_export *e);

#define EV_KIND_MAX ((1 << 24) - 1) /* hands of one kind (draw or discard nodes) a search holds at most */

/* Fill rows (up to 15) for the starting hand, and *export unless NULL (not with exact); returns the
 * number of rows, or -1 out of memory, -2 over max_nodes (hands, or with exact its states too), -3
 * over EV_KIND_MAX.
 * *nodes: the graph's size. The search's arrays
 * come from mem and go back to it. The necessary and keep masks must be loaded (load_masks and
 * load_keeps of core.h, as expected.c does). */
int ev_solve(const ev_config *cfg, ev_memory *mem, ev_row *rows, int *nodes, ev_export *export);

#endif

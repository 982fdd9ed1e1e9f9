/* The search graph as the value passes read it, and the policy's comparisons: shared by the
 * turn-by-turn values of ev.c and the exact pool convention's values of ev_exact.c. */
#ifndef SHANTEN_EV_GRAPH_H
#define SHANTEN_EV_GRAPH_H

#include <math.h>
#include <stdint.h>

#include "ev.h"
#include "ev_memory.h"
#include "ev_win.h"

/* 34 kinds x 3 bits, then the 3 red fives and 2 bits of riichi state: 107 bits in two words. */
typedef struct {
    uint64_t a, b;
} ev_key;

typedef struct {
    ev_key key; /* the hand, read back by key_hand: a node is 32 bytes, and a search holds millions */
    int8_t shanten, dist; /* dist: tiles held beyond the starting hand's (the search's bound) */
    uint8_t state, tenpai;
    int32_t stay;  /* draw nodes: where a draw that changes nothing leaves the hand */
    int32_t depth; /* the fewest draws from the start */
    int32_t stash; /* a frozen riichi node: where its wins are in wins, scored with its ippatsu twin's; -1: none */
} ev_node;

/* A hand's values at one turn: tenpai probability, win probability, expected score. */
typedef struct {
    double tp, wp, es;
} ev_value;

static inline double objective(const ev_value *v, int obj)
{
    return obj == EV_OBJ_WIN ? v->wp : v->es;
}

/* The rounding a comparison allows for: sums taken in another order may differ in the last bits,
 * and such a difference must not decide a choice (a tie goes on to the next number). The values
 * are never NaN, so plain comparisons stand in for fmax, which is a library call here. */
static inline double slack(double x, double y)
{
    const double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    return 1e-9 * (m > 1.0 ? m : 1.0);
}

/* x and y differ beyond rounding. */
static inline int differ(double x, double y)
{
    return fabs(x - y) > slack(x, y);
}

/* Is a better than b for the policy? Ties go to the higher other numbers. */
static inline int better(const ev_value *a, const ev_value *b, int obj)
{
    const double x = objective(a, obj), y = objective(b, obj);
    if (differ(x, y))
        return x > y;
    if (differ(a->wp, b->wp))
        return a->wp > b->wp;
    if (differ(a->es, b->es))
        return a->es > b->es;
    return a->tp - b->tp > slack(a->tp, b->tp);
}

/* Fold option v into the best one so far: each number's maximum for "separate", else the better. */
static inline void take_option(ev_value *best, const ev_value *v, int obj)
{
    if (obj == EV_OBJ_SEPARATE) {
        best->tp = v->tp > best->tp ? v->tp : best->tp;
        best->wp = v->wp > best->wp ? v->wp : best->wp;
        best->es = v->es > best->es ? v->es : best->es;
    } else if (better(v, best, obj)) {
        *best = *v;
    }
}

/* The value of drawing into a win worth `score`, against going on with `next`. */
static inline ev_value take_win(double score, const ev_value *next, int obj)
{
    ev_value w = {1.0, 1.0, score};
    if (obj == EV_OBJ_SEPARATE) {
        w.es = score > next->es ? score : next->es;
        return w;
    }
    return better(next, &w, obj) ? *next : w;
}

/* What the turn loop reads of a draw node, in the order it values them: one stream, not five arrays
 * and the 32-byte node, so that the values it gathers stay in the caches. */
typedef struct {
    float drawn;              /* live copies of its searched draws (a small integer: exact) */
    int32_t node, stay;       /* the node, and where a draw that changes nothing leaves it */
    int32_t edge, win, win_end; /* its ordinary edges (up to the next record's: a frozen node has none)
                                   and its wins */
    int16_t zero_after;       /* from the turn after this one: no draw left, or too few to reach tenpai */
    uint8_t from, tenpai;     /* its depth: valued from that turn on; tenpai now */
} ev_step;

/* The turn loop's links address the values as doubles: a node's value starts at 3 * node, a number
 * the load takes as it is (scaled by 8), where a node number would first be multiplied by 3 at
 * every turn. An edge word is that << 5 | the live copies drawn (1-4) << 2, which is the offset, in
 * doubles, of the weight's row of four (edge_sum4). */
static inline uint32_t edge_word(int node, int weight) { return (uint32_t)(3 * node) << 5 | (uint32_t)weight << 2; }
static inline int edge_node(uint32_t word) { return (int)(word >> 5) / 3; }
static inline int edge_weight(uint32_t word) { return (int)(word >> 2 & 7); }
static inline int32_t option_word(int node) { return 3 * node; }
static inline int option_node(int32_t word) { return word / 3; }
static inline const ev_value *value_at(const ev_value *layer, uint32_t at) { return (const ev_value *)((const double *)layer + at); }

/* The graph as the value passes read it: each node's links in one range of plain arrays, wins apart. */
typedef struct {
    int32_t *start;       /* draw node d's ordinary edges: edge[start[d] .. start[d+1]) */
    uint32_t *edge;       /* edge_word: the discard node and the live copies drawn; the turn loop
                             reads every edge at every turn, so an edge is 4 bytes */
    uint8_t *tile;        /* each edge's tile, and opt_tile each option's: only for the exported graph
                             and the exact pool (and the start's options, for its rows) */
    int32_t *win_start, *win_to; /* its winning draws (win_to: the discard node, -1 for a riichi win) */
    double *win_weight;
    double *win_score;    /* each win's value on any draw and on the last, side by side */
    uint8_t *win_tile;
    double (*win_classes)[2][EV_CLASSES]; /* with explain: each win's chance of each class of win */
    double *drawn;        /* live copies of every searched draw, per draw node */
    int32_t *opt_start, *opt; /* discard node x's options: opt[opt_start[x] .. opt_start[x+1]) (option_word) */
    uint8_t *opt_tile;
    ev_step *free, *frozen; /* the draw nodes in riichi state EV_FREE, the others (in node order),
                               each list ended by a record that holds only its edges' end */
    int n_free, n_frozen;
    uint8_t *x_from;        /* each discard node's depth */
    /* per turn k, the records (free, frozen) and discard nodes past the last valued by then: nodes
       are numbered nearly in the order of their depths, so early turns stop well short of the end */
    int free_end[EV_TURNS + 1], frozen_end[EV_TURNS + 1], x_end[EV_TURNS + 1];
    int32_t *x_node;        /* each discard node's place in the graph's (the order made: they are not
                               moved when numbered anew) */
    int32_t *d_node, *d_id; /* each draw node's place in the graph's, and the new number of each there
                               (moved only for the cold readers: ev.c's move_draw_nodes) */
} ev_flat;

/* The exact pool convention's values of the rows' draw nodes row_node[r] (after discarding
 * row_tile[r], -1 for none) at every turn, into keep[r][k] (draws - k draws left): ev_exact.c.
 * draw: the draw nodes, with their depths (the discard nodes': f's x_from); hands: the draw nodes' 37
 * id counts; readings: each win's of f. 0, or -1 out of memory, -2 over cfg->max_nodes states. */
int ev_exact(const ev_config *cfg, ev_memory *mem, ev_payments *pay, const ev_node *draw,
             const uint8_t *hands, const ev_flat *f, int nx, const ev_reading *readings, const int *row_node,
             const int *row_tile, int n_rows, ev_value (*keep)[EV_TURNS + 1]);

#endif

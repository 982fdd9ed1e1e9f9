/* What the Python-facing units of the core share: the argument-reading layer
 * (args.c), the tables in memory (tables.c), the thread pool (pool.c) and
 * each unit's entry points, which module.c gathers into shanten._core.
 *
 * Units: scalar.c (shanten, replacement numbers, forms), efficiency.c
 * (uke-ire, unnecessary tiles, discard tables), batch.c (the numpy batches),
 * review.c (the review's replay of a round and judging of rows), mjlog.c (the
 * mjlog reader's run of moves).
 * A new capability (scoring, expected value) is a unit of its own that reads
 * its arguments through args.c, runs batches on pool.c, and adds a method
 * table to module.c. */
#ifndef SHANTEN_CORE_H
#define SHANTEN_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "queries.h"

/* ---- args.c: Python arguments to validated counts and limits ------------ */

extern PyObject *invalid_hand_error;        /* shanten.InvalidHandError */
extern PyObject *tile_names[SH_KINDS];      /* interned '1m'...'7z' */
extern PyObject *count_objects[5];          /* the ints 0 to 4 */
extern const char *const TILE_NAMES[SH_KINDS];

/* Faults found in C, as validate() and the batch report them. */
enum { SH_BAD_TOTAL = SH_ABSENT_KIND + 1, SH_BAD_DEAD_TOTAL, SH_BAD_ABSENT_DEAD, SH_NOT_3N1, SH_NOT_3N2, SH_UNREACHABLE,
       SH_TAKEN_NOT_HELD };

/* Raise InvalidHandError for a fault: code from validate() or the enum above,
 * value the count or the number of tiles, kind the tile kind, prefix where. */
void raise_invalid(int code, int value, int kind, const char *prefix);

/* The argument's repr, cut to a few dozen characters, for error messages
 * (never fails: a repr that raises becomes the type's name). */
PyObject *short_repr(PyObject *value);

/* A hand with everything the queries need, validated. */
typedef struct {
    uint8_t c[SH_KINDS], lim[SH_KINDS], live[SH_KINDS]; /* live: copies still drawable */
    const uint8_t *limits;                             /* NULL: the rule "tenhou" defaults */
    uint8_t red[3];                                    /* red fives held per suit (notation input only) */
    summary_t sm;
    int players, quads_as_pairs, forms;
} hand_state;

/* Read (hand, /, *, melds, rule, dead, players, seven_pairs_quads[, regular_only])
 * into a validated hand. tile_query: the queries that read live counts and
 * take regular_only. 0 on success, -1 with the error set. */
int resolve_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname, int tile_query,
                 hand_state *h);

/* 1 and the error set when a replacement number says no complete hand can be reached. */
int unreachable(int r);

/* The arguments every query takes, documented once. */
#define ARGUMENTS_DOC                                                                                          \
    "hand: notation such as '123m456p789s1122z' (melds may be written in it: [123m] chi, [555z] pon,\n"       \
    "    [5555z] open kan, (5555z) closed kan, {5555z} added kan), a Hand, 34 concealed counts (list,\n"       \
    "    tuple, bytes or a numpy row of any integer dtype), or a list/array of 136-tile ids.\n"                \
    "melds: called melds, e.g. ['[123m]', '(5555z)'], when not written in the hand.\n"                          \
    "rule: 'tenhou' (also Mahjong Soul): a winning hand holds at most 4 of a kind; 'wrc': the copies\n"        \
    "    in the player's own melds count against that limit too.\n"                                          \
    "dead: tiles known to be gone (rivers, other players' melds, dora indicators), as notation\n"            \
    "    ('19m5z'), 34 counts or 136-tile ids; they lower the limits and the live counts.\n"                   \
    "players: 4, or 3 (no 2m-8m, no chi).\n"                                                                 \
    "seven_pairs_quads: let four of a kind count as two pairs of seven pairs.\n"

/* Set at import by shanten/__init__.py through _core._init. */
int args_set_hooks(PyObject *error, PyObject *resolve_hook, PyObject *meld_hook, PyObject *hand_type);
int args_module_init(void);

/* ---- tables.c ------------------------------------------------------------ */

int tables_set(PyObject *suit_bytes, const char *data_path);
int load_masks(void); /* read masks.bin on first use; -1 with the error set */
int load_keeps(void); /* the keep masks (necessary.h), made on first use; -1 with the error set */

/* ---- the units' entry points --------------------------------------------- */

extern PyMethodDef scalar_methods[], efficiency_methods[], batch_methods[], scoring_methods[], expected_methods[];
extern PyMethodDef review_methods[]; /* review.c: the review's replay of a round and judging of rows */
extern PyMethodDef mjlog_methods[];  /* mjlog.c: the mjlog reader's run of moves */
int efficiency_add_types(PyObject *module);
int scoring_add_types(PyObject *module);

#endif

/* Entry point for the numpy batches: shanten, uke-ire or a discard table of
 * every row of an (N, 34) uint8 array, on the thread pool. Rows share or each
 * have their dead tiles and own melded tiles (both as 34 counts), which give
 * the limits and live copies as in args.c. */
#include "core.h"
#include "pool.h"

enum { JOB_SHANTEN, JOB_UKEIRE, JOB_DISCARDS };

#define NOT_HELD 127 /* a discard table's shanten for a kind the row does not hold */
#define UNKNOWN 255  /* a review's uke-ire of a discard that ranks neither first nor beside the taken one */

typedef struct {
    int job, wrc, players;
    const uint8_t *src, *dead, *melded; /* dead, melded: NULL, one row shared, or one per row */
    const uint8_t *taken;               /* discards: NULL, or the kind each row discarded (a review) */
    Py_ssize_t dead_stride, melded_stride;
    int8_t *shanten;   /* N: the row's shanten */
    uint8_t *first;    /* uke-ire: N x 34 live copies of each uke-ire kind; discards: N x 34 shanten after (int8) */
    uint8_t *second;   /* discards: N x 34 live uke-ire left (UNKNOWN: not needed by a review) */
} batch_ctx;

static inline void fault_at(pool_fault *f, Py_ssize_t row, int code, int value, int kind)
{
    *f = (pool_fault){row, code, value, kind};
}

/* ---- shanten on the table path: rows prefetched a few ahead ------------- */

/* A row validated and its table rows located (and prefetched) a few rows
 * ahead of its evaluation: the suit table is 4 MB, so its rows come from far
 * caches, and fetching them early overlaps that wait with other rows' work. */
#define AHEAD 4

typedef struct {
    uint8_t c[48]; /* the row, copied: another thread may write to the caller's array meanwhile, and
                      counts read after validation must be the validated ones (they index tables) */
    const uint8_t *rows[4];
    summary_t sm;
    int code, kind, groups;
} staged_row;

static inline void stage_row(const uint8_t *src, int players, staged_row *s)
{
    memcpy(s->c, src, SH_KINDS);
    s->code = validate(s->c, players, &s->sm, &s->kind);
    if (s->code != SH_OK)
        return;
    s->groups = fast_rows(s->c, players, s->rows);
#if defined(__GNUC__)
    for (int g = 0; g < s->groups; g++)
        __builtin_prefetch(s->rows[g]);
#endif
}

static void shanten_block(void *arg, Py_ssize_t begin, Py_ssize_t end, pool_fault *fault)
{
    const batch_ctx *x = arg;
    /* locals: dst (bytes) may alias anything */
    const uint8_t *src = x->src;
    int8_t *dst = x->shanten;
    const int players = x->players;
    staged_row ring[AHEAD];
    for (Py_ssize_t r = begin; r < end && r < begin + AHEAD; r++)
        stage_row(src + r * SH_KINDS, players, &ring[r % AHEAD]);
    for (Py_ssize_t r = begin; r < end; r++) {
        staged_row *s = &ring[r % AHEAD];
        if (s->code != SH_OK) {
            fault_at(fault, r, s->code, s->code == SH_BAD_SIZE ? s->sm.tiles : s->c[s->kind], s->kind);
            return;
        }
        int best = combine_groups(s->rows, s->groups, s->sm.tiles / 3);
        if (s->sm.tiles >= 13) /* rule "tenhou": both forms come from the summary alone */
            best = min2(best, min2(seven_pairs(NULL, &s->sm, NULL, 0), thirteen_orphans(NULL, &s->sm, NULL)));
        dst[r] = (int8_t)(best - 1);
        if (r + AHEAD < end)
            stage_row(src + (r + AHEAD) * SH_KINDS, players, s);
    }
}

/* ---- any job, any limits ---------------------------------------------------- */

typedef struct {
    uint8_t c[SH_KINDS], lim[SH_KINDS], live[SH_KINDS];
    const uint8_t *limits; /* NULL: every limit is the number of copies in the game */
    summary_t sm;
} row_state;

/* Read and validate row r with its dead and melded tiles; 0, or -1 with *fault set. */
static int read_row(const batch_ctx *x, Py_ssize_t r, row_state *s, pool_fault *fault)
{
    int kind = 0;
    memcpy(s->c, x->src + r * SH_KINDS, SH_KINDS);
    const int code = validate(s->c, x->players, &s->sm, &kind);
    if (code != SH_OK) {
        fault_at(fault, r, code, code == SH_BAD_SIZE ? s->sm.tiles : s->c[kind], kind);
        return -1;
    }
    s->limits = NULL;
    if (!x->dead && !x->melded) { /* the common case, in a loop the compiler vectorises */
        for (int i = 0; i < SH_KINDS; i++)
            s->live[i] = (uint8_t)(4 - s->c[i]);
        if (x->players == 3)
            memset(s->live + 1, 0, 7); /* validate saw no 2m-8m */
        return 0;
    }
    static const uint8_t none[SH_KINDS];
    const uint8_t *dead = x->dead ? x->dead + r * x->dead_stride : none;
    const uint8_t *melded = x->melded ? x->melded + r * x->melded_stride : none;
    /* every kind at once, in a loop the compiler vectorises; the failing kind is looked for after */
    uint8_t bad = 0, all_copies = 1;
    const uint8_t wrc = x->wrc ? 0xFF : 0;
    for (int i = 0; i < SH_KINDS; i++) {
        const uint8_t copies = x->players == 3 && i >= 1 && i <= 7 ? 0 : 4, d = dead[i], m = melded[i], c = s->c[i];
        bad |= (uint8_t)((c + m > 4) | (c + m + d > 4) | (d + m > copies));
        s->lim[i] = (uint8_t)(copies - d - (m & wrc));
        s->live[i] = (uint8_t)(copies - c - m - d);
        all_copies &= s->lim[i] == copies;
    }
    if (!bad) {
        s->limits = all_copies ? NULL : s->lim;
        return 0;
    }
    for (int i = 0; i < SH_KINDS; i++) {
        const int copies = copies_in_game(i, x->players), d = dead[i], m = melded[i];
        if (s->c[i] + m > 4) {
            fault_at(fault, r, SH_BAD_TOTAL, 0, i);
            return -1;
        }
        if (s->c[i] + m + d > 4) {
            fault_at(fault, r, SH_BAD_DEAD_TOTAL, 0, i);
            return -1;
        }
        if (d + m > copies) {
            fault_at(fault, r, d ? SH_BAD_ABSENT_DEAD : SH_ABSENT_KIND, 0, i);
            return -1;
        }
    }
    return -1; /* not reached: `bad` names a kind above */
}

/* bit i of plane[b]: bit b of live[i] (a count up to 4) */
static inline void live_planes(const uint8_t *live, uint64_t plane[3])
{
#if defined(__SSSE3__) /* row.h includes the intrinsics then */
    const __m128i lo = _mm_loadu_si128((const __m128i *)live), mid = _mm_loadu_si128((const __m128i *)(live + 16)),
                  hi = _mm_loadu_si128((const __m128i *)(live + SH_KINDS - 16));
    for (int b = 0; b < 3; b++) { /* shifting 16-bit lanes left by 7 - b puts each byte's bit b on top */
        const __m128i shift = _mm_cvtsi32_si128(7 - b);
        plane[b] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_sll_epi16(lo, shift)) |
                   (uint64_t)(unsigned)_mm_movemask_epi8(_mm_sll_epi16(mid, shift)) << 16 |
                   (uint64_t)((unsigned)_mm_movemask_epi8(_mm_sll_epi16(hi, shift)) >> 14) << 32;
    }
#else
    plane[0] = plane[1] = plane[2] = 0;
    for (int i = 0; i < SH_KINDS; i++)
        for (int b = 0; b < 3; b++)
            plane[b] |= (uint64_t)(live[i] >> b & 1) << i;
#endif
}

static void any_rows(const batch_ctx *x, Py_ssize_t begin, Py_ssize_t end, pool_fault *fault, struct dp_memo *dp)
{
    const int players = x->players;
    row_state s;
    for (Py_ssize_t r = begin; r < end; r++) {
        if (read_row(x, r, &s, fault) < 0)
            return;
        const int tiles = s.sm.tiles;
        if (x->job == JOB_UKEIRE && tiles % 3 != 1) {
            fault_at(fault, r, SH_NOT_3N1, tiles, 0);
            return;
        }
        if (x->job == JOB_DISCARDS && tiles % 3 != 2) {
            fault_at(fault, r, SH_NOT_3N2, tiles, 0);
            return;
        }
        uint64_t mask = 0, masks[SH_KINDS];
        int after[SH_KINDS], before;
        if (x->job == JOB_UKEIRE)
            before = necessary_any(s.c, &s.sm, s.limits, s.live, players, 0, FORMS_ALL, &mask);
        else if (x->job == JOB_DISCARDS) {
            const int taken = x->taken ? x->taken[r] : -1;
            if (taken >= SH_KINDS || (taken >= 0 && !s.c[taken])) {
                fault_at(fault, r, SH_TAKEN_NOT_HELD, taken, taken < SH_KINDS ? taken : 0);
                return;
            }
            before = discard_table(s.c, &s.sm, s.limits, s.live, players, 0, FORMS_ALL, taken, dp, after, masks);
        }
        else
            before = best_of(evaluate(s.c, &s.sm, s.limits, players, 0));
        if (before >= SH_INF) {
            fault_at(fault, r, SH_UNREACHABLE, 0, 0);
            return;
        }
        x->shanten[r] = (int8_t)(before - 1);
        if (x->job == JOB_UKEIRE) {
            uint8_t *out = x->first + r * SH_KINDS;
            memset(out, 0, SH_KINDS);
            for (uint64_t m = mask; m; m &= m - 1)
                out[lowest_bit(m)] = s.live[lowest_bit(m)];
        } else if (x->job == JOB_DISCARDS) {
            int8_t *shanten_after = (int8_t *)x->first + r * SH_KINDS;
            uint8_t *left = x->second + r * SH_KINDS;
            int best = SH_INF;
            uint64_t plane[3];
            live_planes(s.live, plane);
            for (uint64_t m = s.sm.held; m; m &= m - 1)
                best = min2(best, after[lowest_bit(m)]);
            memset(shanten_after, NOT_HELD, SH_KINDS);
            memset(left, 0, SH_KINDS);
            for (uint64_t m = s.sm.held; m; m &= m - 1) {
                const int d = lowest_bit(m);
                if (after[d] >= SH_INF)
                    continue;
                shanten_after[d] = (int8_t)(after[d] - 1);
                /* masks[d] of a discard that cannot rank is not sought (every bit set) */
                const int ranked = !x->taken || after[d] == best || after[d] == after[x->taken[r]];
                const uint64_t kinds = masks[d];
                left[d] = (uint8_t)(!ranked ? UNKNOWN
                                            : popcount64(kinds & plane[0]) + 2 * popcount64(kinds & plane[1]) +
                                                  4 * popcount64(kinds & plane[2]));
            }
        }
    }
}

static void any_block(void *arg, Py_ssize_t begin, Py_ssize_t end, pool_fault *fault)
{
    const batch_ctx *x = arg;
    /* under limits, the suits' exact rows are kept for the block's later rows (without the
     * memory, every row works them out again) */
    struct dp_memo *dp = x->job == JOB_DISCARDS && (x->dead || x->melded) ? calloc(1, sizeof *dp) : NULL;
    any_rows(x, begin, end, fault, dp);
    free(dp);
}

/* A buffer of `rows` x 34 bytes, or of 34 bytes shared by every row; None: absent. */
static int optional_rows(PyObject *o, Py_buffer *view, Py_ssize_t rows, const uint8_t **data, Py_ssize_t *stride)
{
    *data = NULL;
    *stride = 0;
    view->obj = NULL;
    if (o == Py_None)
        return 0;
    if (PyObject_GetBuffer(o, view, PyBUF_SIMPLE) < 0)
        return -1;
    if (view->len != SH_KINDS && view->len != rows * SH_KINDS) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "batch: dead and melded need 34 bytes, or 34 per row");
        return -1;
    }
    *data = view->buf;
    *stride = view->len == SH_KINDS ? 0 : SH_KINDS;
    return 0;
}

static PyObject *py_batch(PyObject *self, PyObject *args)
{
    PyObject *dead_obj, *melded_obj, *first_obj, *second_obj, *taken_obj = Py_None;
    Py_buffer src, shanten, dead, melded, taken, first = {0}, second = {0};
    batch_ctx x;
    int threads;
    if (!PyArg_ParseTuple(args, "iy*OOiiiw*OO|O", &x.job, &src, &dead_obj, &melded_obj, &x.wrc, &x.players, &threads,
                          &shanten, &first_obj, &second_obj, &taken_obj))
        return NULL;
    const Py_ssize_t rows = src.len / SH_KINDS;
    PyObject *result = NULL;
    dead.obj = melded.obj = taken.obj = NULL;
    x.taken = NULL;
    const Py_ssize_t table = x.job == JOB_SHANTEN ? 0 : rows * SH_KINDS;
    if (src.len % SH_KINDS || shanten.len < rows || (x.players != 3 && x.players != 4) || x.job < JOB_SHANTEN ||
        x.job > JOB_DISCARDS) {
        PyErr_SetString(PyExc_ValueError, "batch needs 34 bytes per row, a byte out per row and players 3 or 4");
        goto done;
    }
    if (optional_rows(dead_obj, &dead, rows, &x.dead, &x.dead_stride) < 0 ||
        optional_rows(melded_obj, &melded, rows, &x.melded, &x.melded_stride) < 0)
        goto done;
    if (taken_obj != Py_None) {
        if (PyObject_GetBuffer(taken_obj, &taken, PyBUF_SIMPLE) < 0)
            goto done;
        if (taken.len != rows || x.job != JOB_DISCARDS) {
            PyErr_SetString(PyExc_ValueError, "batch: taken needs a byte per row, and discard tables");
            goto done;
        }
        x.taken = taken.buf;
    }
    if ((table && (PyObject_GetBuffer(first_obj, &first, PyBUF_WRITABLE) < 0 || first.len < table)) ||
        (x.job == JOB_DISCARDS && (PyObject_GetBuffer(second_obj, &second, PyBUF_WRITABLE) < 0 || second.len < table))) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "batch: the output tables need 34 bytes per row");
        goto done;
    }
    x.src = src.buf;
    x.shanten = shanten.buf;
    x.first = first.buf;
    x.second = second.buf;
    if (x.job != JOB_SHANTEN && load_masks() < 0)
        goto done;
    const int fast = x.job == JOB_SHANTEN && !x.dead && !x.melded;
    const pool_fault f = pool_run(rows, threads, fast ? shanten_block : any_block, &x);
    if (f.row >= 0) {
        char prefix[48];
        snprintf(prefix, sizeof prefix, "row %zd: ", f.row);
        raise_invalid(f.code, f.value, f.kind, prefix);
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&shanten);
    if (dead.obj)
        PyBuffer_Release(&dead);
    if (melded.obj)
        PyBuffer_Release(&melded);
    if (taken.obj)
        PyBuffer_Release(&taken);
    if (first.obj)
        PyBuffer_Release(&first);
    if (second.obj)
        PyBuffer_Release(&second);
    return result;
}

PyMethodDef batch_methods[] = {
    {"batch", py_batch, METH_VARARGS,
     "batch(job, src, dead, melded, wrc, players, threads, shanten, first, second[, taken]): the numpy\n"
     "batches behind shanten.batch (job 0 shanten, 1 uke-ire, 2 discard tables); rows of 34 uint8 counts."},
    {NULL, NULL, 0, NULL}};

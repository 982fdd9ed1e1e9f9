/* The value of a win for the expected-value engine (ev.c): the tsumo income of a complete
 * hand in a riichi state, on any draw and on the last, with ura dora priced exactly, and the chance
 * of each class of win. Static functions, as the other kernels' headers. */
#ifndef SHANTEN_EV_WIN_H
#define SHANTEN_EV_WIN_H

#include <string.h>

#include "eval.h"
#include "ev.h"

/* Tile ids (ev.h) to kinds: a red five is a five. */
static const int RED_KIND[3] = {4, 13, 22};

static inline int id_kind(int id) { return id < SH_KINDS ? id : RED_KIND[id - SH_KINDS]; }

/* 37 id counts to 34 kind counts. */
static void merged(const uint8_t *h, uint8_t *c)
{
    memcpy(c, h, SH_KINDS);
    c[4] += h[34];
    c[13] += h[35];
    c[22] += h[36];
}

typedef struct {
    double any, last; /* a win's value: on any draw, on the last one (haitei) */
    double classes[2][EV_CLASSES]; /* the chance of each class of win, on any draw and on the last */
} ev_win;

/* Copy a win's values, and its classes only when a caller explains (they are 144 of its 160 bytes). */
static inline void copy_win(const ev_config *cfg, ev_win *to, const ev_win *from)
{
    if (cfg->explain)
        *to = *from;
    else
        to->any = from->any, to->last = from->last;
}

/* The reading a riichi win's ura dora are priced on, for the exact pool convention, which prices
 * them again from the tiles unseen then (ev.c finds them after the search, for that case alone). */
typedef struct {
    int16_t han, fu; /* han before ura dora (ippatsu counted) and fu */
    uint8_t ura;     /* its ura dora are priced */
} ev_reading;

/* n choose r for n <= 136, r <= EV_INDICATORS: the product is an integer below 2^53, so
 * exact, and so is its one division. */
static double choose(int n, int r)
{
    static const double FACTORIAL[EV_INDICATORS + 1] = {1, 1, 2, 6, 24, 120};
    if (r < 0 || r > n)
        return 0.0;
    double v = 1.0;
    for (int i = 0; i < r; i++)
        v *= n - i;
    return v / FACTORIAL[r];
}

/* The kind of the dora indicator that points to kind k (in 3-player, 1m and 9m point to each other). */
static int indicator_of(int k, int players)
{
    if (k < 27) {
        if (players == 3 && k == 8)
            return 0;
        return k % 9 == 0 ? k + 8 : k - 1;
    }
    if (k < 31)
        return k == 27 ? 30 : k - 1;
    return k == 31 ? 33 : k - 1;
}

/* Add to p[u] the chance of each way to take `left` more indicators from the gain classes c, c+1, ...
 * and the blank tiles, `ways` ways so far for u ura dora so far (`per`: the chance of one way). */
static void ura_terms(const int *count, const int *gain, int classes, int c, int left, int u, double ways,
                      const double *blanks, double per, double *p)
{
    if (c == classes) {
        p[u > 12 ? 12 : u] += ways * blanks[left] * per;
        return;
    }
    for (int take = 0; take <= left && take <= count[c]; take++)
        ura_terms(count, gain, classes, c + 1, left - take, u + gain[c] * take, ways * choose(count[c], take), blanks,
                  per, p);
}

/* Probability of u ura dora (u = 0..12, 12 standing for 12 or more) when `n` indicators are
 * drawn from the `total` unseen tiles (`unseen` of each kind that an indicator of a held kind may be;
 * any other counts are not read) and the winning hand holds `held` of each kind. Only an
 * indicator's gain (the copies held of the kind it points to) matters, so the kinds are pooled by
 * gain: a multivariate hypergeometric over at most a few classes (gains 1-4) and the blanks.
 * Returns the largest u of nonzero chance: the payments' loops stop there. */
static int ura_distribution(const uint8_t *unseen, int total, const uint8_t *held, int n, int players, double *p)
{
    int by_gain[13] = {0};
    uint64_t kinds = summarize(held).held; /* the kinds held: each has one indicator */
    by_gain[0] = total;
    for (; kinds; kinds &= kinds - 1) {
        const int k = lowest_bit(kinds), gain = held[k], ind = indicator_of(k, players);
        by_gain[gain > 12 ? 12 : gain] += unseen[ind];
        by_gain[0] -= unseen[ind];
    }
    int top = 12;
    if (n == 1 && total > 0) { /* one indicator, the common case: its gain's chance is its class's share */
        const double per = 1.0 / total;
        for (int u = 0; u <= 12; u++)
            p[u] = by_gain[u] * per;
        while (top > 0 && !by_gain[top])
            top--;
        return top;
    }
    if (n == 2 && total > 1) { /* two: count the pairs of tiles by their gains' sum, then one division */
        const double all = (double)total * (total - 1) / 2;
        for (int u = 0; u <= 12; u++)
            p[u] = 0.0;
        for (int a = 0; a <= 12; a++) {
            if (!by_gain[a])
                continue;
            p[2 * a > 12 ? 12 : 2 * a] += by_gain[a] * (by_gain[a] - 1) / 2;
            for (int b = a + 1; b <= 12; b++)
                p[a + b > 12 ? 12 : a + b] += (double)by_gain[a] * by_gain[b];
        }
        for (int u = 0; u <= 12; u++)
            p[u] /= all;
        while (top > 0 && p[top] == 0.0)
            top--;
        return top;
    }
    int count[12], gain[12], classes = 0;
    for (int g = 1; g <= 12; g++)
        if (by_gain[g])
            count[classes] = by_gain[g], gain[classes++] = g;
    const double all = choose(total, n);
    for (int u = 0; u <= 12; u++)
        p[u] = all > 0 ? 0.0 : (u == 0);
    double blanks[EV_INDICATORS + 1]; /* the ways to take j indicators from the blank tiles */
    for (int j = 0; j <= n; j++)
        blanks[j] = choose(by_gain[0], j);
    if (all > 0)
        ura_terms(count, gain, classes, 0, n, 0, 1.0, blanks, 1.0 / all, p);
    while (top > 0 && p[top] == 0.0)
        top--;
    return top;
}

/* A win's class: its han below mangan (1-4+), else its limit. */
static int win_class(const struct score_result *r)
{
    if (r->limit == SC_NO_LIMIT)
        return r->han < 4 ? r->han - 1 : 3;
    return r->limit >= SC_YAKUMAN ? EV_CLASSES - 1 : 3 + r->limit;
}

/* The tsumo income and class of each (han, fu) met in one search: a win's ura dora and haitei ask
 * for a dozen han counts each, and a search's wins share a few dozen pairs. Zero: not known yet
 * (a win always pays). Han from 13 on are paid alike. */
typedef struct {
    int32_t points[14][33]; /* [han][fu / 5]: fu reach 160 with four concealed kans */
    uint8_t klass[14][33];
} ev_payments;

static void pay(const ev_config *cfg, const struct win_input *in, ev_payments *memo, int han, int fu, int32_t *points,
                int *klass)
{
    const int h = han < 13 ? han : 13, f = fu / 5;
    if (!memo->points[h][f]) {
        struct score_result r;
        sc_payments(&cfg->rules, in, 1, in->seat_wind == 0, han, fu, 0, &r);
        r.han = (int16_t)han;
        memo->points[h][f] = r.points;
        memo->klass[h][f] = (uint8_t)win_class(&r);
    }
    *points = memo->points[h][f];
    *klass = memo->klass[h][f];
}

/* Add the payments of a win of han + u han (u ura dora with chance p[u], u <= top) and fu to w, on
 * any draw and on the last (one han more when haitei counts), and with explain the chance of each
 * class of win. */
static void add_payments(const ev_config *cfg, const struct win_input *in, ev_payments *memo, int han, int fu,
                         const double *p, int top, ev_win *w)
{
    for (int u = 0; u <= top; u++) {
        if (p[u] == 0.0)
            continue;
        int32_t points;
        int klass;
        pay(cfg, in, memo, han + u, fu, &points, &klass);
        w->any += p[u] * points;
        if (cfg->explain)
            w->classes[0][klass] += p[u];
        if (cfg->last_tile)
            pay(cfg, in, memo, han + u + 1, fu, &points, &klass);
        w->last += p[u] * points;
        if (cfg->explain)
            w->classes[1][klass] += p[u];
    }
}

/* The kinds a complete hand h (its concealed ids) holds with its melds. */
static inline void held_kinds(const ev_config *cfg, const uint8_t *h, uint8_t *held)
{
    merged(h, held);
    for (int m = 0; m < cfg->win.n_melds; m++) {
        const struct score_meld *ml = &cfg->win.melds[m];
        if (ml->type == SC_CHI)
            held[ml->kind]++, held[ml->kind + 1]++, held[ml->kind + 2]++;
        else
            held[ml->kind] += ml->type == SC_PON ? 3 : 4;
    }
}

/* The chance of u ura dora (u = 0..12) for the complete hand h (14 tiles with its melds' 3 each):
 * as many ura indicators as dora indicators, drawn from the tiles unseen at the win (the pool as
 * ev.c counts it, less h). It depends on h alone, so ev.c keeps it per hand for every wait of it.
 * Returns the largest u of nonzero chance. */
static inline int ura_of_hand(const ev_config *cfg, const uint8_t *h, double *p)
{
    uint8_t unseen[SH_KINDS], held[SH_KINDS], lives[EV_IDS];
    held_kinds(cfg, h, held);
    int total = 0;
    for (int i = 0; i < EV_IDS; i++) {
        lives[i] = (uint8_t)(cfg->pool[i] + cfg->hand[i] - h[i]); /* live copies, as ev.c counts them */
        total += lives[i];
    }
    merged(lives, unseen);
    return ura_distribution(unseen, total, held, cfg->indicators, cfg->players, p);
}

/* The win of drawing id `tile` into hand h (14 tiles) in riichi state `state`, as the scorer reads it. */
static inline void win_input_of(const ev_config *cfg, const uint8_t *h, int tile, int state, struct win_input *in)
{
    *in = cfg->win;
    merged(h, in->counts);
    for (int s = 0; s < 3; s++)
        in->red[s] = cfg->red_fives ? h[SH_KINDS + s] : 0;
    in->win = (uint8_t)id_kind(tile);
    in->flags = SC_TSUMO | (state != EV_FREE ? SC_RIICHI : 0);
}

/* The expected tsumo income of the win of `hand` (a complete hand in riichi state `state`,
 * sc_prepare'd: ev.c prepares each once for all of its waits) on id `tile`, on any draw and on the
 * last one, and with explain the chance of each class of win; 0: no yaku. Ippatsu, haitei and ura
 * dora (chance `ura` up to `ura_top` from ura_of_hand; ura NULL: none) add han to the reading that
 * scored best (as mahjong-cpp prices ura dora). With `riichi` (state EV_IPPATSU only), the same win
 * without the ippatsu too, from the same scoring: the frozen hand the ippatsu chance leaves wins the
 * same way. */
static inline void win_values(const ev_config *cfg, ev_payments *memo, sc_hand *hand, int tile, int state,
                              const double *ura, int ura_top, ev_win *w, ev_win *riichi)
{
    struct score_result r;
    static const ev_win nothing;
    copy_win(cfg, w, &nothing);
    if (riichi)
        copy_win(cfg, riichi, &nothing);
    if (sc_score_win(hand, id_kind(tile), &r) != SC_OK)
        return;
    if (!r.yaku) { /* no yaku: haitei alone can make it a win (never in riichi) */
        struct win_input last = hand->in;
        last.flags |= SC_LAST_TILE;
        if (cfg->last_tile && score_hand(&last, &cfg->rules, &r) == SC_OK && r.yaku) {
            w->last = r.points;
            w->classes[1][win_class(&r)] = 1.0;
        }
        return;
    }
    if (r.base >= 8000) { /* a yakuman: nothing adds to it */
        w->any = w->last = r.points;
        w->classes[0][win_class(&r)] = w->classes[1][win_class(&r)] = 1.0;
        if (riichi)
            copy_win(cfg, riichi, w);
        return;
    }
    static const double none[13] = {1.0};
    const double *p = state != EV_FREE && ura ? ura : none;
    const int top = p == none ? 0 : ura_top;
    add_payments(cfg, &hand->in, memo, r.han + (state == EV_IPPATSU), r.fu, p, top, w);
    if (riichi)
        add_payments(cfg, &hand->in, memo, r.han, r.fu, p, top, riichi);
}

#endif

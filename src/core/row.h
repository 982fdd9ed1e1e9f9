/* Rows of 16 byte lanes (lane m * 2 + p for m melds 0..4 and p pairs 0..1;
 * lanes 10-15 are scratch) and the few vector operations the core needs on
 * them: SSSE3 on x86-64, NEON on 64-bit ARM, plain C elsewhere. Adds saturate, so
 * SH_INF (255) stays infinite. */
#ifndef SHANTEN_ROW_H
#define SHANTEN_ROW_H

#include <stdint.h>
#include <string.h>

#define SH_INF 255

static inline int min2(int a, int b) { return a < b ? a : b; }

#if defined(__SSSE3__)
#include <tmmintrin.h>
typedef __m128i row_t;
static inline row_t row_load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void row_store(uint8_t *p, row_t v) { _mm_storeu_si128((__m128i *)p, v); }
static inline row_t row_splat(row_t v, int lane) { return _mm_shuffle_epi8(v, _mm_set1_epi8((char)lane)); }
static inline row_t row_add(row_t a, row_t b) { return _mm_adds_epu8(a, b); }
static inline row_t row_min(row_t a, row_t b) { return _mm_min_epu8(a, b); }
static inline row_t row_pairless(row_t v) { return _mm_or_si128(v, _mm_set1_epi16((short)0xFF00)); }
#define ROW_SHIFT(v, n) _mm_or_si128(_mm_slli_si128(v, n), _mm_srli_si128(_mm_set1_epi8(-1), 16 - (n)))
/* lanes with index >= 0x80 become SH_INF */
static inline row_t row_gather(row_t v, row_t idx) { return _mm_or_si128(_mm_shuffle_epi8(v, idx), _mm_cmplt_epi8(idx, _mm_setzero_si128())); }
static inline int row_hmin(row_t v)
{
    v = _mm_min_epu8(v, _mm_srli_si128(v, 8));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 4));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 2));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 1));
    return _mm_cvtsi128_si32(v) & 0xFF;
}
/* bit i: lane i of v is k or more, and lane i of w is k less */
static inline int row_less_by(row_t v, row_t w, int k)
{
    const __m128i kk = _mm_set1_epi8((char)k);
    const __m128i at_least = _mm_cmpeq_epi8(_mm_max_epu8(v, kk), v);
    return _mm_movemask_epi8(_mm_and_si128(at_least, _mm_cmpeq_epi8(w, _mm_sub_epi8(v, kk))));
}
/* bit i: lane i of v is at most lane i of w */
static inline int row_at_most(row_t v, row_t w) { return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, w), v)); }
#elif defined(__ARM_NEON) && defined(__aarch64__) /* vqtbl1q_u8, vminvq_u8: AArch64 only */
#include <arm_neon.h>
typedef uint8x16_t row_t;
static inline row_t row_load(const uint8_t *p) { return vld1q_u8(p); }
static inline void row_store(uint8_t *p, row_t v) { vst1q_u8(p, v); }
static inline row_t row_splat(row_t v, int lane) { return vqtbl1q_u8(v, vdupq_n_u8((uint8_t)lane)); }
static inline row_t row_add(row_t a, row_t b) { return vqaddq_u8(a, b); }
static inline row_t row_min(row_t a, row_t b) { return vminq_u8(a, b); }
static inline row_t row_pairless(row_t v) { return vorrq_u8(v, vreinterpretq_u8_u16(vdupq_n_u16(0xFF00))); }
#define ROW_SHIFT(v, n) vextq_u8(vdupq_n_u8(SH_INF), v, 16 - (n))
static inline row_t row_gather(row_t v, row_t idx) { return vorrq_u8(vqtbl1q_u8(v, idx), vcgeq_u8(idx, vdupq_n_u8(0x80))); }
static inline int row_hmin(row_t v) { return vminvq_u8(v); }
static inline int row_less_by(row_t v, row_t w, int k)
{
    static const uint8_t BITS[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t kk = vdupq_n_u8((uint8_t)k);
    const uint8x16_t hit = vandq_u8(vandq_u8(vcgeq_u8(v, kk), vceqq_u8(w, vsubq_u8(v, kk))), vld1q_u8(BITS));
    return vaddv_u8(vget_low_u8(hit)) | vaddv_u8(vget_high_u8(hit)) << 8;
}
static inline int row_at_most(row_t v, row_t w)
{
    static const uint8_t BITS[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t hit = vandq_u8(vcleq_u8(v, w), vld1q_u8(BITS));
    return vaddv_u8(vget_low_u8(hit)) | vaddv_u8(vget_high_u8(hit)) << 8;
}
#else
typedef struct { uint8_t b[16]; } row_t;
static inline row_t row_load(const uint8_t *p) { row_t r; memcpy(r.b, p, 16); return r; }
static inline void row_store(uint8_t *p, row_t v) { memcpy(p, v.b, 16); }
static inline row_t row_splat(row_t v, int lane) { row_t r; memset(r.b, v.b[lane], 16); return r; }
static inline row_t row_add(row_t a, row_t b) { for (int i = 0; i < 16; i++) a.b[i] = (uint8_t)min2(a.b[i] + b.b[i], 255); return a; }
static inline row_t row_min(row_t a, row_t b) { for (int i = 0; i < 16; i++) a.b[i] = (uint8_t)min2(a.b[i], b.b[i]); return a; }
static inline row_t row_pairless(row_t v) { for (int i = 1; i < 16; i += 2) v.b[i] = SH_INF; return v; }
static inline row_t row_shift(row_t v, int n) { row_t r; memset(r.b, SH_INF, 16); memcpy(r.b + n, v.b, 16 - n); return r; }
#define ROW_SHIFT(v, n) row_shift(v, n)
static inline row_t row_gather(row_t v, row_t idx) { row_t r; for (int i = 0; i < 16; i++) r.b[i] = idx.b[i] & 0x80 ? SH_INF : v.b[idx.b[i] & 15]; return r; }
static inline int row_hmin(row_t v) { int m = SH_INF; for (int i = 0; i < 16; i++) m = min2(m, v.b[i]); return m; }
static inline int row_less_by(row_t v, row_t w, int k)
{
    int bits = 0;
    for (int i = 0; i < 16; i++)
        bits |= (v.b[i] >= k && w.b[i] == v.b[i] - k) << i;
    return bits;
}
static inline int row_at_most(row_t v, row_t w)
{
    int bits = 0;
    for (int i = 0; i < 16; i++)
        bits |= (v.b[i] <= w.b[i]) << i;
    return bits;
}
#endif


/* Lane j of row_gather(v, SHIFT_IDX[n]) is lane j - n of v (SH_INF below n). */
#define X 0x80
static const uint8_t SHIFT_IDX[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14},
    {X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
    {X, X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
    {X, X, X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
    {X, X, X, X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    {X, X, X, X, X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
    {X, X, X, X, X, X, X, 0, 1, 2, 3, 4, 5, 6, 7, 8},
    {X, X, X, X, X, X, X, X, 0, 1, 2, 3, 4, 5, 6, 7},
    {X, X, X, X, X, X, X, X, X, 0, 1, 2, 3, 4, 5, 6}};
#undef X

static inline row_t row_fill(uint8_t value)
{
    uint8_t b[16];
    memset(b, value, 16);
    return row_load(b);
}

#endif

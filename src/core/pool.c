/* The thread pool (see pool.h). Threads are started per call and joined
 * before it returns: nothing outlives a call, so a fork (a process pool of
 * reviewers) never inherits a half-used pool. */
#include "pool.h"

#if defined(__GNUC__) && !defined(_WIN32)
#include <pthread.h>
#define POOL_THREADS 1
#if defined(__linux__)
#include <sched.h>
#if defined(CPU_SET)
#define POOL_PLACE 1
#endif
#endif
#define TAKE_BLOCK(p) __atomic_fetch_add(p, POOL_BLOCK, __ATOMIC_RELAXED)
#define LOAD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#define CAS(p, expected, value) __atomic_compare_exchange_n(p, expected, value, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
#else /* one thread: plain operations suffice */
#define TAKE_BLOCK(p) ((*(p) += POOL_BLOCK) - POOL_BLOCK)
#define LOAD(p) (*(p))
#define CAS(p, expected, value) (*(p) = (value), 1)
#endif

typedef struct {
    pool_block_fn fn;
    void *ctx;
    Py_ssize_t rows, next, first_bad; /* next block; smallest bad row found so far (rows: none) */
#ifdef POOL_PLACE
    cpu_set_t allowed; /* the caller's CPUs, which a helper started on one CPU takes back */
#endif
} pool_queue;

typedef struct {
    pool_queue *q;
    pool_fault fault;
} pool_worker;

static void *run_worker(void *arg)
{
    pool_worker *w = arg;
    pool_queue *q = w->q;
    w->fault.row = -1;
    for (;;) {
        const Py_ssize_t begin = TAKE_BLOCK(&q->next);
        if (begin >= q->rows)
            break;
        if (begin > LOAD(&q->first_bad)) /* every row here comes after a bad one */
            continue;
        const Py_ssize_t end = begin + POOL_BLOCK < q->rows ? begin + POOL_BLOCK : q->rows;
        pool_fault f = {-1, 0, 0, 0};
        q->fn(q->ctx, begin, end, &f);
        if (f.row >= 0) { /* a worker keeps its first: its later blocks start past it */
            if (w->fault.row < 0)
                w->fault = f;
            Py_ssize_t seen = LOAD(&q->first_bad);
            while (f.row < seen && !CAS(&q->first_bad, &seen, f.row))
                ;
        }
    }
    return NULL;
}

#ifdef POOL_THREADS
/* A helper thread. Some kernels, notably guests that pack work onto few vCPUs,
 * first run a new thread on its creator's CPU and move it only when the load
 * balancer runs, milliseconds later, when a batch may be nearly done. A helper
 * is therefore started on another CPU, and once it runs there it takes back the
 * caller's CPUs, so the OS may still move it. */
static void *run_helper(void *arg)
{
#ifdef POOL_PLACE
    const pool_queue *q = ((pool_worker *)arg)->q;
    if (CPU_COUNT(&q->allowed) > 0)
        sched_setaffinity(0, sizeof q->allowed, &q->allowed);
#endif
    return run_worker(arg);
}

/* Attributes that start helper `t` on the t-th CPU after the caller's among
 * those it may use; plain attributes where that cannot be known. */
static void place_helper(pthread_attr_t *attr, const pool_queue *q, int t)
{
#ifdef POOL_PLACE
    const int here = sched_getcpu(), count = CPU_COUNT(&q->allowed);
    if (here < 0 || count < 2 || !CPU_ISSET(here, &q->allowed))
        return;
    int pos = 0; /* the caller's rank among the allowed CPUs */
    for (int cpu = 0; cpu < here; cpu++)
        pos += CPU_ISSET(cpu, &q->allowed) != 0;
    int rank = (pos + t) % count;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &q->allowed) && rank-- == 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            pthread_attr_setaffinity_np(attr, sizeof one, &one);
            return;
        }
    }
#else
    (void)attr, (void)q, (void)t;
#endif
}
#endif

pool_fault pool_run(Py_ssize_t rows, int threads, pool_block_fn fn, void *ctx)
{
    pool_queue q = {.fn = fn, .ctx = ctx, .rows = rows, .next = 0, .first_bad = rows};
    const Py_ssize_t blocks = (rows + POOL_BLOCK - 1) / POOL_BLOCK;
    if (threads > blocks)
        threads = (int)blocks;
    if (threads > POOL_MAX_THREADS)
        threads = POOL_MAX_THREADS;
    if (threads < 1)
        threads = 1;
    pool_worker workers[POOL_MAX_THREADS];
    for (int t = 0; t < threads; t++)
        workers[t] = (pool_worker){&q, {-1, 0, 0, 0}};
    Py_BEGIN_ALLOW_THREADS
#ifdef POOL_THREADS
    pthread_t ids[POOL_MAX_THREADS];
    int started = 1;
#ifdef POOL_PLACE
    if (threads > 1 && sched_getaffinity(0, sizeof q.allowed, &q.allowed) != 0)
        CPU_ZERO(&q.allowed); /* unknown: helpers start wherever the OS puts them */
#endif
    for (; started < threads; started++) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        place_helper(&attr, &q, started);
        int failed = pthread_create(&ids[started], &attr, run_helper, &workers[started]);
        pthread_attr_destroy(&attr);
        if (failed) /* the placement may be refused (a CPU gone offline): start it anywhere */
            failed = pthread_create(&ids[started], NULL, run_helper, &workers[started]);
        if (failed)
            break; /* the threads that did start share the work */
    }
    run_worker(&workers[0]);
    for (int t = 1; t < started; t++)
        pthread_join(ids[t], NULL);
#else
    run_worker(&workers[0]);
#endif
    Py_END_ALLOW_THREADS
    pool_fault first = {-1, 0, 0, 0};
    for (int t = 0; t < threads; t++)
        if (workers[t].fault.row >= 0 && (first.row < 0 || workers[t].fault.row < first.row))
            first = workers[t].fault;
    return first;
}

/*
 * What the two C searches share (the Klondike and Easy Harp search, _stock_search.c, and
 * the Simple Simon search, _simple_simon_search.c): the store of positions met (each once,
 * in a byte arena, found again through a hash table), the queue by priority, the shared
 * count of the bytes they fill, the clock, and novelty's bits.
 */
#ifndef SEARCH_STORE_H
#define SEARCH_STORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define BUCKETS 16384
#define CLOCK_EVERY 1024

/* Novelty (best-first width search, both searches): a position with no fact true for the
   first time among those of its part waits behind every one with one, its priority raised
   by NOT_NOVEL (within BUCKETS). mark_fact sets a fact's bit; 1 if it was not set. */
#define NOT_NOVEL 8192

static inline int mark_fact(uint8_t *seen, int fact) {
    uint8_t bit = (uint8_t)(1u << (fact & 7));
    if (seen[fact >> 3] & bit) return 0;
    seen[fact >> 3] |= bit;
    return 1;
}

/* Small copies in 16-byte blocks (may read and write up to 15 bytes past n: every buffer
   here has that much room): for a few dozen bytes, much faster than memcpy's rep movs. */
static inline void copy_bytes(uint8_t *restrict to, const uint8_t *restrict from, int n) {
    for (int i = 0; i < n; i += 16) memcpy(to + i, from + i, 16);
}

typedef struct {
    uint8_t *arena;
    size_t arena_used, arena_size;
    uint32_t *offset;     /* node -> where it lies in the arena (which stays under 4 GiB) */
    uint32_t *parent;
    uint16_t *depth;
    uint8_t *step;        /* node -> how its first step reached it, as its search says */
    uint16_t *key_size;
    uint32_t nodes, node_capacity, max_nodes;
    uint64_t *table;      /* open addressing: hash << 32 | node + 1; 0 = free */
    uint64_t table_size;
    uint32_t *bucket_items[BUCKETS];
    uint32_t bucket_len[BUCKETS], bucket_cap[BUCKETS];
    /* Ties: newest first (0) or oldest first (1: each bucket read from its head, and
       emptied when the head reaches its end). */
    int oldest_first;
    uint32_t bucket_head[BUCKETS];
    int lowest;
    int failed;           /* out of memory */
    /* The bytes every store of the search fills (shared by a portfolio's stores: each
       position's bytes and its entries in the per-position arrays, the tables, the queues),
       and the most they may fill (0: no bound): past it a store takes no more and the
       search ends out of budget, so that one search keeps within its memory whatever its
       time. Blocks grow by doubling, but pages never written take no memory: what counts
       is what is filled. */
    size_t *held, max_held;
    size_t own;           /* what this store counts in *held */
    int over_bound;       /* refused by a bound (the bytes, or max_nodes), not by the system */
} Store;

/* Whether the search's stores may fill `more` bytes, with `transient` more for a moment (a
   table rehashed into its successor); if so `more` is counted. */
static int take_bytes(Store *st, size_t more, size_t transient) {
    if (st->max_held && *st->held + more + transient > st->max_held) {
        st->over_bound = 1;
        return 0;
    }
    *st->held += more;
    st->own += more;
    return 1;
}

static uint32_t hash_bytes(const uint8_t *data, int size) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)size;
    int i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, data + i, 8);
        h = (h ^ word) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    uint64_t tail = 0;
    memcpy(&tail, data + i, (size_t)(size - i));
    h = (h ^ tail) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 29;
    return (uint32_t)(h ^ (h >> 32));
}

/* The table lies in 2 MiB pages where it spans a few (Linux, which gives them on request):
   its lookups land anywhere in it, and in 4 KiB pages nearly every one costs a page walk
   before its cache miss. Fresh either way, its slots zero (free). The other blocks stay in
   small pages: the arena in huge pages held more memory or ran slower, and the node arrays
   gained nothing (docs/solver-figures.md, 2026-12-07). */
#define HUGE_PAGE ((size_t)2 << 20)
#define IN_HUGE_PAGES(bytes) ((bytes) >= 4 * HUGE_PAGE)

static uint64_t *new_table(uint64_t size) {
    size_t bytes = size * sizeof(uint64_t);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (IN_HUGE_PAGES(bytes)) {
        /* Mapped with a huge page to spare, then cut to start at a huge page's boundary. */
        uint8_t *mapped = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) return NULL;
        size_t lead = (HUGE_PAGE - (uintptr_t)mapped % HUGE_PAGE) % HUGE_PAGE;
        if (lead) munmap(mapped, lead);
        munmap(mapped + lead + bytes, HUGE_PAGE - lead);
        madvise(mapped + lead, bytes, MADV_HUGEPAGE);
        return (uint64_t *)(void *)(mapped + lead);
    }
#endif
    return calloc(size, sizeof(uint64_t));
}

static void free_table(uint64_t *table, uint64_t size) {
    if (!table) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (IN_HUGE_PAGES(size * sizeof(uint64_t))) {
        munmap(table, size * sizeof(uint64_t));
        return;
    }
#endif
    free(table);
}

static int grow_table(Store *st) {
    uint64_t size = st->table_size ? st->table_size * 2 : (1u << 16);
    if (!take_bytes(st, (size - st->table_size) * sizeof(uint64_t),
                    st->table_size * sizeof(uint64_t)))
        return 0;
    uint64_t *table = new_table(size);
    if (!table) return 0;
    for (uint64_t i = 0; i < st->table_size; i++) {
        uint64_t entry = st->table[i];
        if (!entry) continue;
        uint64_t j = (entry >> 32) & (size - 1);
        while (table[j]) j = (j + 1) & (size - 1);
        table[j] = entry;
    }
    free_table(st->table, st->table_size);
    st->table = table;
    st->table_size = size;
    return 1;
}

/* The node with this key, or UINT32_MAX with *slot the table entry a new one takes (add_node,
   with no other store change between); *slot is UINT64_MAX when memory runs out. */
static uint32_t find_node(Store *st, const uint8_t *data, int key_size, uint32_t h,
                          uint64_t *slot) {
    *slot = UINT64_MAX;
    /* Half full, the table doubles. When the bound on bytes leaves no room for that, it
       fills on up to three quarters: longer probes, but the search goes on with the bytes
       the positions would have had. */
    if ((uint64_t)st->nodes * 2 >= st->table_size && !grow_table(st)) {
        if (!st->table_size || (uint64_t)st->nodes * 4 >= st->table_size * 3) return UINT32_MAX;
        st->over_bound = 0;
    }
    uint64_t j = h & (st->table_size - 1);
    while (st->table[j]) {
        if ((uint32_t)(st->table[j] >> 32) == h) {
            uint32_t other = (uint32_t)st->table[j] - 1;
            if (st->key_size[other] == key_size &&
                memcmp(st->arena + st->offset[other], data, (size_t)key_size) == 0)
                return other;
        }
        j = (j + 1) & (st->table_size - 1);
    }
    *slot = j;
    return UINT32_MAX;
}

/* A new node for a key find_node did not find, in its table entry `slot`: the position's
   bytes, and its offset, parent, depth, step and key_size. UINT32_MAX when memory runs out. */
static uint32_t add_node(Store *st, uint64_t slot, const uint8_t *data, int size, int key_size,
                         uint32_t h, uint32_t parent, uint16_t depth, uint8_t step) {
    if (st->nodes >= st->max_nodes) {
        st->over_bound = 1;
        return UINT32_MAX;
    }
    if (st->arena_used + (size_t)size + 64 > UINT32_MAX) {
        st->over_bound = 1;
        return UINT32_MAX;
    }
    if (!take_bytes(st, (size_t)size + 13, 0)) return UINT32_MAX;
    if (st->nodes == st->node_capacity) {
        uint32_t capacity = st->node_capacity ? st->node_capacity * 2 : (1u << 16);
        uint32_t *offset = realloc(st->offset, capacity * sizeof(uint32_t));
        if (offset) st->offset = offset;
        uint32_t *parents = realloc(st->parent, capacity * sizeof(uint32_t));
        if (parents) st->parent = parents;
        uint16_t *depths = realloc(st->depth, capacity * sizeof(uint16_t));
        if (depths) st->depth = depths;
        uint8_t *steps = realloc(st->step, capacity);
        if (steps) st->step = steps;
        uint16_t *keys = realloc(st->key_size, capacity * sizeof(uint16_t));
        if (keys) st->key_size = keys;
        if (!offset || !parents || !depths || !steps || !keys) return UINT32_MAX;
        st->node_capacity = capacity;
    }
    if (st->arena_used + (size_t)size + 64 > st->arena_size) {
        size_t arena_size = st->arena_size ? st->arena_size * 2 : (1u << 22);
        uint8_t *arena = realloc(st->arena, arena_size);
        if (!arena) return UINT32_MAX;
        st->arena = arena;
        st->arena_size = arena_size;
    }
    uint32_t node = st->nodes++;
    st->offset[node] = (uint32_t)st->arena_used;
    copy_bytes(st->arena + st->arena_used, data, size);
    st->arena_used += (size_t)size;
    st->parent[node] = parent;
    st->depth[node] = depth;
    st->step[node] = step;
    st->key_size[node] = (uint16_t)key_size;
    st->table[slot] = (uint64_t)h << 32 | (uint64_t)(node + 1);
    return node;
}

/* The node with this key, or a new one (*is_new = 1); UINT32_MAX when memory runs out. */
static uint32_t find_or_add(Store *st, const uint8_t *data, int size, int key_size, uint32_t h,
                            uint32_t parent, uint16_t depth, uint8_t step, int *is_new) {
    uint64_t slot;
    *is_new = 0;
    uint32_t node = find_node(st, data, key_size, h, &slot);
    if (node != UINT32_MAX || slot == UINT64_MAX) return node;
    node = add_node(st, slot, data, size, key_size, h, parent, depth, step);
    *is_new = node != UINT32_MAX;
    return node;
}

static int push(Store *st, int priority, uint32_t node) {
    if (priority < 0) priority = 0;
    if (priority >= BUCKETS) priority = BUCKETS - 1;
    if (st->bucket_len[priority] == st->bucket_cap[priority]) {
        uint32_t capacity = st->bucket_cap[priority] ? st->bucket_cap[priority] * 2 : 64;
        if (!take_bytes(st, (capacity - st->bucket_cap[priority]) * sizeof(uint32_t), 0)) return 0;
        uint32_t *items = realloc(st->bucket_items[priority], capacity * sizeof(uint32_t));
        if (!items) return 0;
        st->bucket_items[priority] = items;
        st->bucket_cap[priority] = capacity;
    }
    st->bucket_items[priority][st->bucket_len[priority]++] = node;
    if (priority < st->lowest) st->lowest = priority;
    return 1;
}

/* The newest (or with oldest_first the oldest) of the lowest priority, or -1. */
static int64_t pop(Store *st) {
    while (st->lowest < BUCKETS && !st->bucket_len[st->lowest]) st->lowest++;
    if (st->lowest >= BUCKETS) return -1;
    uint32_t *items = st->bucket_items[st->lowest];
    if (!st->oldest_first) return items[--st->bucket_len[st->lowest]];
    uint32_t node = items[st->bucket_head[st->lowest]++];
    if (st->bucket_head[st->lowest] == st->bucket_len[st->lowest])
        st->bucket_head[st->lowest] = st->bucket_len[st->lowest] = 0;
    return node;
}

static void free_store(Store *st) {
    free(st->arena);
    free(st->offset);
    free(st->parent);
    free(st->depth);
    free(st->step);
    free(st->key_size);
    free_table(st->table, st->table_size);
    for (int i = 0; i < BUCKETS; i++) free(st->bucket_items[i]);
}

/* A store's max_nodes for a count of positions given as a long long: within the node ids
   (UINT32_MAX marks "none"), and no bound for 0 or less. */
static uint32_t node_bound(long long nodes) {
    return nodes > 0 && nodes < UINT32_MAX - 1 ? (uint32_t)nodes : UINT32_MAX - 1;
}

/* A search's store freed with what it holds (nothing when already freed). */
static void release_store(Store **store) {
    if (!*store) return;
    free_store(*store);
    free(*store);
    *store = NULL;
}

static double now(int cpu_clock) {
    struct timespec ts;
    clock_gettime(cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif

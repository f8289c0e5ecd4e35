/*
 * The Klondike and Easy Harp search of stock_games.py, in C: the same rules, keys, safe
 * moves, deadlock test and estimates (ties newest first), 30 to 40 times faster than the
 * Python loop. Python keeps everything else: the budget's
 * bookkeeping, and turning the path of positions this search returns into moves
 * (StockRules.steps_along), which are then replayed through the real rules like every
 * solution.
 *
 * search(columns, foundations, talon, waste_size, rules, configs, check_dead, seconds,
 *        cpu_clock, max_positions, max_nodes) -> (status, positions, path, winner)
 * rules: (columns, places_per_suit, draw, redeal, single_card, talon_waits, kings_fill).
 * configs: one (level, depth_weight, turns) per search of a portfolio; the searches take
 * turns of turns × SLICE positions, each with its own table and queue. status: 0 a win
 * (path: the positions from the start to the won one, each as (columns, foundations,
 * talon, waste_size); winner: which search found it), 1 a complete search expanded every
 * reachable position without a win (a proof), 2 out of budget (seconds, positions or
 * memory), 3 every search ran dry and none was complete (no proof). path is None unless
 * status is 0.
 *
 * Docs: docs/solver.md. Every function mirrors the Python method of the same name.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_COLUMNS 9
#define MAX_COLUMN 40
#define MAX_TALON 104
#define MAX_PLACES 8
#define KING 12
#define LIKELY 1
#define COMPLETE 2
#define BUCKETS 16384
#define CLOCK_EVERY 1024

typedef struct {
    int columns, places_per_suit, places, draw, redeal, single_card, talon_free, total;
    int talon_waits; /* talon cards wait (Waits; StockRules.lazy_talon): draw 1 with passes */
    int kings_fill; /* complete level: a column is emptied whole only with a king going in */
} Rules;

typedef struct {
    uint8_t len[MAX_COLUMNS];
    uint8_t down[MAX_COLUMNS];
    uint8_t cards[MAX_COLUMNS][MAX_COLUMN];
    uint8_t found[MAX_PLACES];
    uint8_t talon_len, waste;
    uint8_t talon[MAX_TALON];
    uint8_t slack[16]; /* copy_bytes may read past the talon's end */
} State;

/* Small copies in 16-byte blocks (may read and write up to 15 bytes past n: every buffer
   here has that much room): for a few dozen bytes, much faster than memcpy's rep movs. */
static inline void copy_bytes(uint8_t *restrict to, const uint8_t *restrict from, int n) {
    for (int i = 0; i < n; i += 16) memcpy(to + i, from + i, 16);
}

static int is_red(int card) { int suit = card / 13; return suit == 1 || suit == 2; }

/* ---- rules ------------------------------------------------------------------------- */

static int place_for(const Rules *r, const uint8_t *found, int card) {
    int suit = card / 13, rank = card % 13;
    for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
        if (found[p] == rank) return p;
    return -1;
}

static int is_safe(const Rules *r, const uint8_t *found, int card) {
    int rank = card % 13 + 1, red = is_red(card);
    for (int suit = 0; suit < 4; suit++) {
        int limit = (is_red(suit * 13) == red) ? rank - 2 : rank - 1;
        if (limit <= 0) continue;
        int lowest = 99;
        for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
            if (found[p] < lowest) lowest = found[p];
        if (lowest < limit) return 0;
    }
    return 1;
}

static void shrink(State *s, int column, int count) {
    int left = s->len[column] - count;
    int down = s->down[column];
    if (left && down >= left) down = left - 1;
    if (down > left) down = left;
    s->len[column] = (uint8_t)left;
    s->down[column] = (uint8_t)down;
}

static void settle(const Rules *r, State *s) {
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < r->columns; i++) {
            if (!s->len[i]) continue;
            int card = s->cards[i][s->len[i] - 1];
            int place = place_for(r, s->found, card);
            if (place >= 0 && is_safe(r, s->found, card)) {
                s->found[place]++;
                shrink(s, i, 1);
                changed = 1;
            }
        }
        if (r->draw == 1 && s->waste) {
            int card = s->talon[s->waste - 1];
            int place = place_for(r, s->found, card);
            if (place >= 0 && is_safe(r, s->found, card)) {
                s->found[place]++;
                memmove(s->talon + s->waste - 1, s->talon + s->waste, s->talon_len - s->waste);
                s->talon_len--;
                s->waste--;
                changed = 1;
            }
        }
    }
}

static int estimate(const Rules *r, const State *s) {
    int up = 0, down = 0, on_down = 0;
    for (int p = 0; p < r->places; p++) up += s->found[p];
    for (int i = 0; i < r->columns; i++) {
        down += s->down[i];
        if (s->down[i]) on_down += s->len[i] - s->down[i];
    }
    int value = 2 * (r->total - up) + 3 * down;
    if (r->single_card) value += 8 * on_down;
    return value;
}

static int is_won(const Rules *r, const State *s) {
    int up = 0;
    for (int p = 0; p < r->places; p++) up += s->found[p];
    return up == r->total;
}

static int is_king_run(const State *s, int column, int start) {
    const uint8_t *c = s->cards[column];
    if (c[start] % 13 != KING) return 0;
    for (int i = start; i < s->len[column] - 1; i++)
        if (c[i] % 13 != c[i + 1] % 13 + 1 || is_red(c[i]) == is_red(c[i + 1])) return 0;
    return 1;
}

/* ---- deadlocks (deadlock.py) ------------------------------------------------------- */

/* The two cards of the other colour ranked `step` from the card's rank: step +1, the cards it
   may go onto in a column; step -1, the cards that may go onto it. */
static void other_colour(int card, int step, int out[2]) {
    int rank = card % 13 + step;
    if (is_red(card)) { out[0] = rank; out[1] = 39 + rank; }
    else { out[0] = 13 + rank; out[1] = 26 + rank; }
}

/* never_end[card]: while the stuck candidates stay, no copy of the card can come to lie at a
   column's end (deadlock.py's never_at_an_end): every copy in a column lies under a stuck
   card, and a copy elsewhere (talon, waste, foundation) is not a king and can only come down
   onto cards that never lie at an end themselves. */
static void never_ends(const Rules *r, const uint8_t *count, uint8_t where_pile[][2],
                       uint8_t where_pos[][2], const int *top, const uint8_t *on_columns,
                       uint8_t *never_end) {
    for (int rank = KING; rank >= 0; rank--)
        for (int suit = 0; suit < 4; suit++) {
            int card = suit * 13 + rank, covered_in_columns = 0, covered_in_waste = 0;
            int candidates = count[card] < 2 ? count[card] : 2;
            for (int k = 0; k < candidates; k++) {
                int pile = where_pile[card][k];
                if (where_pos[card][k] >= top[pile]) continue;
                if (pile < r->columns) covered_in_columns++;
                else covered_in_waste++;
            }
            int never = on_columns[card] == covered_in_columns;
            if (never && r->places_per_suit - on_columns[card] - covered_in_waste > 0) {
                if (rank == KING) {
                    never = 0;
                } else {
                    int targets[2];
                    other_colour(card, 1, targets);
                    never = never_end[targets[0]] && never_end[targets[1]];
                }
            }
            never_end[card] = (uint8_t)never;
        }
}

/* thorough: the targets' test of never_ends (the start's check); otherwise only targets
   covered by stuck cards count as blocked (each position's check in Vegas: the thorough
   test costs a third more time there and found next to nothing more). */
static int has_stuck_cards(const Rules *r, const State *s, int thorough) {
    const uint8_t *piles[MAX_COLUMNS + 1];
    int pile_len[MAX_COLUMNS + 1], top[MAX_COLUMNS + 1];
    int npiles = r->columns;
    for (int i = 0; i < r->columns; i++) {
        piles[i] = s->cards[i];
        pile_len[i] = s->len[i] ? s->down[i] + 1 : 0;
    }
    if (!r->redeal && s->waste) {
        piles[npiles] = s->talon;
        pile_len[npiles] = s->waste;
        npiles++;
    }
    uint8_t count[52] = {0};
    uint8_t where_pile[52][2], where_pos[52][2];
    for (int p = 0; p < npiles; p++) {
        top[p] = pile_len[p] - 1;
        for (int i = 0; i < pile_len[p]; i++) {
            int card = piles[p][i];
            if (count[card] < 2) {
                where_pile[card][count[card]] = (uint8_t)p;
                where_pos[card][count[card]] = (uint8_t)i;
            }
            count[card]++;
        }
    }
    int copies = r->places_per_suit;
    uint8_t on_columns[52] = {0};
    if (thorough)
        for (int i = 0; i < r->columns; i++)
            for (int k = 0; k < s->len[i]; k++) on_columns[s->cards[i][k]]++;
    uint8_t never_end[52];
    int changed = 1;
    while (changed) {
        changed = 0;
        if (thorough) never_ends(r, count, where_pile, where_pos, top, on_columns, never_end);
        for (int p = 0; p < npiles; p++) {
            while (top[p] >= 0) {
                int card = piles[p][top[p]];
                int rank = card % 13, suit = card / 13, blocked = 1;
                for (int place = suit * copies; place < (suit + 1) * copies && blocked; place++) {
                    int height = s->found[place];
                    if (height > rank) { blocked = 0; break; }
                    int any = 0;
                    for (int below = height; below < rank && !any; below++) {
                        int b = suit * 13 + below;
                        if (count[b] < copies) continue;
                        int all = 1;
                        for (int k = 0; k < copies; k++)
                            if (where_pos[b][k] > top[where_pile[b][k]]) all = 0;
                        any = all;
                    }
                    if (!any) blocked = 0;
                }
                if (blocked) {
                    if (rank == KING) {
                        for (int c = 0; c < r->columns; c++)
                            if (top[c] < 0) blocked = 0;
                    } else {
                        int targets[2];
                        other_colour(card, 1, targets);
                        for (int t = 0; t < 2 && blocked; t++) {
                            int target = targets[t];
                            if (thorough) {
                                blocked = never_end[target];
                                continue;
                            }
                            if (count[target] < copies) { blocked = 0; break; }
                            for (int k = 0; k < copies; k++)
                                if (where_pos[target][k] >= top[where_pile[target][k]]) blocked = 0;
                        }
                    }
                }
                if (blocked) break;
                top[p]--;
                changed = 1;
            }
        }
    }
    for (int p = 0; p < npiles; p++)
        if (top[p] >= 0) return 1;
    return 0;
}

/* ---- keys and storage -------------------------------------------------------------- */

static int column_before(const State *s, const uint32_t *rank, int a, int b) {
    /* Any fixed order of contents will do (the key only has to be the same for the same
       columns): face-down count, then the first card, then (rarely: two decks, or empty
       columns) the whole column. */
    if (rank[a] != rank[b]) return rank[a] < rank[b];
    int n = s->len[a] < s->len[b] ? s->len[a] : s->len[b];
    int cmp = memcmp(s->cards[a], s->cards[b], (size_t)n);
    if (cmp) return cmp < 0;
    return s->len[a] < s->len[b];
}

/* Writes the key, then what the key leaves out; returns the whole size, *key_size the key's. */
static int serialize(const Rules *r, const State *s, uint8_t *out, int *key_size) {
    int order[MAX_COLUMNS];
    uint32_t rank[MAX_COLUMNS];
    for (int i = 0; i < r->columns; i++)
        rank[i] = (uint32_t)s->down[i] << 16 | (uint32_t)(s->len[i] ? s->cards[i][0] : 255) << 8 |
                  (uint32_t)(s->len[i] > 1 ? s->cards[i][1] : 255);
    for (int i = 0; i < r->columns; i++) {
        int j = i;
        while (j > 0 && column_before(s, rank, i, order[j - 1])) { order[j] = order[j - 1]; j--; }
        order[j] = i;
    }
    int n = 0;
    for (int k = 0; k < r->columns; k++) {
        int i = order[k];
        out[n++] = s->len[i];
        out[n++] = s->down[i];
        copy_bytes(out + n, s->cards[i], s->len[i]);
        n += s->len[i];
    }
    if (r->places_per_suit == 1) {
        memcpy(out + n, s->found, 4);
        n += 4;
    } else {
        for (int suit = 0; suit < 4; suit++) {
            uint8_t a = s->found[2 * suit], b = s->found[2 * suit + 1];
            out[n++] = a < b ? a : b;
            out[n++] = a < b ? b : a;
        }
    }
    if (r->talon_free) {
        *key_size = n;
        out[n++] = s->talon_len;
        copy_bytes(out + n, s->talon, s->talon_len);
        n += s->talon_len;
        out[n++] = s->waste;
        return n;
    }
    out[n++] = s->talon_len;
    copy_bytes(out + n, s->talon, s->talon_len);
    n += s->talon_len;
    int waste = s->waste;
    if (r->redeal && (waste % r->draw == 0 || waste == s->talon_len)) waste = 0;
    out[n++] = (uint8_t)waste;
    *key_size = n;
    out[n++] = s->waste;
    return n;
}

static void deserialize(const Rules *r, const uint8_t *in, State *s) {
    int n = 0;
    for (int i = 0; i < r->columns; i++) {
        s->len[i] = in[n++];
        s->down[i] = in[n++];
        copy_bytes(s->cards[i], in + n, s->len[i]);
        n += s->len[i];
    }
    memcpy(s->found, in + n, (size_t)r->places);
    n += r->places;
    s->talon_len = in[n++];
    copy_bytes(s->talon, in + n, s->talon_len);
    n += s->talon_len;
    if (!r->talon_free) n++; /* the waste's key */
    s->waste = in[n];
}

typedef struct {
    uint8_t *arena;
    size_t arena_used, arena_size;
    uint64_t *offset;     /* node -> where it lies in the arena */
    uint32_t *parent;
    uint16_t *depth;
    uint8_t *talon_step;  /* node -> reached by a step that played a talon card (to check) */
    uint16_t *key_size;
    uint32_t nodes, node_capacity, max_nodes;
    uint64_t *table;      /* open addressing: hash << 32 | node + 1; 0 = free */
    uint64_t table_size;
    uint32_t *bucket_items[BUCKETS];
    uint32_t bucket_len[BUCKETS], bucket_cap[BUCKETS];
    int lowest;
    int failed;           /* out of memory */
} Store;

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

static int grow_table(Store *st) {
    uint64_t size = st->table_size ? st->table_size * 2 : (1u << 16);
    uint64_t *table = calloc(size, sizeof(uint64_t));
    if (!table) return 0;
    for (uint64_t i = 0; i < st->table_size; i++) {
        uint64_t entry = st->table[i];
        if (!entry) continue;
        uint64_t j = (entry >> 32) & (size - 1);
        while (table[j]) j = (j + 1) & (size - 1);
        table[j] = entry;
    }
    free(st->table);
    st->table = table;
    st->table_size = size;
    return 1;
}

/* The node with this key, or a new one (*is_new = 1); UINT32_MAX when memory runs out. */
static uint32_t find_or_add(Store *st, const uint8_t *data, int size, int key_size, uint32_t h,
                            uint32_t parent, uint16_t depth, uint8_t talon_step, int *is_new) {
    *is_new = 0;
    if ((uint64_t)st->nodes * 2 >= st->table_size && !grow_table(st)) return UINT32_MAX;
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
    if (st->nodes >= st->max_nodes) return UINT32_MAX;
    if (st->nodes == st->node_capacity) {
        uint32_t capacity = st->node_capacity ? st->node_capacity * 2 : (1u << 16);
        uint64_t *offset = realloc(st->offset, capacity * sizeof(uint64_t));
        if (offset) st->offset = offset;
        uint32_t *parents = realloc(st->parent, capacity * sizeof(uint32_t));
        if (parents) st->parent = parents;
        uint16_t *depths = realloc(st->depth, capacity * sizeof(uint16_t));
        if (depths) st->depth = depths;
        uint8_t *talon_steps = realloc(st->talon_step, capacity);
        if (talon_steps) st->talon_step = talon_steps;
        uint16_t *keys = realloc(st->key_size, capacity * sizeof(uint16_t));
        if (keys) st->key_size = keys;
        if (!offset || !parents || !depths || !talon_steps || !keys) return UINT32_MAX;
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
    st->offset[node] = st->arena_used;
    copy_bytes(st->arena + st->arena_used, data, size);
    st->arena_used += (size_t)size;
    st->parent[node] = parent;
    st->depth[node] = depth;
    st->talon_step[node] = talon_step;
    st->key_size[node] = (uint16_t)key_size;
    st->table[j] = (uint64_t)h << 32 | (uint64_t)(node + 1);
    *is_new = 1;
    return node;
}

static int push(Store *st, int priority, uint32_t node) {
    if (priority < 0) priority = 0;
    if (priority >= BUCKETS) priority = BUCKETS - 1;
    if (st->bucket_len[priority] == st->bucket_cap[priority]) {
        uint32_t capacity = st->bucket_cap[priority] ? st->bucket_cap[priority] * 2 : 64;
        uint32_t *items = realloc(st->bucket_items[priority], capacity * sizeof(uint32_t));
        if (!items) return 0;
        st->bucket_items[priority] = items;
        st->bucket_cap[priority] = capacity;
    }
    st->bucket_items[priority][st->bucket_len[priority]++] = node;
    if (priority < st->lowest) st->lowest = priority;
    return 1;
}

/* The newest of the lowest priority (ties newest first, as the Python search), or -1. */
static int64_t pop(Store *st) {
    while (st->lowest < BUCKETS && !st->bucket_len[st->lowest]) st->lowest++;
    if (st->lowest >= BUCKETS) return -1;
    return st->bucket_items[st->lowest][--st->bucket_len[st->lowest]];
}

static void free_store(Store *st) {
    free(st->arena);
    free(st->offset);
    free(st->parent);
    free(st->depth);
    free(st->talon_step);
    free(st->key_size);
    free(st->table);
    for (int i = 0; i < BUCKETS; i++) free(st->bucket_items[i]);
}

/* ---- the search -------------------------------------------------------------------- */

#define BATCH 128
#define SLOT (MAX_COLUMNS * (MAX_COLUMN + 2) + MAX_PLACES + 2 * MAX_TALON + 64)

typedef struct {
    const Rules *rules;
    Store *store;
    uint32_t parent;
    uint16_t depth;
    int depth_weight;
    int64_t goal;   /* the won node, or -1 */
    int failed;
    /* The successors of the position being expanded, looked up together: their table
       slots are fetched from memory side by side instead of one cache miss after another. */
    int count;
    int size[BATCH], key_size[BATCH], priority[BATCH];
    uint32_t hash[BATCH];
    uint8_t won[BATCH];
    uint8_t talon_step[BATCH];
    int playing_talon; /* the moves being added play a talon card (Vegas checks them) */
    uint8_t slot[BATCH][SLOT];
} Expansion;

/* Look up the batch in order: store the new positions, queue them, stop at a win. */
static int flush(Expansion *e) {
    Store *st = e->store;
    int count = e->count;
    e->count = 0;
    for (int k = 0; k < count; k++) {
        int is_new;
        uint32_t node = find_or_add(st, e->slot[k], e->size[k], e->key_size[k], e->hash[k],
                                    e->parent, (uint16_t)(e->depth + 1), e->talon_step[k],
                                    &is_new);
        if (node == UINT32_MAX) { e->failed = 1; return 1; }
        if (!is_new) continue;
        if (e->won[k]) { e->goal = node; return 1; }
        if (!push(st, e->priority[k], node)) { e->failed = 1; return 1; }
    }
    return 0;
}

/* A successor before its safe moves: settle it and add it to the batch. 1 = stop. */
static int add(Expansion *e, State *child) {
    const Rules *r = e->rules;
    settle(r, child);
    int k = e->count++;
    e->size[k] = serialize(r, child, e->slot[k], &e->key_size[k]);
    e->hash[k] = hash_bytes(e->slot[k], e->key_size[k]);
    if (e->store->table_size)
        __builtin_prefetch(&e->store->table[e->hash[k] & (e->store->table_size - 1)]);
    e->won[k] = (uint8_t)is_won(r, child);
    e->talon_step[k] = (uint8_t)e->playing_talon;
    e->priority[k] = estimate(r, child) + e->depth_weight * (e->depth + 1);
    if (e->count == BATCH) return flush(e);
    return 0;
}

/* Draw 1 with passes: which talon cards may be played (StockRules.lazy_talon in Python, argued
   in docs/solver.md). to_column(card): something could then go onto it (a face-up card of a
   column, Easy Harp: a column's last card; a foundation's top card; or a talon card onto which
   something could go in turn). to_foundation(card): a king, or the next card of its suit lies
   at a column's end or is a talon card that may go up in turn. Worked out card by card when
   asked (a position asks about a few talon cards, not all 52), remembered in column/up. */
typedef struct {
    uint8_t free_card[52], in_talon[52], at_end[52];
    int8_t column[52], up[52]; /* -1: not worked out yet */
} Waits;

static void waits_of(const Rules *r, const State *s, Waits *w) {
    memset(w, 0, 3 * 52);
    memset(w->column, -1, sizeof w->column);
    memset(w->up, -1, sizeof w->up);
    for (int j = 0; j < r->columns; j++) {
        if (!s->len[j]) continue;
        w->at_end[s->cards[j][s->len[j] - 1]] = 1;
        for (int k = r->single_card ? s->len[j] - 1 : s->down[j]; k < s->len[j]; k++)
            w->free_card[s->cards[j][k]] = 1;
    }
    for (int p = 0; p < r->places; p++)
        if (s->found[p]) w->free_card[(p / r->places_per_suit) * 13 + s->found[p] - 1] = 1;
    for (int k = 0; k < s->talon_len; k++) w->in_talon[s->talon[k]] = 1;
}

static int to_column(Waits *w, int card) {
    if (w->column[card] < 0) {
        int takes = 0;
        if (card % 13) {
            int below[2];
            other_colour(card, -1, below);
            for (int k = 0; k < 2 && !takes; k++)
                takes = w->free_card[below[k]] || (w->in_talon[below[k]] && to_column(w, below[k]));
        }
        w->column[card] = (int8_t)takes;
    }
    return w->column[card];
}

static int to_foundation(Waits *w, int card) {
    if (w->up[card] < 0)
        w->up[card] = (int8_t)(card % 13 == KING || w->at_end[card + 1] ||
                               (w->in_talon[card + 1] && to_foundation(w, card + 1)));
    return w->up[card];
}

/* child = s with the talon card on top at waste size `size` (the taps done) taken out. */
static void take_from_talon(State *child, const State *s, int size) {
    *child = *s;
    memmove(child->talon + size - 1, child->talon + size, (size_t)(s->talon_len - size));
    child->talon_len--;
    child->waste = (uint8_t)(size - 1);
}

/* The waste sizes the taps can reach with a card on the waste (the waste's top card then
   plays), as StockRules.reachable. Returns how many, written to sizes. */
static int reachable(const Rules *r, const State *s, uint8_t *sizes) {
    int talon_len = s->talon_len, size = s->waste, count = 0;
    uint8_t seen[MAX_TALON + 1] = {0};
    seen[size] = 1;
    if (size) sizes[count++] = (uint8_t)size;
    for (;;) {
        if (size < talon_len) size = size + r->draw < talon_len ? size + r->draw : talon_len;
        else if (r->redeal && talon_len) size = 0;
        else break;
        if (seen[size]) break;
        seen[size] = 1;
        if (size) sizes[count++] = (uint8_t)size;
    }
    return count;
}

/* The complete level's second half of a move that empties a column whole: every move of a
   king (or, Easy Harp, a king's run) into the emptied column, each a successor; the column
   emptied alone is not one. An empty column takes nothing but a king, and moving a whole
   column elsewhere gains nothing else, so in some shortest win every such move comes just
   before a king goes in (argued in docs/solver.md). As StockRules._kings_into_empty. */
static int kings_into_empty(Expansion *e, const State *s) {
    const Rules *r = e->rules;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!s->len[j]) { empty = j; break; }
    State child;
    Waits waits;
    if (r->talon_waits) waits_of(r, s, &waits);
    uint8_t sizes[MAX_TALON + 1];
    int reached = reachable(r, s, sizes);
    for (int n = 0; n < reached; n++) {
        int size = sizes[n], card = s->talon[size - 1];
        if (card % 13 != KING || (r->talon_waits && !to_column(&waits, card))) continue;
        take_from_talon(&child, s, size);
        child.cards[empty][child.len[empty]++] = (uint8_t)card;
        if (add(e, &child)) return 1;
    }
    for (int i = 0; i < r->columns; i++) {
        int size = s->len[i];
        for (int k = s->down[i] > 1 ? s->down[i] : 1; k < size; k++) {
            if (s->cards[i][k] % 13 != KING) continue;
            if (r->single_card && !is_king_run(s, i, k)) continue;
            int count = size - k;
            child = *s;
            memcpy(child.cards[empty], s->cards[i] + k, (size_t)count);
            child.len[empty] = (uint8_t)count;
            shrink(&child, i, count);
            if (add(e, &child)) return 1;
        }
    }
    for (int p = 0; p < r->places; p++) {
        if (s->found[p] != 13) continue;
        child = *s;
        child.found[p]--;
        child.cards[empty][child.len[empty]++] = (uint8_t)((p / r->places_per_suit) * 13 + KING);
        if (add(e, &child)) return 1;
    }
    return 0;
}

/* Every move of the position (level LIKELY: the likely ones), as _successors in Python. */
static int expand(Expansion *e, const State *s, int level) {
    const Rules *r = e->rules;
    int complete = level == COMPLETE;
    int talon_only_when_useful = level == LIKELY && r->single_card;
    State child;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!s->len[j]) { empty = j; break; }
    uint16_t wanted[52] = {0};
    for (int j = 0; j < r->columns; j++) {
        if (!s->len[j]) continue;
        int top = s->cards[j][s->len[j] - 1];
        if (top % 13 == 0) continue;
        int below[2];
        other_colour(top, -1, below);
        wanted[below[0]] |= (uint16_t)(1u << j);
        wanted[below[1]] |= (uint16_t)(1u << j);
    }
    int8_t next_up[52];
    memset(next_up, -1, sizeof next_up);
    for (int suit = 0; suit < 4; suit++)
        for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
            if (s->found[p] < 13 && next_up[suit * 13 + s->found[p]] < 0)
                next_up[suit * 13 + s->found[p]] = (int8_t)p;

    e->playing_talon = 0;
    /* Column ends to the foundations. */
    for (int i = 0; i < r->columns; i++) {
        if (!s->len[i]) continue;
        int place = next_up[s->cards[i][s->len[i] - 1]];
        if (place < 0) continue;
        child = *s;
        shrink(&child, i, 1);
        child.found[place]++;
        if (add(e, &child)) return 1;
    }
    /* Cards the taps bring to the waste's top. */
    e->playing_talon = 1;
    Waits waits;
    int waits_known = 0; /* waits_of when a talon card first has somewhere to go */
    uint8_t useful[52] = {0};
    if (talon_only_when_useful) {
        for (int j = 0; j < r->columns; j++) {
            if (!s->down[j] || !s->len[j]) continue;
            int card = s->cards[j][s->len[j] - 1];
            if (card % 13 == KING) continue;
            int above[2];
            other_colour(card, 1, above);
            useful[above[0]] = 1;
            useful[above[1]] = 1;
        }
    }
    {
        uint8_t sizes[MAX_TALON + 1];
        int reached = reachable(r, s, sizes);
        for (int n = 0; n < reached; n++) {
            int size = sizes[n];
            int card = s->talon[size - 1];
            int place = next_up[card];
            int king = card % 13 == KING;
            if (place < 0 && !wanted[card] && !(king && empty >= 0)) continue;
            if (r->talon_waits && !waits_known) {
                waits_of(r, s, &waits);
                waits_known = 1;
            }
            if (place >= 0 && (!r->talon_waits || to_foundation(&waits, card))) {
                take_from_talon(&child, s, size);
                child.found[place]++;
                if (add(e, &child)) return 1;
            }
            if (talon_only_when_useful && !king && !useful[card]) continue;
            if (r->talon_waits && !to_column(&waits, card)) continue;
            uint16_t targets = king ? (empty >= 0 ? (uint16_t)(1u << empty) : 0) : wanted[card];
            for (int t = 0; t < r->columns; t++) {
                if (!(targets & (1u << t))) continue;
                take_from_talon(&child, s, size);
                child.cards[t][child.len[t]++] = (uint8_t)card;
                if (add(e, &child)) return 1;
            }
        }
    }
    e->playing_talon = 0;
    /* Cards between columns. */
    int king_waiting = complete;
    for (int i = 0; i < s->talon_len && !king_waiting; i++)
        if (s->talon[i] % 13 == KING) king_waiting = 1;
    for (int j = 0; j < r->columns && !king_waiting; j++)
        for (int k = 1; k < s->len[j]; k++)
            if (k >= s->down[j] && s->cards[j][k] % 13 == KING) { king_waiting = 1; break; }
    for (int i = 0; i < r->columns; i++) {
        int size = s->len[i];
        if (!size) continue;
        int down = s->down[i];
        int starts[MAX_COLUMN], nstarts = 0;
        if (r->single_card) {
            starts[nstarts++] = size - 1;
            for (int k = down; k < size - 1; k++)
                if (is_king_run(s, i, k)) { starts[nstarts++] = k; break; }
        } else {
            for (int k = down; k < size; k++) starts[nstarts++] = k;
        }
        for (int n = 0; n < nstarts; n++) {
            int start = starts[n];
            int card = s->cards[i][start];
            int king = card % 13 == KING;
            if (king) {
                if (start == 0 || empty < 0) continue;
            } else if (!wanted[card]) {
                continue;
            }
            int count = size - start;
            if (!complete && !r->single_card && start > down && next_up[s->cards[i][start - 1]] < 0)
                continue;
            if (!complete && start == 0 && !king_waiting) continue;
            uint16_t targets = king ? (empty >= 0 && empty != i ? (uint16_t)(1u << empty) : 0)
                                    : (uint16_t)(wanted[card] & ~(1u << i));
            for (int t = 0; t < r->columns; t++) {
                if (!(targets & (1u << t))) continue;
                if (r->single_card && count > 1 && s->len[t]) continue;
                child = *s;
                memcpy(child.cards[t] + child.len[t], s->cards[i] + start, (size_t)count);
                child.len[t] = (uint8_t)(child.len[t] + count);
                shrink(&child, i, count);
                if (start == 0 && complete && r->kings_fill) {
                    if (kings_into_empty(e, &child)) return 1;
                } else if (add(e, &child)) {
                    return 1;
                }
            }
        }
    }
    /* A foundation's top card back onto a column (KL-7, EH-8). */
    if (complete) {
        for (int p = 0; p < r->places; p++) {
            int height = s->found[p];
            if (!height) continue;
            int card = (p / r->places_per_suit) * 13 + height - 1;
            int king = card % 13 == KING;
            uint16_t targets = king ? (empty >= 0 ? (uint16_t)(1u << empty) : 0) : wanted[card];
            for (int t = 0; t < r->columns; t++) {
                if (!(targets & (1u << t))) continue;
                child = *s;
                child.found[p]--;
                child.cards[t][child.len[t]++] = (uint8_t)card;
                if (add(e, &child)) return 1;
            }
        }
    }
    return 0;
}

static double now(int cpu_clock) {
    struct timespec ts;
    clock_gettime(cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static PyObject *state_tuple(const Rules *r, const State *s) {
    PyObject *columns = PyTuple_New(r->columns);
    if (!columns) return NULL;
    for (int i = 0; i < r->columns; i++) {
        uint8_t bytes[MAX_COLUMN + 1];
        bytes[0] = s->down[i];
        memcpy(bytes + 1, s->cards[i], s->len[i]);
        PyObject *column = PyBytes_FromStringAndSize((const char *)bytes, s->len[i] + 1);
        if (!column) { Py_DECREF(columns); return NULL; }
        PyTuple_SET_ITEM(columns, i, column);
    }
    return Py_BuildValue("(Ny#y#i)", columns, (const char *)s->found, (Py_ssize_t)r->places,
                         (const char *)s->talon, (Py_ssize_t)s->talon_len, (int)s->waste);
}

/* One search of a portfolio: its own table and queue, its own order and moves. */
typedef struct {
    Store *store;
    Expansion *e;
    uint32_t root;
    int level;
    int slice;      /* positions per turn */
    int running;
} Member;

static void free_member(Member *m) {
    if (m->store) { free_store(m->store); free(m->store); }
    free(m->e);
}

#define MAX_MEMBERS 8
#define SLICE 2048

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *columns, *configs;
    const char *found_data, *talon_data;
    Py_ssize_t found_len, talon_len;
    int waste, ncolumns, places_per_suit, draw, redeal, single_card, talon_waits, kings_fill,
        check_dead, cpu_clock;
    double seconds;
    long long max_positions, max_nodes;
    if (!PyArg_ParseTuple(args, "O!y#y#i(iiiiiii)O!pdpLL", &PyTuple_Type, &columns, &found_data,
                          &found_len, &talon_data, &talon_len, &waste, &ncolumns,
                          &places_per_suit, &draw, &redeal, &single_card, &talon_waits,
                          &kings_fill, &PyTuple_Type,
                          &configs, &check_dead, &seconds, &cpu_clock, &max_positions,
                          &max_nodes))
        return NULL;
    Rules r = {ncolumns, places_per_suit, 4 * places_per_suit, draw, redeal, single_card,
               draw == 1 && redeal, 52 * places_per_suit, draw == 1 && redeal && talon_waits,
               kings_fill};
    Py_ssize_t members = PyTuple_GET_SIZE(configs);
    if (ncolumns < 1 || ncolumns > MAX_COLUMNS || PyTuple_GET_SIZE(columns) != ncolumns ||
        (places_per_suit != 1 && places_per_suit != 2) || found_len != r.places ||
        talon_len > MAX_TALON || waste < 0 || waste > talon_len || draw < 1 || members < 1 ||
        members > MAX_MEMBERS) {
        PyErr_SetString(PyExc_ValueError, "a position or a portfolio this search cannot hold");
        return NULL;
    }
    int levels[MAX_MEMBERS], weights[MAX_MEMBERS], turns[MAX_MEMBERS];
    for (Py_ssize_t k = 0; k < members; k++) {
        PyObject *config = PyTuple_GET_ITEM(configs, k);
        if (!PyArg_ParseTuple(config, "iii", &levels[k], &weights[k], &turns[k])) return NULL;
        if ((levels[k] != LIKELY && levels[k] != COMPLETE) || turns[k] < 1 || turns[k] > 64) {
            PyErr_SetString(PyExc_ValueError,
                            "a search is (level LIKELY 1 or COMPLETE 2, weight, turns 1-64)");
            return NULL;
        }
    }
    State start;
    memset(&start, 0, sizeof start);
    for (int i = 0; i < ncolumns; i++) {
        PyObject *column = PyTuple_GET_ITEM(columns, i);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) < 1 ||
            PyBytes_GET_SIZE(column) - 1 + 13 > MAX_COLUMN) {
            PyErr_SetString(PyExc_ValueError, "a column this search cannot hold");
            return NULL;
        }
        const uint8_t *bytes = (const uint8_t *)PyBytes_AS_STRING(column);
        start.len[i] = (uint8_t)(PyBytes_GET_SIZE(column) - 1);
        start.down[i] = bytes[0];
        memcpy(start.cards[i], bytes + 1, start.len[i]);
    }
    memcpy(start.found, found_data, (size_t)found_len);
    memcpy(start.talon, talon_data, (size_t)talon_len);
    start.talon_len = (uint8_t)talon_len;
    start.waste = (uint8_t)waste;

    Member team[MAX_MEMBERS];
    memset(team, 0, sizeof team);
    for (Py_ssize_t k = 0; k < members; k++) {
        team[k].store = calloc(1, sizeof(Store));
        team[k].e = calloc(1, sizeof(Expansion));
        if (!team[k].store || !team[k].e) {
            for (Py_ssize_t j = 0; j <= k; j++) free_member(&team[j]);
            return PyErr_NoMemory();
        }
        Store *store = team[k].store;
        long long share = max_nodes / members;
        store->max_nodes = share > 0 && share < UINT32_MAX - 1 ? (uint32_t)share : UINT32_MAX - 1;
        store->lowest = BUCKETS;
        Expansion *e = team[k].e;
        e->rules = &r;
        e->store = store;
        e->depth_weight = weights[k];
        e->goal = -1;
        team[k].level = levels[k];
        team[k].slice = SLICE * turns[k];
        team[k].running = 1;
        team[k].root = UINT32_MAX;
    }

    /* status: 0 a win, 1 a complete search ran dry (proof), 2 out of budget, 3 every
       search ran dry and none was complete (no proof). */
    int status = 3, winner = -1;
    long long positions = 0;
    Py_BEGIN_ALLOW_THREADS
    double deadline = now(cpu_clock) + seconds;
    uint8_t buffer[SLOT];
    for (Py_ssize_t k = 0; k < members && status == 3; k++) {
        int key_size, is_new;
        int size = serialize(&r, &start, buffer, &key_size);
        Member *m = &team[k];
        m->root = find_or_add(m->store, buffer, size, key_size, hash_bytes(buffer, key_size),
                              UINT32_MAX, 0, 0, &is_new);
        if (m->root == UINT32_MAX || !push(m->store, estimate(&r, &start), m->root)) status = 2;
        else if (is_won(&r, &start)) { m->e->goal = m->root; status = 0; winner = (int)k; }
    }
    State s;
    int alive = status == 3 ? (int)members : 0;
    while (alive && status == 3) {
        for (Py_ssize_t k = 0; k < members && status == 3; k++) {
            Member *m = &team[k];
            if (!m->running) continue;
            Expansion *e = m->e;
            /* Turns of SLICE positions (times the search's turns), as in the Simple Simon
               portfolio. */
            for (int turn = 0; turn < m->slice; turn++) {
                int64_t node = pop(m->store);
                if (node < 0) {
                    m->running = 0;
                    alive--;
                    if (m->level == COMPLETE) status = 1;
                    /* The searches of one level reach the same positions (the order of
                       expansion changes which first, not which): the others would run dry
                       too, having found no win. */
                    for (Py_ssize_t j = 0; j < members; j++)
                        if (team[j].running && team[j].level == m->level) {
                            team[j].running = 0;
                            alive--;
                        }
                    break;
                }
                if (max_positions >= 0 && positions >= max_positions) { status = 2; break; }
                positions++;
                if ((positions % CLOCK_EVERY == 0 || positions == 1) && now(cpu_clock) > deadline) {
                    status = 2;
                    break;
                }
                deserialize(&r, m->store->arena + m->store->offset[node], &s);
                /* Vegas: only positions a talon card's move reached are checked (the start
                   was, in Python): as StockRules.plays_a_talon_card. */
                if (check_dead && m->store->talon_step[node] && has_stuck_cards(&r, &s, 0))
                    continue;
                e->parent = (uint32_t)node;
                e->depth = m->store->depth[node];
                if (!expand(e, &s, m->level)) flush(e);
                if (e->failed) { status = 2; break; }
                if (e->goal >= 0) { status = 0; winner = (int)k; break; }
            }
        }
    }
    Py_END_ALLOW_THREADS

    PyObject *path = Py_None;
    Py_INCREF(path);
    if (status == 0) {
        Member *m = &team[winner];
        Py_DECREF(path);
        path = PyList_New(0);
        for (uint32_t node = (uint32_t)m->e->goal; path; node = m->store->parent[node]) {
            State at;
            deserialize(&r, m->store->arena + m->store->offset[node], &at);
            PyObject *item = state_tuple(&r, &at);
            if (!item || PyList_Append(path, item) < 0) { Py_XDECREF(item); Py_CLEAR(path); break; }
            Py_DECREF(item);
            if (node == m->root) break;
        }
        if (path && PyList_Reverse(path) < 0) Py_CLEAR(path);
    }
    for (Py_ssize_t k = 0; k < members; k++) free_member(&team[k]);
    if (!path) return NULL;
    return Py_BuildValue("(iLNi)", status, positions, path, winner);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS,
     "search(columns, foundations, talon, waste_size, rules, configs, check_dead, seconds,"
     " cpu_clock, max_positions, max_nodes) -> (status, positions, path, winner)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_stock_search",
                                    "The Klondike and Easy Harp search in C.", -1, methods};

PyMODINIT_FUNC PyInit__stock_search(void) { return PyModule_Create(&module); }

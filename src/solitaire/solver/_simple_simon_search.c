/*
 * The Simple Simon search (docs/solver.md): a portfolio of complete best-first searches that
 * take turns, each with its own table and queue. Python (simple_simon_search.py) holds the
 * portfolio's plan and the budget's bookkeeping and turns the path found into moves; the
 * solver replays every solution through the real rules.
 *
 * A position is a tuple of columns, each bytes of card ids bottom first (suit × 13 + rank − 1,
 * suits ♠ ♥ ♦ ♣). The group rule comes in as a table, `unders` (52 bytes: for each card id
 * the card it continues a one-suit group on, SS-3, or 255 for none), which Python reads off
 * the engine's own rule (simple_simon.GROUP_UNDER), so that the rule is written once. From it:
 * a group is a column's end where each card lies on its under; a finished run is such a group
 * of 13 cards from a card with no under (a king), and it leaves the game (SS-5). A group goes
 * onto a column's last card one rank higher, of any suit (SS-2), or into an empty column
 * unless it is the whole of its column (SS-4: the same position once columns are sorted).
 *
 * search(columns, unders, configs, seconds, cpu_clock, max_positions, max_nodes, max_bytes[,
 *        focus_after]) -> (status, positions, path)
 * configs: one (oldest_first, blocker_weight[, novel_first]) per search: the estimate is
 * 4 × misplaced − empty columns + blocker_weight × blockers, ties oldest or newest first, and
 * with novel_first (0 unless given) novel positions first (is_novel); the searches take turns
 * of SLICE positions. status: 0 a win (path: the keys of the positions from the start to the
 * empty one), 1 a search expanded every position reachable from the
 * start without a win (a proof), 2 out of budget (seconds, positions or memory: max_bytes,
 * 0 for no bound, as in the Klondike search). path is None unless status is 0. focus_after
 * (-1: never): once the portfolio has expanded that many positions, the first search goes on
 * alone, and the others' memory is freed.
 *
 * For the tests: successors(columns, unders) -> [((source, count, target), columns,
 * (misplaced, blockers, empty))], in the order the search makes them; key(columns) -> bytes;
 * estimate(columns, unders, blocker_weight) -> int.
 */
#include "_search_store.h"

#define MAX_COLUMNS 16
#define CARDS 52
#define ROOM (CARDS + 16) /* a column's bytes, with copy_bytes' slack */
#define RUN 13
#define NO_UNDER 255
#define SLICE 256
#define MAX_MEMBERS 8
#define KEY_ROOM (MAX_COLUMNS + CARDS + 16)
/* A position's successors are looked up together: their table slots are fetched from memory
   side by side instead of one cache miss after another. */
#define BATCH 64
/* Empty columns lower an estimate below 0: every priority is shifted up by this much. */
#define ESTIMATE_ZERO 64

typedef struct {
    int count; /* columns */
    uint8_t len[MAX_COLUMNS];
    uint8_t cards[MAX_COLUMNS][ROOM];
} Columns;

/* A successor, made without copying the columns it leaves alone: each column is a view into
   the parent's, but the target's, which is built in `pile`. */
typedef struct {
    const uint8_t *at[MAX_COLUMNS];
    int len[MAX_COLUMNS];
    uint8_t pile[ROOM];
    int source, count, target; /* the move: count cards from source onto target */
    int every_column; /* a finished run could have left any column, not only these two */
} Child;

static int group_start(const uint8_t *under, const uint8_t *column, int len) {
    int start = len - 1;
    while (start > 0 && column[start - 1] == under[column[start]]) start--;
    return start;
}

static int ends_with_run(const uint8_t *under, const uint8_t *column, int len) {
    if (len < RUN) return 0;
    const uint8_t *run = column + len - RUN;
    if (under[run[0]] != NO_UNDER) return 0;
    for (int i = 1; i < RUN; i++)
        if (under[run[i]] != run[i - 1]) return 0;
    return 1;
}

/* Cards other than kings that do not rest on their same-suit successor (SS-9's bound). */
static int misplaced(const uint8_t *under, const uint8_t *column, int len) {
    int count = 0;
    for (int i = 0; i < len; i++) {
        int wanted = under[column[i]];
        count += wanted != NO_UNDER && (i == 0 || column[i - 1] != wanted);
    }
    return count;
}

/* Cards lying above a lower card of their own suit: each must leave the column before that
   card can join its run. */
static int blockers(const uint8_t *column, int len) {
    int lowest[4] = {CARDS, CARDS, CARDS, CARDS}, count = 0;
    for (int i = 0; i < len; i++) {
        int card = column[i], suit = card / 13;
        if (card < lowest[suit]) lowest[suit] = card;
        else if (card > lowest[suit]) count++;
    }
    return count;
}

/* Columns in byte order (a column before the longer ones it begins). A loop, not memcmp:
   columns are a few cards long, and most differ at their first card. */
static inline int compare_columns(const uint8_t *a, int a_len, const uint8_t *b, int b_len) {
    int shared = a_len < b_len ? a_len : b_len;
    for (int i = 0; i < shared; i++)
        if (a[i] != b[i]) return (int)a[i] - (int)b[i];
    return a_len - b_len;
}

/* Column i into the sorted list order[0..n): where it goes, the others moved up. */
static inline void insert_column(int *order, int n, int i, const uint8_t *const *at,
                                 const int *len) {
    int j = n;
    while (j > 0 && compare_columns(at[order[j - 1]], len[order[j - 1]], at[i], len[i]) > 0) {
        order[j] = order[j - 1];
        j--;
    }
    order[j] = i;
}

static int write_key(int count, const int *order, const uint8_t *const *at, const int *len,
                     uint8_t *out) {
    int size = 0;
    for (int i = 0; i < count; i++) {
        out[size++] = (uint8_t)len[order[i]];
        memcpy(out + size, at[order[i]], (size_t)len[order[i]]);
        size += len[order[i]];
    }
    return size;
}

/* The key: the columns in sorted order (columns are interchangeable: any of them takes what
   another takes), each as its length and its cards. */
static int serialize(int count, const uint8_t *const *at, const int *len, uint8_t *out) {
    int order[MAX_COLUMNS];
    for (int i = 0; i < count; i++) insert_column(order, i, i, at, len);
    return write_key(count, order, at, len, out);
}

/* The key of a successor of a position whose columns are in key order (read back from its
   key): only the two columns the move touched can be out of place. */
static int serialize_child(int count, const uint8_t *const *at, const int *len, int source,
                           int target, uint8_t *out) {
    int order[MAX_COLUMNS], n = 0;
    for (int i = 0; i < count; i++)
        if (i != source && i != target) order[n++] = i;
    insert_column(order, n++, source, at, len);
    insert_column(order, n++, target, at, len);
    return write_key(count, order, at, len, out);
}

static void deserialize(const uint8_t *in, int count, Columns *c) {
    c->count = count;
    for (int i = 0; i < count; i++) {
        int len = *in++;
        c->len[i] = (uint8_t)len;
        memcpy(c->cards[i], in, (size_t)len);
        in += len;
    }
}

typedef struct {
    int misplaced, blockers, empty;
} Counts;

static int estimate_of(Counts counts, int blocker_weight) {
    return 4 * counts.misplaced - counts.empty + blocker_weight * counts.blockers;
}

static Counts counts_of(const uint8_t *under, const Columns *c) {
    Counts counts = {0, 0, 0};
    for (int i = 0; i < c->count; i++) {
        counts.misplaced += misplaced(under, c->cards[i], c->len[i]);
        counts.blockers += blockers(c->cards[i], c->len[i]);
        counts.empty += !c->len[i];
    }
    return counts;
}

static int key_of(const Columns *c, uint8_t *out) {
    const uint8_t *at[MAX_COLUMNS] = {NULL};
    int len[MAX_COLUMNS] = {0};
    for (int i = 0; i < c->count; i++) {
        at[i] = c->cards[i];
        len[i] = c->len[i];
    }
    return serialize(c->count, at, len, out);
}

/* What a move is handed: how to store the successor (a search) or list it (the tests). */
typedef struct Expansion Expansion;
typedef int (*Visit)(Expansion *e, const Child *child, Counts counts);

struct Expansion {
    const uint8_t *under;
    Visit visit;
    int columns;
    int blocker_weight; /* 0: blockers are neither weighed nor counted */
    uint8_t *novel;     /* novelty: the facts met, per estimate (NULL: none) */
    /* SEARCHING */
    Store *store;
    uint32_t parent;
    int64_t goal; /* the won node, or -1 */
    int failed;
    int count; /* successors waiting in the batch */
    int size[BATCH], priority[BATCH];
    uint32_t hash[BATCH];
    uint8_t key[BATCH][KEY_ROOM];
    /* LISTING */
    PyObject *listed;
};

/* Every move from c but the pointless ones, each handed to e->visit with the columns after it
   and their counts. A finished run at a column's end leaves after the move: a move can only
   make one on the two columns it touches, but the rules look at every column, and a typed-in
   layout may hold one from the start (then every column is looked at). Stops early when
   visit says so (a win, or no memory left). */
static int expand(Expansion *e, const Columns *c) {
    const uint8_t *under = e->under;
    int root = 0; /* a finished run is waiting to leave */
    for (int i = 0; i < c->count; i++) root |= ends_with_run(under, c->cards[i], c->len[i]);
    int column_misplaced[MAX_COLUMNS], column_blockers[MAX_COLUMNS];
    Counts counts = {0, 0, 0};
    int first_empty = -1;
    for (int i = 0; i < c->count; i++) {
        column_misplaced[i] = misplaced(under, c->cards[i], c->len[i]);
        /* A search that does not weigh blockers does not count them. */
        column_blockers[i] = e->blocker_weight ? blockers(c->cards[i], c->len[i]) : 0;
        counts.misplaced += column_misplaced[i];
        counts.blockers += column_blockers[i];
        if (!c->len[i]) {
            counts.empty++;
            if (first_empty < 0) first_empty = i;
        }
    }
    Child child;
    for (int i = 0; i < c->count; i++) {
        child.at[i] = c->cards[i];
        child.len[i] = c->len[i];
    }
    for (int source = 0; source < c->count; source++) {
        int len = c->len[source];
        if (!len) continue;
        const uint8_t *column = c->cards[source];
        int lowest_start = group_start(under, column, len);
        for (int start = len - 1; start >= lowest_start; start--) {
            int card = column[start];
            int targets[MAX_COLUMNS + 1], target_count = 0;
            if (under[card] != NO_UNDER) /* no card takes a king */
                for (int target = 0; target < c->count; target++)
                    if (target != source && c->len[target] &&
                        c->cards[target][c->len[target] - 1] % 13 == card % 13 + 1)
                        targets[target_count++] = target;
            if (start > 0 && first_empty >= 0) targets[target_count++] = first_empty;
            for (int k = 0; k < target_count; k++) {
                int target = targets[k], onto = c->len[target];
                memcpy(child.pile, c->cards[target], (size_t)onto);
                memcpy(child.pile + onto, column + start, (size_t)(len - start));
                child.at[target] = child.pile;
                child.len[target] = onto + len - start;
                child.len[source] = start;
                for (int i = 0; i < c->count; i++)
                    if ((root || i == source || i == target) &&
                        ends_with_run(under, child.at[i], child.len[i]))
                        child.len[i] -= RUN;
                child.source = source;
                child.count = len - start;
                child.target = target;
                child.every_column = root;
                Counts after = counts;
                for (int i = 0; i < c->count; i++) {
                    if (!root && i != source && i != target) continue;
                    after.misplaced += misplaced(under, child.at[i], child.len[i]) -
                                       column_misplaced[i];
                    if (e->blocker_weight)
                        after.blockers += blockers(child.at[i], child.len[i]) - column_blockers[i];
                    after.empty += !child.len[i] - !c->len[i];
                }
                int stop = e->visit(e, &child, after);
                for (int i = 0; i < c->count; i++) {
                    child.at[i] = c->cards[i];
                    child.len[i] = c->len[i];
                }
                if (stop) return 1;
            }
        }
    }
    return 0;
}

/* Novelty (as the Klondike search's, docs/solver.md): the facts are the cards and what each
   lies on (a card, or the column's bottom), remembered per estimate. */
#define SS_LIES_ON 53
#define SS_FACTS (CARDS * SS_LIES_ON)
#define SS_FACT_BYTES ((SS_FACTS + 7) / 8)
#define SS_PARTS 1024

static int is_novel(const uint8_t *key, int columns, uint8_t *novel, int part) {
    if (part >= SS_PARTS) part = SS_PARTS - 1;
    if (part < 0) part = 0;
    uint8_t *seen = novel + (size_t)part * SS_FACT_BYTES;
    int fresh = 0;
    for (int i = 0; i < columns; i++) {
        int len = *key++;
        for (int k = 0; k < len; k++)
            fresh |= mark_fact(seen, key[k] * SS_LIES_ON + (k ? key[k - 1] : CARDS));
        key += len;
    }
    return fresh;
}

/* Look up the batch in order: store the new positions, queue them, stop at a win. */
static int flush(Expansion *e) {
    int count = e->count;
    e->count = 0;
    for (int k = 0; k < count; k++) {
        int is_new;
        uint32_t node = find_or_add(e->store, e->key[k], e->size[k], e->size[k], e->hash[k],
                                    e->parent, 0, 0, &is_new);
        if (node == UINT32_MAX) { e->failed = 1; return 1; }
        if (!is_new) continue;
        if (e->size[k] == e->columns) { /* every column empty: won */
            e->goal = node;
            return 1;
        }
        int priority = e->priority[k];
        if (e->novel && !is_novel(e->key[k], e->columns, e->novel, priority)) priority += NOT_NOVEL;
        if (!push(e->store, priority, node)) { e->failed = 1; return 1; }
    }
    return 0;
}

/* A search's visit: the successor's key joins the batch (its table slot fetched meanwhile). */
static int store_child(Expansion *e, const Child *child, Counts counts) {
    int k = e->count++;
    /* Read back from their key, the parent's columns are in key order. */
    e->size[k] = child->every_column
                     ? serialize(e->columns, child->at, child->len, e->key[k])
                     : serialize_child(e->columns, child->at, child->len, child->source,
                                       child->target, e->key[k]);
    e->hash[k] = hash_bytes(e->key[k], e->size[k]);
    if (e->store->table_size)
        __builtin_prefetch(&e->store->table[e->hash[k] & (e->store->table_size - 1)]);
    e->priority[k] = ESTIMATE_ZERO + estimate_of(counts, e->blocker_weight);
    return e->count == BATCH ? flush(e) : 0;
}

static PyObject *columns_tuple(const Child *child, int count) {
    PyObject *columns = PyTuple_New(count);
    if (!columns) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *column =
            PyBytes_FromStringAndSize((const char *)child->at[i], (Py_ssize_t)child->len[i]);
        if (!column) { Py_DECREF(columns); return NULL; }
        PyTuple_SET_ITEM(columns, i, column);
    }
    return columns;
}

/* The tests' visit: list the move, the columns after it and their counts (kept up to date
   move by move, which the tests check against a recount). */
static int list_child(Expansion *e, const Child *child, Counts counts) {
    PyObject *columns = columns_tuple(child, e->columns);
    PyObject *item = columns ? Py_BuildValue("((iii)N(iii))", child->source, child->count,
                                             child->target, columns, counts.misplaced,
                                             counts.blockers, counts.empty)
                             : NULL;
    if (!item || PyList_Append(e->listed, item) < 0) {
        Py_XDECREF(item);
        e->failed = 1;
        return 1;
    }
    Py_DECREF(item);
    return 0;
}

/* ---- Python entry points ----------------------------------------------------------- */

static int parse_columns(PyObject *given, Columns *c) {
    if (!PyTuple_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "columns: a tuple of bytes");
        return 0;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(given);
    if (count < 1 || count > MAX_COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "columns: 1 to 16 columns");
        return 0;
    }
    c->count = (int)count;
    int total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *column = PyTuple_GET_ITEM(given, i);
        if (!PyBytes_Check(column)) {
            PyErr_SetString(PyExc_TypeError, "columns: a tuple of bytes");
            return 0;
        }
        Py_ssize_t len = PyBytes_GET_SIZE(column);
        const uint8_t *cards = (const uint8_t *)PyBytes_AS_STRING(column);
        total += (int)len;
        if (total > CARDS) {
            PyErr_SetString(PyExc_ValueError, "columns: more than 52 cards");
            return 0;
        }
        for (Py_ssize_t k = 0; k < len; k++)
            if (cards[k] >= CARDS) {
                PyErr_SetString(PyExc_ValueError, "columns: a card id is 0 to 51");
                return 0;
            }
        c->len[i] = (uint8_t)len;
        memcpy(c->cards[i], cards, (size_t)len);
    }
    return 1;
}

static int parse_unders(Py_buffer *given, uint8_t *under) {
    if (given->len != CARDS) {
        PyErr_SetString(PyExc_ValueError, "unders: 52 bytes");
        return 0;
    }
    memcpy(under, given->buf, CARDS);
    for (int card = 0; card < CARDS; card++)
        if (under[card] != NO_UNDER &&
            (under[card] >= CARDS || under[card] % 13 != card % 13 + 1)) {
            PyErr_SetString(PyExc_ValueError, "unders: a card continues a group on a card one"
                                              " rank higher, or on none (255)");
            return 0;
        }
    return 1;
}

/* The columns and the group table of a call, both checked (the buffer released either way). */
static int parse_position(PyObject *given, Py_buffer *unders, uint8_t *under, Columns *c) {
    int parsed = parse_unders(unders, under) && parse_columns(given, c);
    PyBuffer_Release(unders);
    return parsed;
}

typedef struct {
    Store *store;
    Expansion e;
    uint32_t root;
} Member;

static void free_member(Member *m) {
    release_store(&m->store);
    free(m->e.novel);
    m->e.novel = NULL;
}

/* The keys of the path from m's root to its won node, root first. */
static PyObject *path_keys(const Member *m) {
    const Store *st = m->store;
    Py_ssize_t length = 1;
    for (uint32_t node = (uint32_t)m->e.goal; node != m->root; node = st->parent[node]) length++;
    PyObject *path = PyList_New(length);
    if (!path) return NULL;
    uint32_t node = (uint32_t)m->e.goal;
    for (Py_ssize_t i = length - 1; i >= 0; i--) {
        PyObject *key = PyBytes_FromStringAndSize((const char *)st->arena + st->offset[node],
                                                  (Py_ssize_t)st->key_size[node]);
        if (!key) { Py_DECREF(path); return NULL; }
        PyList_SET_ITEM(path, i, key);
        node = st->parent[node];
    }
    return path;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *given, *configs;
    Py_buffer unders_given;
    double seconds;
    int cpu_clock;
    long long max_positions, max_nodes, max_bytes, focus_after = -1;
    if (!PyArg_ParseTuple(args, "O!y*O!dpLLL|L", &PyTuple_Type, &given, &unders_given,
                          &PyTuple_Type, &configs, &seconds, &cpu_clock, &max_positions,
                          &max_nodes, &max_bytes, &focus_after))
        return NULL;
    uint8_t under[CARDS];
    Columns start;
    if (!parse_position(given, &unders_given, under, &start)) return NULL;
    Py_ssize_t members = PyTuple_GET_SIZE(configs);
    if (members < 1 || members > MAX_MEMBERS) {
        PyErr_SetString(PyExc_ValueError, "a portfolio holds 1 to 8 searches");
        return NULL;
    }
    int oldest_first[MAX_MEMBERS], weights[MAX_MEMBERS], novelties[MAX_MEMBERS];
    for (Py_ssize_t k = 0; k < members; k++) {
        PyObject *config = PyTuple_GET_ITEM(configs, k);
        novelties[k] = 0;
        if (!PyTuple_Check(config) ||
            !PyArg_ParseTuple(config, "pi|p", &oldest_first[k], &weights[k], &novelties[k])) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a search is a tuple");
            return NULL;
        }
        if (weights[k] < 0 || weights[k] > 16) {
            PyErr_SetString(PyExc_ValueError,
                            "a search is (oldest_first, blocker weight 0-16[, novel_first])");
            return NULL;
        }
    }

    size_t held = 0;
    Member team[MAX_MEMBERS];
    memset(team, 0, sizeof team);
    uint8_t key[KEY_ROOM];
    int start_size = key_of(&start, key);
    Counts start_counts = counts_of(under, &start);
    /* status: 0 a win, 1 a search ran dry (a proof), 2 out of budget. */
    int status = -1, winner = -1;
    for (Py_ssize_t k = 0; k < members; k++) {
        Member *m = &team[k];
        m->store = calloc(1, sizeof(Store));
        if (!m->store) {
            for (Py_ssize_t j = 0; j < k; j++) free_member(&team[j]);
            return PyErr_NoMemory();
        }
        m->store->max_nodes = node_bound(max_nodes / members);
        m->store->lowest = BUCKETS;
        m->store->oldest_first = oldest_first[k];
        m->store->held = &held;
        m->store->max_held = max_bytes > 0 ? (size_t)max_bytes : 0;
        m->e.under = under;
        m->e.columns = start.count;
        m->e.visit = store_child;
        m->e.store = m->store;
        m->e.blocker_weight = weights[k];
        if (novelties[k]) {
            m->e.novel = calloc((size_t)SS_PARTS * SS_FACT_BYTES, 1);
            if (!m->e.novel) {
                for (Py_ssize_t j = 0; j <= k; j++) free_member(&team[j]);
                return PyErr_NoMemory();
            }
        }
        m->e.goal = -1;
        int is_new;
        m->root = find_or_add(m->store, key, start_size, start_size, hash_bytes(key, start_size),
                              UINT32_MAX, 0, 0, &is_new);
        if (m->root == UINT32_MAX ||
            !push(m->store, ESTIMATE_ZERO + estimate_of(start_counts, weights[k]), m->root))
            status = 2;
    }
    if (start_size == start.count) { status = 0; winner = 0; team[0].e.goal = team[0].root; }

    long long positions = 0;
    Py_BEGIN_ALLOW_THREADS
    double deadline = now(cpu_clock) + seconds;
    Columns c;
    while (status < 0) {
        if (focus_after >= 0 && positions >= focus_after && members > 1) {
            /* Undecided this long: the first search goes on alone, with all the memory. */
            for (Py_ssize_t k = 1; k < members; k++) {
                held -= team[k].store->own;
                free_member(&team[k]);
            }
            members = 1;
            team[0].store->max_nodes = node_bound(max_nodes);
        }
        for (Py_ssize_t k = 0; k < members && status < 0; k++) {
            Member *m = &team[k];
            for (int turn = 0; turn < SLICE; turn++) {
                int64_t node = pop(m->store);
                if (node < 0) { status = 1; break; } /* every reachable position: no win */
                if (max_positions >= 0 && positions >= max_positions) { status = 2; break; }
                positions++;
                if ((positions % CLOCK_EVERY == 0 || positions == 1) && now(cpu_clock) > deadline) {
                    status = 2;
                    break;
                }
                deserialize(m->store->arena + m->store->offset[node], start.count, &c);
                m->e.parent = (uint32_t)node;
                if (!expand(&m->e, &c)) flush(&m->e);
                if (m->e.failed) { status = 2; break; }
                if (m->e.goal >= 0) { status = 0; winner = (int)k; break; }
            }
        }
    }
    Py_END_ALLOW_THREADS

    PyObject *path = Py_None;
    Py_INCREF(path);
    if (status == 0) {
        Py_DECREF(path);
        path = path_keys(&team[winner]);
    }
    for (Py_ssize_t k = 0; k < members; k++) free_member(&team[k]);
    if (!path) return NULL;
    return Py_BuildValue("(iLN)", status, positions, path);
}

static PyObject *py_successors(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *given;
    Py_buffer unders_given;
    if (!PyArg_ParseTuple(args, "O!y*", &PyTuple_Type, &given, &unders_given))
        return NULL;
    uint8_t under[CARDS];
    Columns c;
    if (!parse_position(given, &unders_given, under, &c)) return NULL;
    Expansion e;
    memset(&e, 0, sizeof e);
    e.under = under;
    e.columns = c.count;
    e.blocker_weight = 1; /* the counts listed hold the blockers */
    e.visit = list_child;
    e.listed = PyList_New(0);
    if (!e.listed) return NULL;
    expand(&e, &c);
    if (e.failed) { Py_DECREF(e.listed); return NULL; }
    return e.listed;
}

static PyObject *py_key(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *given;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &given)) return NULL;
    Columns c;
    if (!parse_columns(given, &c)) return NULL;
    uint8_t key[KEY_ROOM];
    int size = key_of(&c, key);
    return PyBytes_FromStringAndSize((const char *)key, size);
}

static PyObject *py_estimate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *given;
    Py_buffer unders_given;
    int weight;
    if (!PyArg_ParseTuple(args, "O!y*i", &PyTuple_Type, &given, &unders_given, &weight))
        return NULL;
    uint8_t under[CARDS];
    Columns c;
    if (!parse_position(given, &unders_given, under, &c)) return NULL;
    return PyLong_FromLong(estimate_of(counts_of(under, &c), weight));
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS,
     "search(columns, unders, configs, seconds, cpu_clock, max_positions, max_nodes, max_bytes"
     "[, focus_after]) -> (status, positions, path)"},
    {"successors", py_successors, METH_VARARGS,
     "successors(columns, unders) -> [((source, count, target), columns, counts)]"},
    {"key", py_key, METH_VARARGS, "key(columns) -> bytes"},
    {"estimate", py_estimate, METH_VARARGS, "estimate(columns, unders, blocker_weight) -> int"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_simple_simon_search",
                                    "The Simple Simon search.", -1, methods};

PyMODINIT_FUNC PyInit__simple_simon_search(void) { return PyModule_Create(&module); }

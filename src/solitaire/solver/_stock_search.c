/*
 * The Klondike and Easy Harp search: the one place where the solver's moves, safe moves,
 * position keys, deadlock proofs and estimates are written (docs/solver.md argues each).
 * Python (stock_search.py) holds the plan, the portfolios and the budget's bookkeeping,
 * turns the moves found into move text, and replays every solution through the real rules.
 *
 * A position is (columns, foundations, talon, waste_size), as stock_position.py builds it
 * from the engine's: a column is bytes, its face-down count then its card ids bottom first
 * (suit × 13 + rank − 1, suits ♠ ♥ ♦ ♣); foundations the places' heights; the talon the
 * waste (bottom first) then the stock in the order it will be turned. rules is
 * (columns, places_per_suit, draw, redeal, single_card, talon_waits, kings_fill, runs_wait,
 * loose_cards, free_chains, likely_backs, ups_together, blockades, waste_dominance).
 *
 * search(position, rules, configs, seconds, cpu_clock, max_positions, max_nodes, draw_one,
 *        max_bytes[, focus_after]) -> (status, positions, atoms)
 * configs: one (level, depth_weight, turns[, down_weight[, on_down_weight[, next_weight[,
 * novelty[, leaves_after]]]]]) per search of a portfolio (the estimate weighs each face-down card
 * down_weight, 3 unless given; one card at a time, each face-up card lying on one
 * on_down_weight, 8 unless given; each card lying over the next card a foundation takes
 * next_weight, 0 unless given: over_next_cards; novelty 1: novel positions first, is_novel,
 * 2: the same counted by progress, 0 unless given; leaves_after, a search of the likely
 * moves only: once the portfolio has expanded that many positions, it leaves the turns, 0
 * (never) unless given); the searches take
 * turns of turns × SLICE positions, each with its own table and queue. Level DRAW_ONE (3):
 * every move of the game whose rules are draw_one, the same game dealt one card at a time
 * (a draw-3 game's relaxation: every draw-3 game is a draw-1 game, docs/solver.md); when it
 * runs dry the game given is lost, and its wins are no wins (the search just stops). Level
 * DRAW_ONE_LIKELY (6): the likely moves of the same draw-1 game, DRAW_ONE's scout: it proves
 * nothing, but once it wins, the relaxation is won, and every DRAW_ONE search stops with it,
 * since none of them can prove a loss any more. Level
 * UNCHAINED (4): every move, as COMPLETE, but without the free chains (a complete search
 * that lays talon cards one at a time, as the talon waits allow). Level ACES_UP (5, a game
 * dealt one card at a time): every move of the same game with the talon's aces already up, a
 * relaxation as DRAW_ONE is (talon_aces_up); a position with no ace in the talon leaves it
 * out (it would be the complete search again). status:
 * 0 a win (atoms: the moves from the position given to the won one, in its own order of
 * columns and places), 1 no win: the start is locked (deadlocks below) or a complete search
 * (or a relaxation) expanded every reachable position (a proof), 2 out of budget
 * (seconds, positions or memory; or a complete search that cut a loose-card chain short ran
 * dry), 3 every search ran dry and none was complete (no proof).
 * atoms is None unless status is 0. max_nodes: the most positions the searches store, shared
 * evenly among those still running. max_bytes (0: no bound): the most the searches' tables,
 * queues and stored positions may hold together. At either bound the portfolio sheds a search
 * and goes on; the last one stops there (status 2).
 * focus_after (-1: never): once the portfolio has expanded that many positions undecided, the
 * searches of the likely moves leave the turns (their memory freed) and the complete ones go
 * on.
 *
 * An atom is one engine move, (kind, a, b, c): TO_FOUNDATION (column a's last card up),
 * COLUMN (column a's last b cards onto column c), TALON (a taps on the stock, then the
 * waste's top card onto column b, or up when b is -1), BACK (foundation place a's top card
 * onto column b).
 *
 * For the tests (tests/solver/test_stock_bridge.py checks each against the engine's rules):
 * successors(position, rules, level, settled) -> [(atoms, position)], settle(position, rules) ->
 * (atoms, position), key(position, rules) -> bytes, stuck_places(position, rules,
 * thorough) -> [(pile, place)], waits(position, rules) -> (to_column, to_foundation).
 */
#include "_search_store.h"
#include <stdarg.h>

#define MAX_COLUMNS 9
#define MAX_COLUMN 40
#define MAX_TALON 104
#define MAX_PLACES 8
#define KING 12
#define LIKELY 1
#define COMPLETE 2
#define DRAW_ONE 3 /* a config's level: every move of the same game dealt one card at a time */
#define UNCHAINED 4 /* a config's level: every move, the talon cards not only in free chains */
#define ACES_UP 5   /* a config's level: every move, from the position with the talon's aces up */
#define DRAW_ONE_LIKELY 6 /* a config's level: the likely moves of DRAW_ONE's game, its scout */

typedef struct {
    int columns, places_per_suit, places, draw, redeal, single_card, talon_free, total;
    int talon_waits; /* talon cards wait until needed (Waits): draw 1 with passes */
    int kings_fill; /* a column is emptied whole only with a king going in (kings_into_empty) */
    int runs_wait; /* complete level, one deck: a run leaves a face-up card only for its use */
    int loose_cards; /* complete level, one deck, talon cards not waiting (and Vegas's likely
                        level): loose cards up at once, a card back only in a chain ended by a
                        card onto it */
    int free_chains; /* complete level, talon cards waiting: with one deck, talon and
                        foundation cards go to columns only in chains ended by a run going
                        onto them, and loose cards go up at once (a chain lays them back);
                        with two decks (one card at a time), talon cards only, in chains
                        ended by a column's last card or a foundation's top card */
    /* Without passes back the search checks for deadlocks the positions a talon card's move
       reached: taps bury cards in the waste for good, so positions lock up often. With passes
       a column's candidates only shrink and the foundations only grow, so a position the
       start's check passes rarely locks up later: only the start is checked. */
    int check_dead;
    int likely_back; /* likely level, one deck, with passes: a foundation's top card
                        back onto a column for a card on face-down ones to go onto it, at
                        once or through one free card (frees_a_face_down_card) */
    int ups_together; /* complete level, talon cards waiting, one deck: a talon card goes up
                         only in one step with the cards of its suit that follow it up
                         (talon cards, then a column's last card or a king: ups_together) */
    int blockades;       /* one deck, runs moving: the start is checked for blockades */
    int check_blockades; /* and with free chains, the positions a chain step reached by laying
                            cards on a column's first face-up card (blockade, lays_on_first) */
    int waste_dominance; /* more than one card a tap, with passes (the complete and likely
                            levels): a position is left out when a stored one, the same but
                            for its waste size, reaches every talon card it reaches
                            (dominated) */
    /* Compact positions (set_start, a search's own rules only): what every position of the
       search keeps from its start, so that the stored bytes leave it out. A column's
       face-down cards are the first cards of a column of the start (cards never go onto
       face-down ones), named by their column there; the talon is the start's talon with
       some cards gone (cards never go back to it), a bit a card. */
    int compact;
    /* A first face-down card's column at the start, or -1; with two decks, the other
       column it is the first face-down card of, or -1. */
    int8_t start_column_of[52], start_twin_column_of[52];
    uint8_t start_cards[MAX_COLUMNS][MAX_COLUMN];
    uint8_t start_talon[MAX_TALON];
    int8_t start_talon_at[52]; /* one deck: a card's place in the start's talon, or -1 */
    int start_talon_len;
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

enum { TO_FOUNDATION, COLUMN, TALON, BACK };

typedef struct {
    int16_t kind, a, b, c;
} Atom;

/* The atoms of one step: its move (two with a column emptied whole: kings_into_empty) and
   the safe moves after it, at most one per card. */
#define MAX_ATOMS (2 * MAX_TALON + 2)
typedef struct {
    int count;
    Atom atoms[MAX_ATOMS];
} Atoms;

static inline Atom atom(int kind, int a, int b, int c) {
    Atom made = {(int16_t)kind, (int16_t)a, (int16_t)b, (int16_t)c};
    return made;
}

static int is_red(int card) { int suit = card / 13; return suit == 1 || suit == 2; }

/* The moves and the safe moves are made in the search's innermost loop: inlined wherever used. */
#define HOT static inline __attribute__((always_inline))

/* ---- rules ------------------------------------------------------------------------- */

/* KL-1, EH-1, the column rule, once: the two cards of the other colour ranked `step` from the
   card's rank. Step +1: the cards it may go onto in a column; step -1: the cards that may go
   onto it. (No card goes onto an ace, and a king goes onto nothing.) */
static void other_colour(int card, int step, int out[2]) {
    int rank = card % 13 + step;
    if (is_red(card)) { out[0] = rank; out[1] = 39 + rank; }
    else { out[0] = 13 + rank; out[1] = 26 + rank; }
}

/* The two cards (one deck) of a colour and rank: ♥ ♦ (red) or ♠ ♣. */
static inline void cards_of_colour(int red, int rank, int out[2]) {
    out[0] = (red ? 1 : 0) * 13 + rank;
    out[1] = (red ? 2 : 3) * 13 + rank;
}

/* A chain built down from a card of colour `top_red` at rank `top` (one rank lower each, the
   other colour): the colour it has at `rank`. */
static inline int chain_colour(int top, int top_red, int rank) {
    return (top - rank) % 2 ? !top_red : top_red;
}

/* One deck: the other card of the same colour and rank (♠/♣, ♥/♦), the only other card that
   may lie where this one lies. */
static int twin_of(int card) { return (3 - card / 13) * 13 + card % 13; }

/* Whether `card` may go onto `onto`, a column's last card. */
static inline int goes_on(int card, int onto) {
    return onto % 13 == card % 13 + 1 && is_red(onto) != is_red(card);
}

static int place_for(const Rules *r, const uint8_t *found, int card) {
    int suit = card / 13, rank = card % 13;
    for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
        if (found[p] == rank) return p;
    return -1;
}

/* Whether sending the card up can never turn a winnable game into a lost one. One deck
   (Klondike, Solvitaire's rule for games with cards coming back, KL-7): every card of the
   other colour ranked two or more below it, and every card of its colour ranked three or more
   below it, is already up. Two decks (Easy Harp, EH-8): one rank closer each, both copies.
   docs/solver.md gives the argument. */
static int is_safe(const Rules *r, const uint8_t *found, int card) {
    int rank = card % 13 + 1, red = is_red(card);
    int closer = r->places_per_suit == 1 ? 0 : 1;
    for (int suit = 0; suit < 4; suit++) {
        int limit = ((is_red(suit * 13) == red) ? rank - 3 : rank - 2) + closer;
        if (limit <= 0) continue;
        int lowest = 99;
        for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
            if (found[p] < lowest) lowest = found[p];
        if (lowest < limit) return 0;
    }
    return 1;
}

/* A position copied as 16-byte blocks: a successor is a copy of its parent, made many times
   a position, and for a block this size the compiler's own copy (rep movs) costs more. */
typedef uint8_t Block16 __attribute__((vector_size(16)));
HOT void copy_state(State *to, const State *from) {
    enum { BLOCKS = sizeof(State) / 16, TAIL = sizeof(State) % 16 };
    uint8_t *t = (uint8_t *)to;
    const uint8_t *f = (const uint8_t *)from;
#pragma GCC unroll 32
    for (int i = 0; i < BLOCKS; i++) {
        Block16 block;
        memcpy(&block, f + 16 * i, 16);
        memcpy(t + 16 * i, &block, 16);
    }
    memcpy(t + 16 * BLOCKS, f + 16 * BLOCKS, TAIL);
}

/* The column once its last `count` cards left, a face-down card uncovered turning up (KL-6,
   EH-7). */
static void shrink(State *s, int column, int count) {
    int left = s->len[column] - count;
    int down = s->down[column];
    if (left && down >= left) down = left - 1;
    if (down > left) down = left;
    s->len[column] = (uint8_t)left;
    s->down[column] = (uint8_t)down;
}

/* ---- the moves: each makes `child` from `s` ---------------------------------------- */

/* Column `column`'s last card onto foundation place `place`. */
HOT void column_to_foundation(State *child, const State *s, int column, int place) {
    copy_state(child, s);
    shrink(child, column, 1);
    child->found[place]++;
}

/* The talon card on top at waste size `size` (the taps done) taken out (child may be s). */
HOT void take_from_talon(State *child, const State *s, int size) {
    int talon_len = s->talon_len;
    if (child != s) copy_state(child, s);
    memmove(child->talon + size - 1, child->talon + size, (size_t)(talon_len - size));
    child->talon_len = (uint8_t)(talon_len - 1);
    child->waste = (uint8_t)(size - 1);
}

HOT void talon_to_foundation(State *child, const State *s, int size, int place) {
    take_from_talon(child, s, size);
    child->found[place]++;
}

HOT void talon_to_column(State *child, const State *s, int size, int target) {
    uint8_t card = s->talon[size - 1];
    take_from_talon(child, s, size);
    child->cards[target][child->len[target]++] = card;
}

/* ACES_UP's start: every ace of the talon not yet up goes up (the waste keeps its other
   cards in order); returns how many went. A relaxation in a game dealt one card at a time:
   every talon card a player can reach in the game given, the taps reach in this one (its
   talon is the same with cards left out), no card ever goes onto an ace, and an ace goes to
   a column only onto a 2, which then just lies free sooner; so leaving out a winning line's
   moves of those aces leaves a winning line here (docs/solver.md, "The talon's aces up"). */
static int talon_aces_up(const Rules *r, State *s) {
    int went = 0;
    for (int k = 0; k < s->talon_len;) {
        int card = s->talon[k];
        int place = card % 13 ? -1 : place_for(r, s->found, card);
        if (place < 0) {
            k++;
            continue;
        }
        memmove(s->talon + k, s->talon + k + 1, (size_t)(s->talon_len - k - 1));
        s->talon_len--;
        if (k < s->waste) s->waste--;
        s->found[place]++;
        went++;
    }
    return went;
}

/* The cards of column `column` from `start` on onto column `target`. */
HOT void column_to_column(State *child, const State *s, int column, int start, int target) {
    int count = s->len[column] - start;
    copy_state(child, s);
    memcpy(child->cards[target] + child->len[target], s->cards[column] + start, (size_t)count);
    child->len[target] = (uint8_t)(child->len[target] + count);
    shrink(child, column, count);
}

/* Foundation place `place`'s top card back onto column `target` (KL-7, EH-8). */
HOT void back_to_column(const Rules *r, State *child, const State *s, int place, int target) {
    copy_state(child, s);
    child->found[place]--;
    child->cards[target][child->len[target]++] =
        (uint8_t)((place / r->places_per_suit) * 13 + s->found[place] - 1);
}

/* The taps that bring the talon card at waste size `size` to the waste's top in draw 1 with
   passes: on to it, or to the stock's end, one pass back and on to it. */
static int taps_to(const State *s, int size) {
    if (size >= s->waste) return size - s->waste;
    return s->talon_len - s->waste + 1 + size;
}

/* Whether column i's last card, were it up, could come back onto its column as it lies: on
   a face-up card it goes on, or a king alone in its column (KL-7). */
static int comes_back(const State *s, int i) {
    int len = s->len[i], down = s->down[i], card = s->cards[i][len - 1];
    if (len - 1 > down) return goes_on(card, s->cards[i][len - 2]);
    return len == 1 && down == 0 && card % 13 == KING;
}

/* The cards the foundations take next, as bits by card id. */
static inline uint64_t taken_next(const Rules *r, const uint8_t *found) {
    uint64_t next = 0;
    for (int p = 0; p < r->places; p++)
        if (found[p] <= KING) next |= 1ull << ((p / r->places_per_suit) * 13 + found[p]);
    return next;
}

/* Make every safe move to the foundations: from a column's end; from the waste in draw 1
   only, where taking a card out of the talon cannot change what the taps show; and in draw 1
   with passes (talon_free) from anywhere in the talon, since any talon card can be brought
   to the top at any moment and the position does not depend on the talon's order or the
   waste size. `made`, when given, gets their atoms. */
HOT void settle(const Rules *r, State *s, Atoms *made, int loose) {
    int changed = 1;
    while (changed) {
        changed = 0;
        /* Most positions send nothing up: a card no foundation takes next is ruled out by
           one bit, before any place is looked for. */
        uint64_t next = taken_next(r, s->found);
        for (int i = 0; i < r->columns; i++) {
            if (!s->len[i]) continue;
            int card = s->cards[i][s->len[i] - 1];
            if (!(next >> card & 1)) continue;
            int place = place_for(r, s->found, card);
            if (place >= 0 && (is_safe(r, s->found, card) || (loose && comes_back(s, i)))) {
                s->found[place]++;
                shrink(s, i, 1);
                if (made) made->atoms[made->count++] = atom(TO_FOUNDATION, i, 0, 0);
                changed = 1;
                next = taken_next(r, s->found);
            }
        }
        if (r->talon_free) {
            for (int k = 0; k < s->talon_len; k++) {
                int card = s->talon[k];
                if (!(next >> card & 1)) continue; /* most talon cards: ruled out at once */
                int place = place_for(r, s->found, card);
                if (place < 0 || !is_safe(r, s->found, card)) continue;
                int taps = taps_to(s, k + 1);
                talon_to_foundation(s, s, k + 1, place);
                if (made) made->atoms[made->count++] = atom(TALON, taps, -1, 0);
                changed = 1;
                break;
            }
        } else if (r->draw == 1 && s->waste && (next >> s->talon[s->waste - 1] & 1)) {
            int card = s->talon[s->waste - 1];
            int place = place_for(r, s->found, card);
            if (place >= 0 && is_safe(r, s->found, card)) {
                talon_to_foundation(s, s, s->waste, place);
                if (made) made->atoms[made->count++] = atom(TALON, 0, -1, 0);
                changed = 1;
            }
        }
    }
}

#define DOWN_WEIGHT 3 /* a face-down card's weight in the estimate, unless a config says */
#define ON_DOWN_WEIGHT 8 /* one card at a time: a face-up card's on a face-down one, the same */

/* The cards lying over the next cards the foundations take: for each place, those over the
   nearest copy of the card it takes next (none over a talon card, which the taps bring up;
   none for a card with no copy left to find); two places of a suit at one height take both
   copies, the nearer and the other. Freeing those cards is the work left before the
   foundations can grow; the estimate's other terms do not see where the cards lie. */
static int over_next_cards(const Rules *r, const State *s) {
    uint64_t next = taken_next(r, s->found);
    uint8_t over[52][2]; /* per card, the fewest cards over a copy, then over the other copy */
    memset(over, 255, sizeof over);
    for (int i = 0; i < r->columns; i++)
        for (int k = 0; k < s->len[i]; k++) {
            int card = s->cards[i][k], count = s->len[i] - 1 - k;
            if (!(next >> card & 1)) continue;
            if (count < over[card][0]) {
                over[card][1] = over[card][0];
                over[card][0] = (uint8_t)count;
            } else if (count < over[card][1]) {
                over[card][1] = (uint8_t)count;
            }
        }
    for (int k = 0; k < s->talon_len; k++) {
        int card = s->talon[k];
        if (!(next >> card & 1)) continue;
        over[card][1] = over[card][0];
        over[card][0] = 0;
    }
    int total = 0;
    for (int suit = 0; suit < 4; suit++) {
        int first = suit * r->places_per_suit;
        for (int p = first; p < first + r->places_per_suit; p++) {
            int height = s->found[p];
            if (height > KING) continue;
            int card = suit * 13 + height;
            int copy = p > first && s->found[first] == height;
            if (over[card][copy] != 255) total += over[card][copy];
        }
    }
    return total;
}

static int estimate(const Rules *r, const State *s, int down_weight, int on_down_weight,
                    int next_weight) {
    int up = 0, down = 0, on_down = 0;
    for (int p = 0; p < r->places; p++) up += s->found[p];
    for (int i = 0; i < r->columns; i++) {
        down += s->down[i];
        if (s->down[i]) on_down += s->len[i] - s->down[i];
    }
    /* Lower is better: cards still to go up, face-down cards weighing extra. One card at a
       time (EH-2): every card lying on a face-down card is one more move to find a place for
       before it turns up, and piling cards there is what loses Easy Harp games. With a
       next_weight, the cards over the next cards the foundations take weigh too. */
    int value = 2 * (r->total - up) + down_weight * down;
    if (r->single_card) value += on_down_weight * on_down;
    if (next_weight) value += next_weight * over_next_cards(r, s);
    return value;
}

/* Novelty (best-first width search, after Lipovetzky and Geffner): the facts a position makes
   true, each a card and what it lies on (the card under it, or ON_DOWN, ON_BOTTOM, IN_TALON,
   ON_FOUNDATION), remembered per estimate. A position that makes no fact true for the first
   time among the positions of its estimate waits behind all that do (NOT_NOVEL more): on a
   plateau of the estimate the search goes first where cards lie as they never lay, instead of
   shuffling the same cards. */
#define ON_DOWN 52       /* a face-up card on a face-down one */
#define ON_BOTTOM 53     /* a card at a column's bottom */
#define IN_TALON 54
#define ON_FOUNDATION 55 /* a foundation place's top card */
#define LIES_ON 56       /* what a card may lie on: a card or one of the four above */
#define FACTS (52 * LIES_ON)
#define NOVEL_ESTIMATES 2048
/* Novelty 2, by progress: besides a card on what, a card at a column's end over so many
   face-down cards (0 to 8, more counted as 8), each its own fact, and the facts remembered
   per progress (face-down cards left, cards up, and the columns holding one face-up card, 0
   to 3, more counted as 3) instead of per estimate. Two decks: which of two twin cards a card
   lies on is seen only by what lies under each, and the end of a column over face-down cards
   is where the next move frees one. */
#define END_DEPTHS 9
#define PROGRESS_FACTS (FACTS + 52 * END_DEPTHS)
#define PROGRESS_BYTES ((PROGRESS_FACTS + 7) / 8)
#define MAX_DOWN 36 /* Easy Harp's deal: 0 + 1 + … + 8 face-down cards */
#define MAX_UP 104
#define READY_COUNTS 4
#define PROGRESS_PARTS ((MAX_DOWN + 1) * (MAX_UP + 1) * READY_COUNTS)

/* Novelty 2: the part of the facts' memory of s's progress: face-down cards left, cards up,
   and the columns holding one face-up card (on face-down cards: one move from turning one
   up; or alone: one move from emptying the column). */
static int progress_part(const Rules *r, const State *s) {
    int down = 0, up = 0, ready = 0;
    for (int i = 0; i < r->columns; i++) {
        down += s->down[i];
        ready += s->len[i] == s->down[i] + 1;
    }
    for (int p = 0; p < r->places; p++) up += s->found[p];
    if (down > MAX_DOWN) down = MAX_DOWN;
    if (ready >= READY_COUNTS) ready = READY_COUNTS - 1;
    return (ready * (MAX_DOWN + 1) + down) * (MAX_UP + 1) + up;
}

/* Whether s makes a fact true that no position of its part (novelty 1: its estimate h;
   novelty 2: its progress) made before; marks its facts. */
static int is_novel(const Rules *r, const State *s, uint8_t *novel, int novelty, int h) {
    int part = novelty == 2 ? progress_part(r, s) : h < NOVEL_ESTIMATES ? h : NOVEL_ESTIMATES - 1;
    uint8_t *seen = novel + (size_t)part * (novelty == 2 ? PROGRESS_BYTES : FACTS / 8);
    int fresh = 0;
    for (int i = 0; i < r->columns; i++)
        for (int k = s->down[i]; k < s->len[i]; k++) {
            int on = !k ? ON_BOTTOM : k == s->down[i] ? ON_DOWN : s->cards[i][k - 1];
            fresh |= mark_fact(seen, s->cards[i][k] * LIES_ON + on);
            if (novelty == 2 && k == s->len[i] - 1) {
                int depth = s->down[i] < END_DEPTHS ? s->down[i] : END_DEPTHS - 1;
                fresh |= mark_fact(seen, FACTS + s->cards[i][k] * END_DEPTHS + depth);
            }
        }
    for (int k = 0; k < s->talon_len; k++)
        fresh |= mark_fact(seen, s->talon[k] * LIES_ON + IN_TALON);
    for (int p = 0; p < r->places; p++)
        if (s->found[p]) {
            int top = (p / r->places_per_suit) * 13 + s->found[p] - 1;
            fresh |= mark_fact(seen, top * LIES_ON + ON_FOUNDATION);
        }
    return fresh;
}

static int is_won(const Rules *r, const State *s) {
    int up = 0;
    for (int p = 0; p < r->places; p++) up += s->found[p];
    return up == r->total;
}

/* EH-3: from `start` to the end, a king then alternating colours, one rank lower. */
static int is_king_run(const State *s, int column, int start) {
    const uint8_t *c = s->cards[column];
    if (c[start] % 13 != KING) return 0;
    for (int i = start; i < s->len[column] - 1; i++)
        if (!goes_on(c[i + 1], c[i])) return 0;
    return 1;
}
/* ---- deadlocks --------------------------------------------------------------------- */

/* Proofs of "not winnable" without search (argued in docs/solver.md, "Deadlocks"): cards that
   can never leave their pile. Candidates: in each column the face-down cards and the first
   face-up card above them; without passes back every waste card. A set S of candidates is
   closed when each card of it lies under another card of S in its pile, or has every way out
   blocked by S: to its foundation (every place of its suit not past it needs a rank all of
   whose copies are in S), onto a card one rank higher of the other colour (no copy of either
   can ever lie at a column's end), and, a king, into an empty column (none is empty, and every
   column's bottom card is in S). No card of a closed set ever moves, so the position is lost.
   The largest closed set is found by starting from every candidate and dropping, until
   nothing changes, each card neither covered nor blocked. */

/* never_end[card]: while the stuck candidates stay, no copy of the card can come to lie at a
   column's end: every copy in a column lies under a stuck card, and a copy elsewhere (talon,
   waste, foundation) is not a king and can only come down onto cards that never lie at an
   end themselves. */
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

/* The piles whose first cards may be stuck (stuck_tops): each column, its candidates its
   face-down cards and its first face-up card, then (no passes back, a waste with cards) the
   waste, all of it; top[p] the highest candidate's place (-1: none). Returns how many. */
static int stuck_candidates(const Rules *r, const State *s, const uint8_t **piles, int *top) {
    int npiles = r->columns;
    for (int i = 0; i < r->columns; i++) {
        piles[i] = s->cards[i];
        top[i] = s->len[i] ? s->down[i] : -1;
    }
    if (!r->redeal && s->waste) {
        piles[npiles] = s->talon;
        top[npiles] = s->waste - 1;
        npiles++;
    }
    return npiles;
}

/* stuck_tops() for one deck, not thorough (each position's check without passes back), on
   bit masks of cards (bit = card id): the same largest closed set. A card at the top of its
   pile's stuck part is blocked when a lower card of its suit not yet up is stuck (at or below
   a pile's top), and both cards it may go onto are covered (below a pile's top), or, a king,
   no column can ever be empty. Cards that are not blocked leave the set in any order: the
   largest closed set is one, whatever the order. */
static int stuck_tops_one_deck(const Rules *r, const State *s, int *top) {
    const uint8_t *piles[MAX_COLUMNS + 1];
    uint64_t below[MAX_COLUMNS + 1][MAX_TALON + 1]; /* below[p][k]: pile p's cards under k */
    int npiles = stuck_candidates(r, s, piles, top);
    for (int p = 0; p < npiles; p++) {
        below[p][0] = 0;
        for (int k = 0; k <= top[p]; k++) below[p][k + 1] = below[p][k] | 1ULL << piles[p][k];
    }
    for (int changed = 1; changed;) {
        changed = 0;
        uint64_t stuck = 0, covered = 0;
        int no_empty_ever = 1;
        for (int p = 0; p < npiles; p++) {
            if (top[p] < 0) {
                if (p < r->columns) no_empty_ever = 0;
                continue;
            }
            stuck |= below[p][top[p] + 1];
            covered |= below[p][top[p]];
        }
        for (int p = 0; p < npiles; p++) {
            int t = top[p];
            for (; t >= 0; t--) {
                int card = piles[p][t], rank = card % 13, suit = card / 13;
                int height = s->found[suit];
                /* a lower card of its suit, not up, stuck */
                uint64_t lower = (1ULL << rank) - (1ULL << height);
                if (height > rank || !((stuck >> (suit * 13)) & lower)) continue;
                if (rank == KING) {
                    if (no_empty_ever) break;
                    continue;
                }
                int targets[2];
                other_colour(card, 1, targets);
                if (covered >> targets[0] & covered >> targets[1] & 1) break;
            }
            if (t != top[p]) {
                top[p] = t;
                changed = 1;
            }
        }
    }
    return npiles;
}

/* The largest closed set: top[p] is the highest stuck place of pile p (-1: none), pile p <
   columns being column p and pile `columns` the waste (no passes back, a waste with cards);
   returns the number of piles. thorough: the targets' test of never_ends (the start's
   check); otherwise only targets covered by stuck cards count as blocked (each position's
   check without passes back, where the thorough test costs more than it finds). */
static int stuck_tops(const Rules *r, const State *s, int thorough, int *top) {
    if (!thorough && r->places_per_suit == 1) return stuck_tops_one_deck(r, s, top);
    const uint8_t *piles[MAX_COLUMNS + 1];
    int npiles = stuck_candidates(r, s, piles, top);
    uint8_t count[52] = {0};
    uint8_t where_pile[52][2], where_pos[52][2];
    for (int p = 0; p < npiles; p++) {
        for (int i = 0; i <= top[p]; i++) {
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
    return npiles;
}

static int has_stuck_cards(const Rules *r, const State *s, int thorough) {
    int top[MAX_COLUMNS + 1];
    int piles = stuck_tops(r, s, thorough, top);
    for (int p = 0; p < piles; p++)
        if (top[p] >= 0) return 1;
    return 0;
}

/* Blockades (one deck; docs/solver.md, "Blockades"): the deadlock proof above with every card
   a candidate. S is a prefix of each column (any of its cards, face up or down) and some
   talon cards. A card of S is blocked as above, with two changes: a face-up card of S under
   another one could move with the cards on it, so its moves to a column must be blocked too
   (a king on the bottom of its column moving into an empty column only trades columns, and
   counts as no move); and a talon card of S (any talon card may come into play, whatever the
   option) has its foundation and its moves to a column blocked. A card never lies at a
   column's end while S stays when it lies under a card of S, or is a talon card of S, or
   (elsewhere: a talon card out of S, a foundation card) is not a king and has both targets
   never at an end, or is a king and no column can ever be empty. top[i]: the highest place
   of column i in S (-1: none); *talon_stuck: the talon cards in S, as bits. Returns whether
   S holds a card: the position is lost.
   Cards are the bits of a mask by rank, then suit (bit = rank × 4 + suit), so that a rank's
   four cards are one nibble: a card's two targets are two bits of the next nibble. */
#define RANK_BIT(card) (1ULL << ((card) % 13 * 4 + (card) / 13))
#define NIBBLE_LOWS 0x1111111111111ULL /* ♠ of every rank: bit 0 of each nibble */
#define KING_NIBBLE (0xFULL << (KING * 4))
static int blockade(const Rules *r, const State *s, int *top, uint64_t *talon_stuck) {
    uint64_t in_columns = 0, talon = 0;
    uint64_t under[MAX_COLUMNS][MAX_COLUMN + 1]; /* under[i][k]: column i's cards below k */
    for (int i = 0; i < r->columns; i++) {
        under[i][0] = 0;
        for (int k = 0; k < s->len[i]; k++) under[i][k + 1] = under[i][k] | RANK_BIT(s->cards[i][k]);
        in_columns |= under[i][s->len[i]];
        top[i] = s->len[i] - 1;
    }
    for (int k = 0; k < s->talon_len; k++) talon |= RANK_BIT(s->talon[k]);
    uint64_t up = 0; /* the cards up: each suit's ranks under its height (one deck) */
    for (int suit = 0; suit < 4; suit++)
        up |= ((1ULL << (s->found[suit] * 4)) - 1) & (NIBBLE_LOWS << suit);
    for (int changed = 1; changed;) {
        changed = 0;
        uint64_t covered = 0, stuck = talon;
        int no_empty_ever = 1, most = -1;
        for (int i = 0; i < r->columns; i++) {
            if (top[i] < 0) { no_empty_ever = 0; continue; }
            covered |= under[i][top[i]];
            stuck |= under[i][top[i] + 1];
            if (top[i] > most) most = top[i];
        }
        /* The lowest card of S of a suit lies under another card of S (a higher one of S
           needs it below it in the foundations): no column holding two, nothing is stuck. */
        if (most < 1) break;
        uint64_t free_cards = ~in_columns & ~talon; /* foundation cards, talon cards out of S */
        uint64_t never = covered | talon | (no_empty_ever ? KING_NIBBLE & free_cards : 0);
        for (int rank = KING - 1; rank >= 0; rank--) {
            uint64_t next = never >> ((rank + 1) * 4);
            uint64_t both = ((next & 0x6) == 0x6 ? 0x9ULL : 0) | ((next & 0x9) == 0x9 ? 0x6ULL : 0);
            never |= (both << (rank * 4)) & free_cards;
        }
        /* moves: a card whose two targets (the next nibble: ♥ ♦ for ♠ ♣, ♠ ♣ for ♥ ♦) never
           lie at an end; a king, when no column is ever empty (a column's first king: below) */
        uint64_t next = never >> 4;
        uint64_t moves = ((next >> 1) & (next >> 2) & NIBBLE_LOWS) * 0x9 |
                         (next & (next >> 3) & NIBBLE_LOWS) * 0x6;
        moves = (moves & ~KING_NIBBLE) | (no_empty_ever ? KING_NIBBLE : 0);
        /* foundation: a card above the lowest card of S of its suit not yet up */
        uint64_t foundation = 0;
        for (int suit = 0; suit < 4; suit++) {
            uint64_t of_suit = (NIBBLE_LOWS << suit) & stuck & ~up;
            if (of_suit) foundation |= (NIBBLE_LOWS << suit) & ~((of_suit & -of_suit) * 2 - 1);
        }
        uint64_t blocked = moves & foundation;
        for (int i = 0; i < r->columns; i++) {
            int t = top[i];
            for (int k = s->down[i]; k < t; k++) {
                uint64_t bit = RANK_BIT(s->cards[i][k]);
                if (!(moves & bit) && !(k == 0 && bit & KING_NIBBLE)) { t = k - 1; break; }
            }
            for (; t >= 0; t--) {
                uint64_t bit = RANK_BIT(s->cards[i][t]);
                if (blocked & bit || (t == 0 && bit & KING_NIBBLE & foundation)) break;
            }
            if (t != top[i]) { top[i] = t; changed = 1; }
        }
        if (talon & ~blocked) {
            talon &= blocked;
            changed = 1;
        }
    }
    int stuck = 0;
    for (int i = 0; i < r->columns; i++) stuck |= top[i] >= 1;
    if (!stuck) {
        for (int i = 0; i < r->columns; i++) top[i] = -1;
        talon = 0;
    }
    *talon_stuck = talon;
    return stuck;
}

static int is_blockaded(const Rules *r, const State *s) {
    int top[MAX_COLUMNS];
    uint64_t talon_stuck;
    return blockade(r, s, top, &talon_stuck);
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

/* A column in compact form (Rules.compact): its face-up count, its start column and
   face-down count (4 bits each), then its face-up cards. */
HOT int put_column(const Rules *r, const State *s, int i, uint8_t *out, int n) {
    int down = s->down[i], up = s->len[i] - down;
    out[n] = (uint8_t)up;
    out[n + 1] = 0;
    if (down) {
        /* Two start columns under the same card (two decks): the one whose cards these are
           (either, when both are). */
        int first = s->cards[i][0], j = r->start_column_of[first];
        if (r->start_twin_column_of[first] >= 0 && memcmp(s->cards[i], r->start_cards[j], down))
            j = r->start_twin_column_of[first];
        out[n + 1] = (uint8_t)(j << 4 | down);
    }
    copy_bytes(out + n + 2, s->cards[i] + down, up);
    return n + 2 + up;
}

HOT int get_column(const Rules *r, const uint8_t *in, int n, State *s, int i) {
    int up = in[n], down = in[n + 1] & 15;
    if (down) copy_bytes(s->cards[i], r->start_cards[in[n + 1] >> 4], down);
    copy_bytes(s->cards[i] + down, in + n + 2, up);
    s->down[i] = (uint8_t)down;
    s->len[i] = (uint8_t)(down + up);
    return n + 2 + up;
}

/* The talon in compact form: a bit for each card of the start's talon still in it (its
   order is the start's: cards only leave it), after a 0 (put_talon); or 1 and the cards as
   they are (put_talon_as_it_is: a talon that is not the start's with cards gone). */
/* Cards as they are: their count, then each (the plain form's talon; the compact form's
   after its flag). */
HOT int put_cards(const uint8_t *cards, int count, uint8_t *out, int n) {
    out[n++] = (uint8_t)count;
    copy_bytes(out + n, cards, count);
    return n + count;
}

HOT int get_cards(const uint8_t *in, int n, uint8_t *cards, uint8_t *count) {
    *count = in[n];
    copy_bytes(cards, in + n + 1, *count);
    return n + 1 + *count;
}

HOT int put_talon_as_it_is(const uint8_t *talon, int talon_len, uint8_t *out, int n) {
    out[n] = 1;
    return put_cards(talon, talon_len, out, n + 1);
}

HOT int put_talon(const Rules *r, const uint8_t *talon, int talon_len, uint8_t *out, int n) {
    int bytes = (r->start_talon_len + 7) / 8;
    uint64_t low = 0, high = 0; /* MAX_TALON bits at most, kept in registers */
    for (int k = 0, p = 0; k < talon_len; k++, p++) {
        if (r->places_per_suit == 1) {
            int at = r->start_talon_at[talon[k]];
            p = at >= p ? at : r->start_talon_len;
        } else {
            while (p < r->start_talon_len && r->start_talon[p] != talon[k]) p++;
        }
        if (p == r->start_talon_len) return put_talon_as_it_is(talon, talon_len, out, n);
        if (p < 64) low |= 1ull << p;
        else high |= 1ull << (p - 64);
    }
    out[n] = 0;
    for (int b = 0; b < bytes; b++) out[n + 1 + b] = (uint8_t)((b < 8 ? low : high) >> (8 * (b & 7)));
    return n + 1 + bytes;
}

HOT int get_talon(const Rules *r, const uint8_t *in, int n, State *s) {
    if (in[n]) return get_cards(in, n + 1, s->talon, &s->talon_len);
    const uint8_t *bits = in + n + 1;
    int len = 0;
    for (int b = 0; b < (r->start_talon_len + 7) / 8; b++)
        for (unsigned byte = bits[b]; byte; byte &= byte - 1)
            s->talon[len++] = r->start_talon[8 * b + __builtin_ctz(byte)];
    s->talon_len = (uint8_t)len;
    return n + 1 + (r->start_talon_len + 7) / 8;
}

/* Compact positions from the search's start (Rules.compact): when the start's columns fit
   the form (at most 15 face-down cards a column, each first face-down card the first of
   one column, or with two decks two). */
static void set_start(Rules *r, const State *start) {
    r->compact = 0;
    memset(r->start_column_of, -1, sizeof r->start_column_of);
    memset(r->start_twin_column_of, -1, sizeof r->start_twin_column_of);
    for (int i = 0; i < r->columns; i++) {
        if (start->down[i] > 15) return;
        if (!start->down[i]) continue;
        int first = start->cards[i][0];
        if (r->start_column_of[first] < 0) {
            r->start_column_of[first] = (int8_t)i;
        } else if (r->start_twin_column_of[first] < 0 && r->places_per_suit == 2) {
            r->start_twin_column_of[first] = (int8_t)i;
        } else {
            return;
        }
    }
    memcpy(r->start_cards, start->cards, sizeof r->start_cards);
    memcpy(r->start_talon, start->talon, start->talon_len);
    memset(r->start_talon_at, -1, sizeof r->start_talon_at);
    for (int p = 0; p < start->talon_len; p++) r->start_talon_at[start->talon[p]] = (int8_t)p;
    r->start_talon_len = start->talon_len;
    r->compact = 1;
}

/* Writes the key, then what the key leaves out; returns the whole size, *key_size the key's.
   The key: columns sorted (any column takes what any other takes), Easy Harp's two places of
   a suit sorted (they take the same cards). In draw 1 with passes the talon is left out:
   every talon card can be brought to the waste's top from any waste size, and playing it
   leaves the same talon whatever the taps before, so the future depends neither on the
   talon's order nor on the waste size. In draw 3 with passes, the waste sizes of the pass
   cycle (0, 3, 6, … and the whole talon) are keyed as 0: taps alone lead from each to each,
   and taps are free and change nothing else. With `quick` (a successor not yet known new),
   a talon the key leaves out is written as it is even in compact form: deserialize() reads
   that form too, and the key is the same; flush() writes the bits for the positions it
   stores (compact_tail). */
HOT int write_position(const Rules *r, const State *s, uint8_t *out, int *key_size, int quick,
                       int8_t *slot_of) {
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
    if (slot_of)
        for (int k = 0; k < r->columns; k++) slot_of[order[k]] = (int8_t)k;
    int n = 0;
    for (int k = 0; k < r->columns; k++) {
        int i = order[k];
        if (r->compact) {
            n = put_column(r, s, i, out, n);
            continue;
        }
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
    if (r->talon_free) *key_size = n;
    if (r->compact && quick && r->talon_free) {
        n = put_talon_as_it_is(s->talon, s->talon_len, out, n);
    } else if (r->compact) {
        n = put_talon(r, s->talon, s->talon_len, out, n);
    } else {
        n = put_cards(s->talon, s->talon_len, out, n);
    }
    if (r->talon_free) {
        out[n++] = s->waste;
        return n;
    }
    int waste = s->waste;
    if (r->redeal && (waste % r->draw == 0 || waste == s->talon_len)) waste = 0;
    out[n++] = (uint8_t)waste;
    *key_size = n;
    out[n++] = s->waste;
    return n;
}

static int serialize(const Rules *r, const State *s, uint8_t *out, int *key_size) {
    return write_position(r, s, out, key_size, 0, NULL);
}

/* A quick form's talon (write_position) as bits; the whole size. */
static int compact_tail(const Rules *r, uint8_t *slot, int key_size) {
    uint8_t talon[MAX_TALON + 16];
    int talon_len = slot[key_size + 1];
    uint8_t waste = slot[key_size + 2 + talon_len];
    memcpy(talon, slot + key_size + 2, (size_t)talon_len);
    int n = put_talon(r, talon, talon_len, slot, key_size);
    slot[n++] = waste;
    return n;
}

static void deserialize(const Rules *r, const uint8_t *in, State *s) {
    int n = 0;
    for (int i = 0; i < r->columns; i++) {
        if (r->compact) {
            n = get_column(r, in, n, s, i);
            continue;
        }
        s->len[i] = in[n++];
        s->down[i] = in[n++];
        copy_bytes(s->cards[i], in + n, s->len[i]);
        n += s->len[i];
    }
    memcpy(s->found, in + n, (size_t)r->places);
    n += r->places;
    if (r->compact) {
        n = get_talon(r, in, n, s);
    } else {
        n = get_cards(in, n, s->talon, &s->talon_len);
    }
    if (!r->talon_free) n++; /* the waste's key */
    s->waste = in[n];
}

/* ---- the search -------------------------------------------------------------------- */

#define BATCH 128
#define MAX_CHAIN 32
/* Free chains: a chain, and the chains the cards above its foundation cards go onto. */
#define MAX_GOALS 4
/* Two decks: the most chain steps a position makes; one that would make more lays its talon
   cards one at a time instead (chain_steps, expand). */
#define MAX_CHAIN_STEPS 256
#define MAX_SEEN 1024
#define SEEN_CODE (MAX_PLACES + MAX_COLUMNS + MAX_CHAIN + 1)
#define SLOT (MAX_COLUMNS * (MAX_COLUMN + 2) + MAX_PLACES + 2 * MAX_TALON + 64)

/* What add() does with a successor: queue it (the search), list it (successors()), or look
   for one position among them (the moves of a won search's path). */
enum { SEARCHING, LISTING, FINDING };

/* How the step that first reached a stored position made it (Store.step): it tapped past
   talon cards to play one (positions to check for stuck cards, without passes back), it laid
   free cards in a chain on a column's first face-up card (positions to check for blockades,
   check_blockades), or it
   brought card c back from its foundation (STEP_BROUGHT_BACK + c; one deck only): the
   position's own move of c up again leads back to the one before, already stored, and is
   not made. STEP_RUN_MOVED + MAX_COLUMNS × p + q (one deck): a run moved off a face-up card
   it goes on onto another column's end, no card on its first having that card's rank, and
   nothing went up after; it ends column p (in the stored position's order) and lay on column
   q's last card, so moving it back leads to the position before, already stored, and is not
   made either. STEP_DOMINATED: a position stored since, the same but for its waste size,
   reaches more (waste_dominates); left out when its turn comes. */
enum {
    STEP_OTHER = 0,
    STEP_TALON = 1,
    STEP_LAID = 2,
    STEP_BROUGHT_BACK = 3,
    STEP_RUN_MOVED = 64,
    STEP_DOMINATED = 255
};

typedef struct {
    const Rules *rules;
    int mode;
    Store *store;
    uint32_t parent;
    uint16_t depth;
    int depth_weight;
    int down_weight;    /* a face-down card's weight in the estimate */
    int on_down_weight; /* one card at a time: a face-up card's lying on a face-down one */
    int next_weight;    /* a card's lying over the next card a foundation takes */
    /* Novelty (best-first width search): per estimate (novelty 1) or per progress (2), the
       facts (a card on what) some position met already; a position with no new fact waits
       behind every one with one. */
    uint8_t *novel;
    int novelty;    /* 0 none, 1 per estimate, 2 by progress */
    int64_t goal;   /* the won node, or -1 */
    int failed;
    /* The successors of the position being expanded, looked up together: their table
       slots are fetched from memory side by side instead of one cache miss after another. */
    int count;
    int size[BATCH], key_size[BATCH];
    uint32_t hash[BATCH];
    uint8_t won[BATCH];
    uint8_t step[BATCH];
    int playing_talon; /* the move being added taps past talon cards to play one (checked for
                          stuck cards without passes back; set by add_talon_move alone) */
    /* Plain back moves (one deck), each card + 1, 0 for none: the card the move being added
       brings back, and the card the step to the position being expanded brought back. */
    int bringing_back, came_back;
    int moved_back_from, moved_back_to; /* the run moved back: STEP_RUN_MOVED, or -1 */
    int expanding_settled; /* the position expanded is settled as add() settles (not a root) */
    uint8_t slot[BATCH][SLOT];
    /* LISTING and FINDING: the move emptying a column whose king's move is being added
       (kings_into_empty) comes first in the step's atoms. */
    int has_first;
    Atom first;
    PyObject *listed;       /* LISTING: [(atoms, position)] */
    int unsettled;          /* LISTING: the successors before their safe moves */
    const uint8_t *wanted;  /* FINDING: the whole serialization looked for */
    int wanted_size;
    Atoms found;            /* FINDING: the atoms of the step that reaches it */
    int found_it;
    /* Loose cards (complete level, one deck): a card that could come back where it lies goes
       up at once, and a card comes back only in a chain ended by a move onto it. */
    int loose;
    /* Loose cards, or free chains: a card that could come back where it lies goes up at once
       (settle), at the complete level; free chains bring it back (free_chains). */
    int loose_up;
    int ups_together;       /* the complete level of Rules.ups_together */
    int truncated;          /* a chain was cut short: running dry proves nothing */
    int dominance; /* Rules.waste_dominance, complete or likely level (dominated, position_hash) */
    int prefix_len;         /* the step's moves before the one added (chains, ups_together) */
    int going_up;           /* the step being added sends cards up together (ups_together) */
    const State *expanding; /* the position whose successors are being made */
    Atom prefix[MAX_CHAIN];
    const State *base;      /* the position whose chains are being made */
    int chain_goal;         /* the card the chain brings back for a card to go onto it */
    /* Free chains: the run that ends the step; each chain being laid (goal 0 the run's, the
       others for the cards above a foundation card it takes): its column, the rank it ends
       at, the foundation card it is laid for and that card's colour; what chains can reach. */
    int chain_i, chain_start;
    int unchained;          /* the complete level without the free chains (UNCHAINED) */
    int chain_back;         /* two decks: the place whose top card ends the chain, or -1 */
    int goal_t[MAX_GOALS], goal_last[MAX_GOALS], goal_card[MAX_GOALS], goal_red[MAX_GOALS];
    int reach[2][13];
    uint8_t need[52];       /* the foundation cards that chain may bring back (chain_needs) */
    int seen_count;
    uint8_t seen[MAX_SEEN][SEEN_CODE];
    /* reachable()'s last answer, for the talon length and waste size it depends on alone:
       one expansion asks it again and again of positions with the same talon. */
    int reach_known, reach_len, reach_waste, reach_count;
    uint8_t reach_sizes[MAX_TALON + 1], reach_taps[MAX_TALON + 1];
} Expansion;

/* What the complete level does with loose cards: with loose_cards, brings cards back only in
   chains of back moves (chains()); with loose_cards or free_chains, sends loose cards up
   (settle). Without passes back (Vegas) the likely level does the same: its searches prove
   nothing, and with the loose cards' positions kept as one they run dry sooner on a lost
   deal, as they must before the complete search has the turns to itself; in KL1-D3N that
   cost more time in chains than it saved (docs/solver.md, "Loose cards"). Other levels
   leave them. And whether its talon cards go up together with the cards they wait for
   (ups_together); the likely level keeps them apart. */
static void set_loose(Expansion *e, const Rules *r, int level) {
    e->loose = (level == COMPLETE || (level == LIKELY && !r->redeal)) && r->loose_cards;
    e->loose_up = e->loose || (level == COMPLETE && r->free_chains && !e->unchained &&
                               r->places_per_suit == 1);
    e->ups_together = level == COMPLETE && r->ups_together;
}

/* Waste dominance (Rules.waste_dominance): whether the waste size keyed `stored` reaches every
   waste size that the one keyed `given` reaches, in positions otherwise the same. Keyed as
   write_position keys them: 0 for the pass cycle (0, draw, 2 × draw, … and the whole talon),
   which every size reaches; off it, a size reaches the larger ones of its remainder by the
   draw, then the whole talon and the cycle. So a size off the cycle reaches all that the cycle,
   or a larger size of its remainder, reaches. For example in draw 3 with 10 talon cards,
   size 1 reaches 1, 4, 7, 10, 0, 3, 6, 9; size 4 reaches the same less 1. */
static inline int waste_dominates(int stored, int given, int draw) {
    return !given || (stored && stored % draw == given % draw && stored < given);
}

/* position_hash: the bits that hash a key before the waste's. */
#define BEFORE_WASTE 0x07FFFFFFu

/* Waste dominance: whether a stored position, the same as the new one keyed `key` but for its
   waste's key (the last byte), reaches every waste size the new one does; if so, the new one is
   left out. Its successors are among the stored one's: every move the new one allows, the
   stored one allows (every talon card the new one's taps bring up, the stored one's do, and
   every rule that holds a move back asks only whether some card can be brought up, or, at
   the likely level, whether it is in the talon at all), and
   makes a position of the same relation, or, playing a talon card, the very same position
   (docs/solver.md, "A waste size that reaches more"). The stored ones the new one reaches
   more than are marked to be left out in turn (STEP_DOMINATED), unless expanded already. */
static int dominated(Store *st, const Rules *r, const uint8_t *key, int key_size, uint32_t h) {
    int given = key[key_size - 1];
    for (uint64_t j = h & (st->table_size - 1); st->table[j]; j = (j + 1) & (st->table_size - 1)) {
        if (((uint32_t)(st->table[j] >> 32) ^ h) & BEFORE_WASTE) continue;
        uint32_t other = (uint32_t)st->table[j] - 1;
        const uint8_t *stored = st->arena + st->offset[other];
        if (st->key_size[other] != key_size || memcmp(stored, key, (size_t)key_size - 1)) continue;
        if (waste_dominates(stored[key_size - 1], given, r->draw)) return 1;
        if (waste_dominates(given, stored[key_size - 1], r->draw)) st->step[other] = STEP_DOMINATED;
    }
    return 0;
}

/* A key's hash. With waste dominance the positions differing in the waste's key alone meet
   on one probe sequence (dominated): the low bits, which alone pick the table's slot (a
   table of 2^27 entries would outgrow the bound on bytes), hash the key before the waste's,
   and the top bits hold the waste's key, so that finding a position does not read the
   bytes of those that differ from it in the waste alone. */
static inline uint32_t position_hash(const Expansion *e, const uint8_t *key, int key_size) {
    if (!e->dominance) return hash_bytes(key, key_size);
    return (hash_bytes(key, key_size - 1) & BEFORE_WASTE) | (uint32_t)key[key_size - 1] << 27;
}

/* Look up the batch in order: store the new positions, queue them, stop at a win. */
static int flush(Expansion *e) {
    Store *st = e->store;
    int count = e->count;
    e->count = 0;
    int quick = e->rules->compact && e->rules->talon_free;
    for (int k = 0; k < count; k++) {
        uint64_t slot;
        uint32_t node = find_node(st, e->slot[k], e->key_size[k], e->hash[k], &slot);
        if (node != UINT32_MAX) continue;
        if (slot == UINT64_MAX) { e->failed = 1; return 1; }
        if (e->dominance && dominated(st, e->rules, e->slot[k], e->key_size[k], e->hash[k]))
            continue;
        if (quick) e->size[k] = compact_tail(e->rules, e->slot[k], e->key_size[k]);
        node = add_node(st, slot, e->slot[k], e->size[k], e->key_size[k], e->hash[k], e->parent,
                        (uint16_t)(e->depth + 1), e->step[k]);
        if (node == UINT32_MAX) { e->failed = 1; return 1; }
        if (e->won[k]) { e->goal = node; return 1; }
        /* Estimated only now: most successors are positions already stored. */
        State child;
        deserialize(e->rules, e->slot[k], &child);
        int h = estimate(e->rules, &child, e->down_weight, e->on_down_weight, e->next_weight);
        int priority = h + e->depth_weight * (e->depth + 1);
        if (e->novel && !is_novel(e->rules, &child, e->novel, e->novelty, h))
            priority += NOT_NOVEL;
        if (!push(st, priority, node)) { e->failed = 1; return 1; }
    }
    return 0;
}

static PyObject *state_tuple(const Rules *r, const State *s);
static PyObject *atoms_tuple(const Atoms *atoms);

/* add() when listing or finding: the step's atoms, the move's then the safe moves'. */
static int record(Expansion *e, State *child, Atom move) {
    const Rules *r = e->rules;
    Atoms atoms;
    atoms.count = 0;
    for (int k = 0; k < e->prefix_len; k++) atoms.atoms[atoms.count++] = e->prefix[k];
    if (e->has_first) atoms.atoms[atoms.count++] = e->first;
    atoms.atoms[atoms.count++] = move;
    if (!e->unsettled) settle(r, child, &atoms, e->loose_up);
    if (e->mode == LISTING) {
        PyObject *item = Py_BuildValue("(NN)", atoms_tuple(&atoms), state_tuple(r, child));
        if (!item || PyList_Append(e->listed, item) < 0) e->failed = 1;
        Py_XDECREF(item);
        return e->failed;
    }
    uint8_t buffer[SLOT];
    int key_size;
    int size = serialize(r, child, buffer, &key_size);
    if (size != e->wanted_size || memcmp(buffer, e->wanted, (size_t)size)) return 0;
    e->found = atoms;
    e->found_it = 1;
    return 1;
}

/* Whether a step made some column longer that was empty or ended in its first face-up card
   (the one over its face-down cards, or its bottom card): what a chain step lays there holds
   that card, or the cards under it, down for good when it cannot leave. */
static int lays_on_first(const State *before, const State *after, int columns) {
    for (int i = 0; i < columns; i++)
        if (after->len[i] > before->len[i] && before->len[i] <= before->down[i] + 1) return 1;
    return 0;
}

/* Whether settle() would send nothing up after `move`, a single move (no chain, no king
   following) made on a settled position (the one expanded, unless it is a search's start). The foundations are as they
   were, so only what the move changed could go up now: after a move between columns, the two
   columns' ends; after a talon card's move to a column, that column's end and (draw 1 without
   passes, where settle looks at it) the waste's new top. If none of those is a card the
   foundations take next, nothing goes up. */
static inline int stays_settled(const Expansion *e, const State *s, Atom move) {
    const Rules *r = e->rules;
    if (!e->expanding_settled) return 0;
    uint64_t next = taken_next(r, s->found);
    int a, b;
    if (move.kind == COLUMN) {
        a = move.a, b = move.c;
    } else if (move.kind == TALON && move.b >= 0) {
        a = b = move.b;
        if (!r->talon_free && r->draw == 1 && s->waste && (next >> s->talon[s->waste - 1] & 1))
            return 0;
    } else {
        return 0;
    }
    return !(s->len[a] && (next >> s->cards[a][s->len[a] - 1] & 1)) &&
           !(s->len[b] && (next >> s->cards[b][s->len[b] - 1] & 1));
}

/* A successor before its safe moves, made by `move`: settle it and add it to the batch.
   1 = stop. */
static int add(Expansion *e, State *child, Atom move) {
    if (e->mode != SEARCHING) return record(e, child, move);
    const Rules *r = e->rules;
    int one_move = !e->prefix_len && !e->has_first;
    int nothing_up = one_move && stays_settled(e, child, move);
    if (!nothing_up) settle(r, child, NULL, e->loose_up);
    int k = e->count++;
    /* A run moved off a face-up card it goes on onto a column's end, with nothing going up
       after: moved back, it makes the position expanded again (STEP_RUN_MOVED). Its first
       card is then the last card of its column that goes back there (no card on it has its
       rank: always so in a run as the rules build one). */
    const State *parent = e->expanding;
    int run_moved = move.kind == COLUMN && one_move && r->places_per_suit == 1 &&
                    parent->len[move.c] &&
                    (nothing_up || !memcmp(child->found, parent->found, (size_t)r->places));
    if (run_moved) {
        const uint8_t *cards = parent->cards[move.a];
        int start = parent->len[move.a] - move.b;
        run_moved = start > parent->down[move.a] && goes_on(cards[start], cards[start - 1]);
        for (int on = start + 1; on < parent->len[move.a] && run_moved; on++)
            run_moved = cards[on] % 13 != cards[start] % 13;
    }
    int8_t slot_of[MAX_COLUMNS];
    e->size[k] =
        write_position(r, child, e->slot[k], &e->key_size[k], 1, run_moved ? slot_of : NULL);
    e->hash[k] = position_hash(e, e->slot[k], e->key_size[k]);
    if (e->store->table_size)
        __builtin_prefetch(&e->store->table[e->hash[k] & (e->store->table_size - 1)]);
    e->won[k] = (uint8_t)is_won(r, child);
    e->step[k] = e->playing_talon   ? STEP_TALON
                 : e->bringing_back ? (uint8_t)(STEP_BROUGHT_BACK + e->bringing_back - 1)
                 : e->prefix_len && !e->going_up && lays_on_first(e->expanding, child, r->columns)
                     ? STEP_LAID
                 : run_moved
                     ? (uint8_t)(STEP_RUN_MOVED + MAX_COLUMNS * slot_of[move.c] + slot_of[move.a])
                                    : STEP_OTHER;
    if (e->count == BATCH) return flush(e);
    return 0;
}

/* add() for a talon card's move after `taps` taps: a move that tapped past cards, burying
   them in the waste for good, reaches a position checked for stuck cards without passes
   back (the waste's top played buries nothing). */
static int add_talon_move(Expansion *e, State *child, Atom move, int taps) {
    e->playing_talon = taps > 0;
    int stop = add(e, child, move);
    e->playing_talon = 0;
    return stop;
}

/* Draw 1 with passes, talon cards wait (argued in docs/solver.md): every talon card can be
   played at any moment, so one is played to a column only when something could then go onto
   it (a face-up card of a column, Easy Harp: a column's last card; a foundation's top card;
   or a talon card onto which something could go in turn), and up only when it is a king or
   the next card of its suit lies at a column's end or is a talon card that may go up in turn.
   Worked out card by card when asked (a position asks about a few talon cards, not all 52),
   remembered in column/up. For example, with 8♠ and 8♣ face down, a red 9 waits in the talon
   even when a black 10 ends a column; A♥ waits while 2♥ lies face down. Sets of cards, a bit
   by card id. */
typedef struct {
    uint64_t free_card, in_talon, at_end;
    uint64_t column_known, column, up_known, up; /* worked out yet, and the answer */
} Waits;

static inline int has_card(uint64_t cards, int card) { return (int)(cards >> card & 1); }

/* Loose cards: marks free the foundation cards that are free in some position the stored one
   stands for. A chain of back moves may bring a card back (with every card above it in its
   suit brought back first, each onto a column's last card, a card brought back before it, or,
   a king, an empty column): the card under it in its suit is then a foundation's top, and it
   itself lies at a column's end. The run rule, which asks which cards are free, counts them
   free (where talon cards wait, the free chains count every foundation card free instead). */
static void mark_chain_free(const Rules *r, const State *s, uint8_t *free_card) {
    uint8_t back[52] = {0};
    uint8_t at_end[52] = {0};
    int empty = 0;
    for (int j = 0; j < r->columns; j++) {
        if (s->len[j]) at_end[s->cards[j][s->len[j] - 1]] = 1;
        else empty = 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int p = 0; p < r->places; p++) {
            int suit = p / r->places_per_suit;
            /* From the top down: a card comes back only after every card above it. */
            for (int h = s->found[p]; h >= 1; h--) {
                int card = suit * 13 + h - 1;
                if (back[card]) continue;
                if (h < s->found[p] && !back[card + 1]) break;
                int rest = card % 13 == KING && empty;
                if (!rest && card % 13 != KING) {
                    int above[2];
                    other_colour(card, 1, above);
                    rest = at_end[above[0]] || at_end[above[1]] || back[above[0]] || back[above[1]];
                }
                if (!rest) break;
                back[card] = 1;
                changed = 1;
            }
        }
    }
    for (int p = 0; p < r->places; p++) {
        int suit = p / r->places_per_suit;
        for (int h = 1; h <= s->found[p]; h++)
            if (h == s->found[p] || back[suit * 13 + h]) free_card[suit * 13 + h - 1] = 1;
    }
}

static void waits_of(const Rules *r, const State *s, Waits *w) {
    memset(w, 0, sizeof *w);
    for (int j = 0; j < r->columns; j++) {
        if (!s->len[j]) continue;
        w->at_end |= 1ull << s->cards[j][s->len[j] - 1];
        for (int k = r->single_card ? s->len[j] - 1 : s->down[j]; k < s->len[j]; k++)
            w->free_card |= 1ull << s->cards[j][k];
    }
    for (int p = 0; p < r->places; p++)
        if (s->found[p]) w->free_card |= 1ull << ((p / r->places_per_suit) * 13 + s->found[p] - 1);
    for (int k = 0; k < s->talon_len; k++) w->in_talon |= 1ull << s->talon[k];
}

static int to_column(Waits *w, int card) {
    if (!has_card(w->column_known, card)) {
        int takes = 0;
        if (card % 13) {
            int below[2];
            other_colour(card, -1, below);
            for (int k = 0; k < 2 && !takes; k++)
                takes = has_card(w->free_card, below[k]) ||
                        (has_card(w->in_talon, below[k]) && to_column(w, below[k]));
        }
        w->column_known |= 1ull << card;
        if (takes) w->column |= 1ull << card;
    }
    return has_card(w->column, card);
}

static int to_foundation(Waits *w, int card) {
    if (!has_card(w->up_known, card)) {
        int goes = card % 13 == KING || has_card(w->at_end, card + 1) ||
                   (has_card(w->in_talon, card + 1) && to_foundation(w, card + 1));
        w->up_known |= 1ull << card;
        if (goes) w->up |= 1ull << card;
    }
    return has_card(w->up, card);
}

/* The waste size after a tap on the stock: `draw` more cards (KL-8, EH-6), or the waste put
   back (KL-9, EH-6); -1 when a tap does nothing. */
static int after_tap(const Rules *r, int size, int talon_len) {
    if (size < talon_len) return size + r->draw < talon_len ? size + r->draw : talon_len;
    if (r->redeal && talon_len) return 0;
    return -1;
}

/* The waste sizes the taps can reach with a card on the waste (its top card then plays),
   written to sizes with the taps each needs. Returns how many. */
static int reachable(const Rules *r, const State *s, uint8_t *sizes, uint8_t *taps) {
    int talon_len = s->talon_len, size = s->waste, count = 0, tapped = 0;
    uint8_t seen[MAX_TALON + 1] = {0};
    seen[size] = 1;
    if (size) { sizes[count] = (uint8_t)size; taps[count++] = 0; }
    for (;;) {
        size = after_tap(r, size, talon_len);
        if (size < 0) break;
        tapped++;
        if (seen[size]) break;
        seen[size] = 1;
        if (size) { sizes[count] = (uint8_t)size; taps[count++] = (uint8_t)tapped; }
    }
    return count;
}

/* reachable() for an expansion, remembered for the talon length and waste size last asked
   about (written to the caller's arrays all the same, so that asking again inside a loop over
   them changes nothing). */
static int reachable_again(Expansion *e, const State *s, uint8_t *sizes, uint8_t *taps) {
    if (!e->reach_known || e->reach_len != s->talon_len || e->reach_waste != s->waste) {
        e->reach_count = reachable(e->rules, s, e->reach_sizes, e->reach_taps);
        e->reach_len = s->talon_len;
        e->reach_waste = s->waste;
        e->reach_known = 1;
    }
    memcpy(sizes, e->reach_sizes, (size_t)e->reach_count);
    memcpy(taps, e->reach_taps, (size_t)e->reach_count);
    return e->reach_count;
}

static void know_waits(const Rules *r, const State *s, Waits *waits, int *waits_known);

/* The second half of a move that empties a column whole (kings_fill): every move of a king
   (or, Easy Harp, a king's run) into the emptied column, each a successor; the column emptied
   alone is not one. An empty column takes nothing but a king, and moving a whole column
   elsewhere gains nothing else, so in some shortest win every such move comes just before a
   king goes in (argued in docs/solver.md). For example, 5♥ alone in a column goes onto 6♠
   only if a king can then take its place. At the likely level too without passes back (a
   plan: the column is emptied for its king), there without kings back from the foundations. */
static int kings_into_empty(Expansion *e, const State *s, int from_foundations) {
    const Rules *r = e->rules;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!s->len[j]) { empty = j; break; }
    State child;
    Waits waits;
    int waits_known = 0; /* worked out for the first talon king (know_waits) */
    uint8_t sizes[MAX_TALON + 1], taps[MAX_TALON + 1];
    int reached = reachable_again(e, s, sizes, taps);
    for (int n = 0; n < reached; n++) {
        int size = sizes[n], card = s->talon[size - 1];
        if (card % 13 != KING) continue;
        if (r->talon_waits) {
            know_waits(r, s, &waits, &waits_known);
            if (!to_column(&waits, card)) continue;
        }
        talon_to_column(&child, s, size, empty);
        if (add_talon_move(e, &child, atom(TALON, taps[n], empty, 0), taps[n])) return 1;
    }
    for (int i = 0; i < r->columns; i++) {
        int size = s->len[i];
        for (int k = s->down[i] > 1 ? s->down[i] : 1; k < size; k++) {
            if (s->cards[i][k] % 13 != KING) continue;
            if (r->single_card && !is_king_run(s, i, k)) continue;
            column_to_column(&child, s, i, k, empty);
            if (add(e, &child, atom(COLUMN, i, size - k, empty))) return 1;
        }
    }
    for (int p = 0; p < r->places && from_foundations; p++) {
        if (s->found[p] != 13) continue;
        back_to_column(r, &child, s, p, empty);
        if (add(e, &child, atom(BACK, p, empty, 0))) return 1;
    }
    return 0;
}

/* Loose cards: every move onto the chain's goal card, brought back to the end of column j:
   a run from another column, or a talon card. */
static int cover_goal(Expansion *e, const State *t, int j) {
    const Rules *r = e->rules;
    State child;
    int end = t->cards[j][t->len[j] - 1];
    if (end % 13 == 0) return 0; /* nothing goes onto an ace (goes_on) */
    int below[2];
    other_colour(end, -1, below);
    for (int i = 0; i < r->columns; i++) {
        if (i == j) continue;
        for (int k = t->down[i]; k < t->len[i]; k++) {
            if (t->cards[i][k] != below[0] && t->cards[i][k] != below[1]) continue;
            column_to_column(&child, t, i, k, j);
            if (add(e, &child, atom(COLUMN, i, t->len[i] - k, j))) return 1;
        }
    }
    uint8_t sizes[MAX_TALON + 1], taps[MAX_TALON + 1];
    int reached = reachable_again(e, t, sizes, taps);
    for (int n = 0; n < reached; n++) {
        if (!goes_on(t->talon[sizes[n] - 1], end)) continue;
        talon_to_column(&child, t, sizes[n], j);
        if (add_talon_move(e, &child, atom(TALON, taps[n], j, 0), taps[n])) return 1;
    }
    return 0;
}

/* The foundation cards a chain bringing `goal` back may need: the cards of its suit from
   the top down to it (each must come back first), and the cards any of those could lie on,
   with the cards above them in their suits, and so on. A card brought back outside this set
   would go straight up again once a card covers the goal, the position unchanged. */
static void chain_needs(const Rules *r, const State *s, int goal, uint8_t *need) {
    /* Per suit the cards needed run from its lowest needed one to its foundation's top: a
       card needs the cards above it in its suit, and the lowest card of a suit's run is the
       one whose cards above, one rank higher in the other colour, reach lowest there. */
    int top[4], low[4];
    for (int suit = 0; suit < 4; suit++) low[suit] = top[suit] = s->found[suit * r->places_per_suit];
    low[goal / 13] = goal % 13;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int suit = 0; suit < 4; suit++) {
            if (low[suit] >= top[suit] || low[suit] == KING) continue;
            int above[2];
            other_colour(suit * 13 + low[suit], 1, above);
            for (int k = 0; k < 2; k++) {
                int other = above[k] / 13, rank = above[k] % 13;
                if (rank < top[other] && rank < low[other]) {
                    low[other] = rank;
                    changed = 1;
                }
            }
        }
    }
    memset(need, 0, 52);
    for (int suit = 0; suit < 4; suit++)
        for (int rank = low[suit]; rank < top[suit]; rank++) need[suit * 13 + rank] = 1;
}

/* The chains of back moves from the position expanded (e->base) that bring e->chain_goal back,
   each followed by every move onto it: back moves of the cards the goal needs (chain_needs),
   each onto a column's last card or, a king, an empty column; positions of chains met
   before are skipped. */
static int back_chains(Expansion *e, const State *t, int depth) {
    const Rules *r = e->rules;
    const State *base = e->base;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!t->len[j]) { empty = j; break; }
    State child;
    for (int p = 0; p < r->places; p++) {
        if (!t->found[p]) continue;
        int card = (p / r->places_per_suit) * 13 + t->found[p] - 1;
        if (!e->need[card]) continue;
        /* The column ends it goes onto (goes_on): a card of the other colour one rank higher;
           a king, none but an empty column. */
        int king = card % 13 == KING, onto[2] = {-1, -1};
        if (!king) other_colour(card, 1, onto);
        for (int j = 0; j < r->columns; j++) {
            if (t->len[j] ? (t->cards[j][t->len[j] - 1] != onto[0] &&
                             t->cards[j][t->len[j] - 1] != onto[1])
                          : (!king || j != empty))
                continue;
            if (depth == MAX_CHAIN) { e->truncated = 1; continue; }
            back_to_column(r, &child, t, p, j);
            uint8_t code[SEEN_CODE];
            int n = r->places;
            memcpy(code, child.found, (size_t)n);
            for (int i = 0; i < r->columns; i++) {
                code[n++] = child.len[i];
                for (int k = base->len[i]; k < child.len[i]; k++) code[n++] = child.cards[i][k];
            }
            memset(code + n, 0, (size_t)(SEEN_CODE - n));
            int seen = 0;
            for (int k = 0; k < e->seen_count && !seen; k++)
                seen = !memcmp(e->seen[k], code, SEEN_CODE);
            if (seen) continue;
            if (e->seen_count == MAX_SEEN) { e->truncated = 1; continue; }
            memcpy(e->seen[e->seen_count++], code, SEEN_CODE);
            e->prefix[e->prefix_len++] = atom(BACK, p, j, 0);
            /* The goal back: a card goes onto it, and the chain ends. */
            int stop = card == e->chain_goal ? cover_goal(e, &child, j)
                                             : back_chains(e, &child, depth + 1);
            if (stop) return 1;
            e->prefix_len--;
        }
    }
    return 0;
}

/* The cards in play: face up in a column, or a talon card the taps bring up (1 each). */
static void mark_in_play(Expansion *e, const State *s, uint8_t *in_play) {
    const Rules *r = e->rules;
    memset(in_play, 0, 52);
    for (int j = 0; j < r->columns; j++)
        for (int k = s->down[j]; k < s->len[j]; k++) in_play[s->cards[j][k]] = 1;
    uint8_t sizes[MAX_TALON + 1], taps[MAX_TALON + 1];
    int reached = reachable_again(e, s, sizes, taps);
    for (int n = 0; n < reached; n++) in_play[s->talon[sizes[n] - 1]] = 1;
}

/* Loose cards: every chain of the position, for each foundation card that a card in play
   (mark_in_play, given or worked out here) could go onto: its goal. */
static int chains(Expansion *e, const State *s, const uint8_t *known_in_play) {
    const Rules *r = e->rules;
    uint8_t in_play[52];
    if (known_in_play) memcpy(in_play, known_in_play, 52);
    else mark_in_play(e, s, in_play);
    e->base = s;
    for (int p = 0; p < r->places; p++) {
        int suit = p / r->places_per_suit;
        for (int h = 2; h <= s->found[p]; h++) {
            int goal = suit * 13 + h - 1, below[2];
            other_colour(goal, -1, below);
            if (!in_play[below[0]] && !in_play[below[1]]) continue;
            e->chain_goal = goal;
            chain_needs(r, s, goal, e->need);
            e->seen_count = 0;
            e->prefix_len = 0;
            int stop = back_chains(e, s, 0);
            e->prefix_len = 0;
            if (stop) return 1;
        }
    }
    return 0;
}

/* runs_wait: whether `card` can go up at once, or (talon waits: `waits` worked out) after the
   talon cards of its suit between its foundation's top and it, each going up in turn (one
   deck). */
static int up_soon(const Rules *r, const State *s, const Waits *waits, int card) {
    int next = (card / 13) * 13 + s->found[card / 13];
    if (next > card) return 0;
    if (!r->talon_waits) return next == card;
    for (int c = next; c < card; c++)
        if (!has_card(waits->in_talon, c)) return 0;
    return 1;
}

/* The position's talon waits, worked out the first time a move asks (most positions never
   ask). */
static void know_waits(const Rules *r, const State *s, Waits *waits, int *waits_known) {
    if (*waits_known) return;
    waits_of(r, s, waits);
    *waits_known = 1;
}

/* A foundation's top card (place p) back onto each column of `targets` (KL-7, EH-8). A safe
   card would go straight back up (settle): the position itself, met again, so the search
   does not make it; listing keeps it, as the rules make the move. */
static int put_back(Expansion *e, const State *s, int p, int card, uint16_t targets) {
    const Rules *r = e->rules;
    State child;
    for (int t = 0; t < r->columns; t++) {
        if (!(targets & (1u << t))) continue;
        back_to_column(r, &child, s, p, t);
        if (e->mode == SEARCHING && is_safe(r, child.found, card)) continue;
        e->bringing_back = r->places_per_suit == 1 ? card + 1 : 0;
        int stop = add(e, &child, atom(BACK, p, t, 0));
        e->bringing_back = 0;
        if (stop) return 1;
    }
    return 0;
}

/* Likely moves: whether the card a part of a run uncovers can go up, so that the part may
   move. Draw 1 with passes (talon_waits): also once the cards of its suit below it, all in
   the talon, have gone up, since any talon card can be played at any moment. Otherwise those
   talon cards wait for the card (to_foundation: it is not at a column's end) while the run
   waits for them, and neither moves: KL1-D1N 906's win went unfound so. */
static int uncovered_goes_up(const Rules *r, const State *s, Waits *waits, int *waits_known,
                             const int8_t *next_up, int card) {
    if (next_up[card] >= 0) return 1;
    if (!r->talon_waits) return 0;
    know_waits(r, s, waits, waits_known);
    return up_soon(r, s, waits, card);
}

/* Likely moves: whether a card of the other colour one rank lower than `card` lies face up
   right on a column's face-down cards, so that once `card` is back on a column, that card
   (with the run on it) can go onto it and turn a card over; or, `depth` more times, is a
   free card (in the talon, or a foundation's top) of which that is true in turn: 6♣ back
   for 5♥ from the talon to go onto it, for the 4♠ on face-down cards (KL1-D1N 41:90). */
#define LIKELY_BACK_DEPTH 1
static int frees_a_face_down_card(const Rules *r, const State *s, const Waits *waits, int card,
                                  int depth) {
    int below[2];
    other_colour(card, -1, below);
    for (int j = 0; j < r->columns; j++) {
        if (!s->down[j] || s->len[j] <= s->down[j]) continue;
        int first_up = s->cards[j][s->down[j]];
        if (first_up == below[0] || first_up == below[1]) return 1;
    }
    if (depth)
        for (int k = 0; k < 2; k++) {
            int b = below[k];
            int free_card = has_card(waits->in_talon, b) || s->found[b / 13] == b % 13 + 1;
            if (b % 13 && free_card && frees_a_face_down_card(r, s, waits, b, depth - 1)) return 1;
        }
    return 0;
}

/* The talon card of this id the fewest taps bring up: its waste size (0 for none), and the
   taps. */
static int talon_size_of(const State *s, int card, int *taps) {
    int best = 0;
    *taps = 1 << 30;
    for (int k = 0; k < s->talon_len; k++) {
        if (s->talon[k] != card) continue;
        int needed = taps_to(s, k + 1);
        if (needed < *taps) { best = k + 1; *taps = needed; }
    }
    return best;
}

/* Easy Harp's likely level (one card at a time, draw 1 with passes): a column's last card
   lying over face-down cards, or alone in its column, goes onto a chain built down from
   another column's end, or from a king in an empty column, all in one step. A person plans
   so: to free the 4♥ from a column, lay 7♣ 6♦ 5♠ from the talon under an 8♥ and put the 4♥
   on the 5♠. Each card of the chain comes from the talon (any talon card can be brought up:
   draw 1 with passes), or else is a foundation's top card brought back (EH-8). For each rank
   the chain takes a talon card no foundation takes next if it can, then one with both copies
   in the talon, then a foundation's top card. Each card's move is a legal move, so the step
   is a list of legal moves. */
static int talon_chains(Expansion *e, const State *s, int empty, const int8_t *next_up) {
    const Rules *r = e->rules;
    uint8_t in_talon[52] = {0};
    for (int k = 0; k < s->talon_len; k++) in_talon[s->talon[k]]++;
    State cur, next;
    for (int i = 0; i < r->columns; i++) {
        if (s->len[i] <= s->down[i] || (!s->down[i] && s->len[i] != 1)) continue;
        int x = s->cards[i][s->len[i] - 1], x_rank = x % 13;
        if (x_rank == KING) continue;
        for (int t = 0; t < r->columns; t++) {
            if (t == i || (!s->len[t] && t != empty)) continue;
            /* The chain's first rank, and its colour: the colours alternate down to x's
               parent, of the other colour than x. A column's end fixes it too. */
            int end = s->len[t] ? s->cards[t][s->len[t] - 1] : -1;
            int top_rank = end >= 0 ? end % 13 - 1 : KING;
            if (top_rank <= x_rank) continue;
            int red = chain_colour(top_rank, is_red(x), x_rank);
            if (end >= 0 && red == is_red(end)) continue;
            int chain[13], source[13], length = 0;
            for (int rank = top_rank; rank > x_rank; rank--) {
                int pair[2];
                cards_of_colour(chain_colour(top_rank, red, rank), rank, pair);
                int best = -1, best_score = -1, from = -1;
                for (int n = 0; n < 2; n++) {
                    int card = pair[n];
                    if (!in_talon[card]) continue;
                    int score = (next_up[card] < 0) * 2 + (in_talon[card] > 1);
                    if (score > best_score) { best = card; best_score = score; }
                }
                for (int n = 0; n < 2 && best < 0; n++) {
                    int card = pair[n], suit = card / 13;
                    for (int p = suit * r->places_per_suit; p < (suit + 1) * r->places_per_suit; p++)
                        if (s->found[p] == rank + 1) { best = card; from = p; break; }
                }
                if (best < 0) break;
                source[length] = from;
                chain[length++] = best;
            }
            if (length != top_rank - x_rank) continue;
            copy_state(&cur, s);
            e->prefix_len = 0;
            for (int k = 0; k < length; k++) {
                if (source[k] >= 0) {
                    e->prefix[e->prefix_len++] = atom(BACK, source[k], t, 0);
                    back_to_column(r, &next, &cur, source[k], t);
                } else {
                    int taps, size = talon_size_of(&cur, chain[k], &taps);
                    e->prefix[e->prefix_len++] = atom(TALON, taps, t, 0);
                    talon_to_column(&next, &cur, size, t);
                }
                copy_state(&cur, &next);
            }
            column_to_column(&next, &cur, i, cur.len[i] - 1, t);
            int stop = add(e, &next, atom(COLUMN, i, 1, t));
            e->prefix_len = 0;
            if (stop) return 1;
        }
    }
    return 0;
}

static int chain_down(Expansion *e, State *w, int g, int rank, int red);

/* A chain's cards are laid on the position being built (w) and taken back after, instead of
   copying the position for each: most chains looked for come to nothing. */
static inline void lay_talon_card(State *w, int size, int t) {
    w->cards[t][w->len[t]++] = w->talon[size - 1];
    take_from_talon(w, w, size);
}

static inline void take_back_talon_card(State *w, int size, int t, int waste) {
    uint8_t card = w->cards[t][--w->len[t]];
    memmove(w->talon + size, w->talon + size - 1, (size_t)(w->talon_len - size + 1));
    w->talon[size - 1] = card;
    w->talon_len++;
    w->waste = (uint8_t)waste;
}

/* Brings the top card of suit `suit`'s foundation (one deck) back onto column t, or undoes it. */
static inline void lay_foundation_card(State *w, int suit, int t) {
    w->cards[t][w->len[t]++] = (uint8_t)(suit * 13 + --w->found[suit]);
}

static inline void take_back_foundation_card(State *w, int suit, int t) {
    w->len[t]--;
    w->found[suit]++;
}

/* Foundation card `card` (of colour `red`) into goal g's chain, the cards above it in its
   suit brought back first, each onto a chain of free cards (perhaps of none) at the end of a
   column no goal is building on, or a king into an empty one. */
static int chain_from_foundation(Expansion *e, State *w, int g, int card, int red) {
    const Rules *r = e->rules;
    int suit = card / 13, rank = card % 13;
    if (e->prefix_len >= MAX_CHAIN) { e->truncated = 1; return 0; }
    if (w->found[suit] == rank + 1) {
        int t = e->goal_t[g];
        lay_foundation_card(w, suit, t);
        e->prefix[e->prefix_len++] = atom(BACK, suit, t, 0);
        int stop = chain_down(e, w, g, rank - 1, !red);
        e->prefix_len--;
        take_back_foundation_card(w, suit, t);
        return stop;
    }
    if (g + 1 == MAX_GOALS) { e->truncated = 1; return 0; }
    int side = suit * 13 + w->found[suit] - 1, side_rank = side % 13;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!w->len[j]) { empty = j; break; }
    for (int j = 0; j < r->columns; j++) {
        int busy = 0;
        for (int h = 0; h <= g; h++) busy |= e->goal_t[h] == j;
        if (busy || (!w->len[j] && j != empty)) continue;
        int top_rank, top_red;
        if (w->len[j]) {
            int end = w->cards[j][w->len[j] - 1];
            top_rank = end % 13 - 1;
            top_red = !is_red(end);
            if (top_rank < side_rank ||
                chain_colour(top_rank, top_red, side_rank) != is_red(side) ||
                e->reach[top_red][top_rank] > side_rank + 1)
                continue;
            e->goal_t[g + 1] = j, e->goal_last[g + 1] = side_rank, e->goal_card[g + 1] = card;
            e->goal_red[g + 1] = red;
            if (chain_down(e, w, g + 1, top_rank, top_red)) return 1;
        } else {
            for (top_red = 0; top_red < 2; top_red++) {
                if (chain_colour(KING, top_red, side_rank) != is_red(side) ||
                    e->reach[top_red][KING] > side_rank + 1)
                    continue;
                e->goal_t[g + 1] = j, e->goal_last[g + 1] = side_rank, e->goal_card[g + 1] = card;
                e->goal_red[g + 1] = red;
                if (chain_down(e, w, g + 1, KING, top_red)) return 1;
            }
        }
    }
    return 0;
}

/* Goal g's chain from `rank` (its colour: red) down; then goal 0 ends with the run of column
   e->chain_i from e->chain_start going onto it, and a side goal with its foundation's top
   card brought back onto it, the goal under it going on. Returns 1 to stop (w then as it
   was left); 0 with w as it was. */
static int chain_down(Expansion *e, State *w, int g, int rank, int red) {
    const Rules *r = e->rules;
    int t = e->goal_t[g];
    if (rank == e->goal_last[g]) {
        if (g) {
            int card = e->goal_card[g], suit = card / 13;
            if (e->prefix_len >= MAX_CHAIN) { e->truncated = 1; return 0; }
            lay_foundation_card(w, suit, t);
            e->prefix[e->prefix_len++] = atom(BACK, suit, t, 0);
            /* The goal under this one may set up goal g anew (another card above its card):
               this one is put back after. */
            int last = e->goal_last[g], red_g = e->goal_red[g];
            int stop = chain_from_foundation(e, w, g - 1, card, red_g);
            e->goal_t[g] = t, e->goal_last[g] = last, e->goal_card[g] = card, e->goal_red[g] = red_g;
            e->prefix_len--;
            take_back_foundation_card(w, suit, t);
            return stop;
        }
        int i = e->chain_i, start = e->chain_start;
        State next;
        if (e->chain_back >= 0) { /* two decks: a foundation's top card onto the chain */
            int p = e->chain_back, card = (p / r->places_per_suit) * 13 + w->found[p] - 1;
            back_to_column(r, &next, w, p, t);
            /* A safe card would go straight back up: nothing would lie on the chain. */
            if (e->mode == SEARCHING && is_safe(r, next.found, card)) return 0;
            return add(e, &next, atom(BACK, p, t, 0));
        }
        column_to_column(&next, w, i, start, t);
        Atom move = atom(COLUMN, i, w->len[i] - start, t);
        if (start == 0 && r->kings_fill) {
            e->first = move;
            e->has_first = 1;
            int stop = kings_into_empty(e, &next, 1);
            e->has_first = 0;
            return stop;
        }
        return add(e, &next, move);
    }
    if (e->prefix_len >= MAX_CHAIN) { e->truncated = 1; return 0; }
    int pair[2];
    cards_of_colour(red, rank, pair);
    for (int n = 0; n < 2; n++) {
        int card = pair[n];
        int taps, size = talon_size_of(w, card, &taps);
        if (size) {
            int waste = w->waste;
            lay_talon_card(w, size, t);
            e->prefix[e->prefix_len++] = atom(TALON, taps, t, 0);
            int stop = chain_down(e, w, g, rank - 1, !red);
            e->prefix_len--;
            take_back_talon_card(w, size, t, waste);
            if (stop) return 1;
        } else if (r->places_per_suit == 1 && w->found[card / 13] > rank) {
            if (chain_from_foundation(e, w, g, card, red)) return 1;
        }
    }
    return 0;
}

/* Two decks: whether foundation place p's top card may end a chain of talon cards: a card
   but a king (which goes into an empty column, as any back move), and of two places of a
   suit at one height (the same card on both) the first only. */
static inline int ends_chains(const State *s, int p) {
    int height = s->found[p];
    return height && height < 13 && !(p % 2 && s->found[p - 1] == height);
}

/* The first rank of a chain of colour `red` laid from column t's end (a king, in an empty
   column), or -1: the end is of that colour. */
static inline int chain_top(const State *s, int t, int red) {
    if (!s->len[t]) return KING;
    int end = s->cards[t][s->len[t] - 1];
    return red == is_red(end) ? -1 : end % 13 - 1;
}

/* Free cards only in chains (complete level, draw 1 with passes: argued in docs/solver.md).
   One deck: every run of a column (its cards from a face-up card on, not a king's) onto
   every chain of talon and foundation cards that could be laid from another column's end
   down to it, or from a king in the first empty column; the run rule holds back the same
   runs as anywhere. For example, with 9♠ ending a column, 8♥ in the talon and 7♣ on its
   foundation, a 6♥ of a column goes onto 9♠ 8♥ 7♣ in one step. Two decks (Easy Harp, one
   card at a time): the chains are of talon cards only, and what goes onto one is a column's
   last card (not a king) or a foundation's top card; with 9♠ ending a column and 8♥ 7♣ in
   the talon, a 6♥ ending a column, or on its foundation, goes onto 9♠ 8♥ 7♣ in one step. */
static int free_chains(Expansion *e, const State *s, int empty, int runs_wait,
                       const uint8_t *free_now, const Waits *waits) {
    const Rules *r = e->rules;
    e->chain_back = -1;
    /* reach[red][rank]: the lowest rank a chain from `rank` (of that colour) down could come
       to, were every free card of a rank free to take (rank + 1: not even `rank`). A chain
       is only looked for where it could reach the run. */
    uint8_t free_card[52] = {0};
    for (int k = 0; k < s->talon_len; k++) free_card[s->talon[k]] = 1;
    if (r->places_per_suit == 1) {
        for (int suit = 0; suit < 4; suit++)
            for (int h = 0; h < s->found[suit]; h++) free_card[suit * 13 + h] = 1;
    }
    int(*reach)[13] = e->reach;
    for (int rank = 0; rank <= KING; rank++)
        for (int red = 0; red < 2; red++) {
            int pair[2];
            cards_of_colour(red, rank, pair);
            if (!free_card[pair[0]] && !free_card[pair[1]]) reach[red][rank] = rank + 1;
            else reach[red][rank] = rank ? reach[!red][rank - 1] : 0;
        }
    /* The columns whose end a chain could come down from to each card (and, from a king in
       the first empty column, the colours of the king: bit 1 red): most runs have none. */
    uint16_t chain_to[52] = {0};
    uint8_t from_king[52] = {0};
    for (int t = 0; t < r->columns; t++) {
        if (!s->len[t] && t != empty) continue;
        for (int red = 0; red < 2; red++) {
            int top_rank = chain_top(s, t, red);
            if (top_rank < 1) continue;
            for (int rank = reach[red][top_rank] ? reach[red][top_rank] - 1 : 0; rank < top_rank;
                 rank++) {
                int pair[2];
                cards_of_colour(chain_colour(top_rank, red, rank), rank, pair);
                for (int n = 0; n < 2; n++) {
                    if (s->len[t]) chain_to[pair[n]] |= (uint16_t)(1u << t);
                    else from_king[pair[n]] |= (uint8_t)(1u << red);
                }
            }
        }
    }
    State work; /* the chains are laid on it, and taken back */
    copy_state(&work, s);
    for (int i = 0; i < r->columns; i++) {
        /* One card at a time: only a column's last card moves onto a chain. */
        int first = r->single_card && s->len[i] ? s->len[i] - 1 : s->down[i];
        for (int start = first; start < s->len[i]; start++) {
            int c = s->cards[i][start];
            if (r->single_card && c % 13 == KING) continue;
            uint16_t targets = (uint16_t)(chain_to[c] & ~(1u << i));
            if (!targets && !from_king[c]) continue;
            if (runs_wait && start > s->down[i] && goes_on(c, s->cards[i][start - 1]) &&
                !up_soon(e->rules, s, waits, s->cards[i][start - 1]) && !free_now[twin_of(c)])
                continue;
            e->goal_last[0] = c % 13;
            e->chain_i = i, e->chain_start = start;
            for (int t = 0; t < r->columns; t++) {
                if (!(targets >> t & 1)) continue;
                int end = s->cards[t][s->len[t] - 1];
                e->prefix_len = 0;
                e->goal_t[0] = t;
                if (chain_down(e, &work, 0, end % 13 - 1, !is_red(end))) return 1;
            }
            for (int red = 0; red < 2; red++) {
                if (!(from_king[c] >> red & 1)) continue;
                e->prefix_len = 0;
                e->goal_t[0] = empty;
                if (chain_down(e, &work, 0, KING, red)) return 1;
            }
        }
    }
    /* Two decks: a foundation's top card onto every chain of talon cards it could end; the
       chains' cards are talon cards only, so a foundation card brought back is an ordinary
       card after. */
    for (int p = 0; p < r->places && r->places_per_suit == 2; p++) {
        if (!ends_chains(s, p)) continue;
        int height = s->found[p];
        int card = (p / 2) * 13 + height - 1, rank = height - 1, stop = 0;
        e->chain_back = p;
        e->goal_last[0] = rank;
        for (int t = 0; t < r->columns && !stop; t++) {
            if (!s->len[t]) continue;
            int end = s->cards[t][s->len[t] - 1], top_rank = end % 13 - 1, red = !is_red(end);
            if (top_rank <= rank || chain_colour(top_rank, red, rank) != is_red(card) ||
                reach[red][top_rank] > rank + 1)
                continue;
            e->prefix_len = 0;
            e->goal_t[0] = t;
            stop = chain_down(e, &work, 0, top_rank, red);
        }
        for (int red = 0; red < 2 && empty >= 0 && !stop; red++) {
            if (chain_colour(KING, red, rank) != is_red(card) || reach[red][KING] > rank + 1)
                continue;
            e->prefix_len = 0;
            e->goal_t[0] = empty;
            stop = chain_down(e, &work, 0, KING, red);
        }
        e->chain_back = -1;
        if (stop) return 1;
    }
    e->prefix_len = 0;
    return 0;
}

/* Two decks: how many chain steps free_chains would make (more than MAX_CHAIN_STEPS counted as
   MAX_CHAIN_STEPS + 1). A chain's card of each rank is any talon card of its rank and colour,
   so the chains from a column's end (or a king in the first empty column) down to a card are
   the product, over the ranks between, of the talon's cards of that rank and colour. */
static int chain_steps(const Rules *r, const State *s, int empty) {
    uint8_t in_talon[52] = {0};
    for (int k = 0; k < s->talon_len; k++) in_talon[s->talon[k]] = 1;
    int kinds[2][13]; /* [red][rank]: the talon's cards of that colour and rank */
    for (int rank = 0; rank <= KING; rank++)
        for (int red = 0; red < 2; red++) {
            int pair[2];
            cards_of_colour(red, rank, pair);
            kinds[red][rank] = in_talon[pair[0]] + in_talon[pair[1]];
        }
    /* The goals: each column's last card but a king (from its column), each foundation's
       top card but a king (-1: no column). */
    int goal[MAX_COLUMNS + MAX_PLACES], from[MAX_COLUMNS + MAX_PLACES], goals = 0;
    for (int i = 0; i < r->columns; i++)
        if (s->len[i] && s->cards[i][s->len[i] - 1] % 13 != KING)
            goal[goals] = s->cards[i][s->len[i] - 1], from[goals++] = i;
    for (int p = 0; p < r->places; p++)
        if (ends_chains(s, p))
            goal[goals] = (p / 2) * 13 + s->found[p] - 1, from[goals++] = -1;
    long total = 0;
    for (int t = 0; t < r->columns; t++) {
        if (!s->len[t] && t != empty) continue;
        for (int red = 0; red < 2; red++) {
            int top_rank = chain_top(s, t, red);
            if (top_rank < 0) continue;
            long chains = 1; /* the chains from top_rank down to rank */
            for (int rank = top_rank; rank > 0 && chains; rank--) {
                chains *= kinds[chain_colour(top_rank, red, rank)][rank];
                for (int n = 0; n < goals && chains; n++) {
                    int card = goal[n];
                    if (card % 13 != rank - 1 || from[n] == t) continue;
                    if (chain_colour(top_rank, red, rank - 1) != is_red(card)) continue;
                    total += chains;
                    if (total > MAX_CHAIN_STEPS) return MAX_CHAIN_STEPS + 1;
                }
            }
        }
    }
    return (int)total;
}

/* What the talon's moves need of the position being expanded. */
typedef struct {
    const State *s;
    const int8_t *next_up;  /* the place that takes each card next, or -1 */
    const uint16_t *wanted; /* the columns whose end takes each card */
    int empty;              /* the first empty column, or -1 */
    Waits *waits;           /* worked out (waits_of) once a talon card has somewhere to go */
    int *waits_known;
} Talon;

/* Talon cards wait, one deck: talon card `card`, just sent up (to `place`, after `taps` taps),
   is followed up in the same step by the cards of its suit the talon waits sent it up for:
   the talon cards above it in turn, then the column's last card that waited for them (or a
   king from the talon ends it). In some win every talon card goes up right before the next
   card of its suit does (docs/solver.md, "Talon cards wait"), so the positions between are
   never needed: the step makes them all. */
static int ups_together(Expansion *e, State *child, Waits *waits, int card, int place, int taps) {
    Atom last = atom(TALON, taps, -1, 0);
    e->prefix_len = 0;
    for (int c = card; c % 13 != KING;) {
        int next = c + 1, at = -1;
        if (has_card(waits->at_end, next)) {
            for (int i = 0; i < e->rules->columns; i++)
                if (child->len[i] && child->cards[i][child->len[i] - 1] == next) { at = i; break; }
            if (at < 0) break;
            e->prefix[e->prefix_len++] = last;
            last = atom(TO_FOUNDATION, at, 0, 0);
            shrink(child, at, 1);
            child->found[place]++;
            break;
        }
        int taps_needed, size = talon_size_of(child, next, &taps_needed);
        if (!size) break;
        e->prefix[e->prefix_len++] = last;
        last = atom(TALON, taps_needed, -1, 0);
        talon_to_foundation(child, child, size, place);
        c = next;
    }
    e->going_up = 1;
    int stop = add_talon_move(e, child, last, taps);
    e->going_up = 0;
    e->prefix_len = 0;
    return stop;
}

/* The cards the taps bring to the waste's top: to their foundation (`up`), and one at a
   time to the columns (`columns`), as the talon waits allow. 1: stop (a win). */
static int talon_moves(Expansion *e, const Talon *talon, int up, int columns) {
    const Rules *r = e->rules;
    const State *s = talon->s;
    State child;
    uint8_t sizes[MAX_TALON + 1], taps[MAX_TALON + 1];
    int reached = reachable_again(e, s, sizes, taps);
    for (int n = 0; n < reached; n++) {
        int size = sizes[n];
        int card = s->talon[size - 1];
        int place = up ? talon->next_up[card] : -1;
        int king = card % 13 == KING;
        uint16_t targets = !columns ? 0
                           : king   ? (talon->empty >= 0 ? (uint16_t)(1u << talon->empty) : 0)
                                    : talon->wanted[card];
        if (place < 0 && !targets) continue;
        if (r->talon_waits) know_waits(r, s, talon->waits, talon->waits_known);
        if (place >= 0 && (!r->talon_waits || to_foundation(talon->waits, card))) {
            talon_to_foundation(&child, s, size, place);
            if (e->ups_together) {
                if (ups_together(e, &child, talon->waits, card, place, taps[n])) return 1;
            } else if (add_talon_move(e, &child, atom(TALON, taps[n], -1, 0), taps[n])) {
                return 1;
            }
        }
        if (r->talon_waits && !to_column(talon->waits, card)) continue;
        for (int t = 0; t < r->columns; t++) {
            if (!(targets & (1u << t))) continue;
            talon_to_column(&child, s, size, t);
            if (add_talon_move(e, &child, atom(TALON, taps[n], t, 0), taps[n])) return 1;
        }
    }
    return 0;
}

/* Every move of the position, each followed by the safe moves it allows; at level LIKELY the
   moves a good player would consider (after Klondike-Solver's pruning): no card back from a
   foundation; a column is emptied only when a king could fill it (in Vegas in the same step
   as the king going in, kings_fill, as at the complete level); in Klondike part of a run
   moves only to let the card it uncovers go up; in Easy Harp talon cards go to columns only
   in chains that take a card off a column (talon_chains), and a card leaves a column without
   face-down cards only to empty it (in Klondike a talon card's pruning of that kind loses
   more wins than the time it saves). A win found this way is a win; a search that finds
   none proves nothing. Pointless moves are left out at both levels: a king (or a whole
   column) already at a column's bottom into an empty column, and into any empty column but
   the first (they are interchangeable). With runs_wait (complete level, one
   deck), part of a run leaves a face-up card `u` it lies on as the rules build (the run's
   first card one rank lower, the other colour: always so in a position reached from a deal)
   only when `u` can then be used at once: it can go up (with talon waits, perhaps after the
   talon cards of its suit below it: up_soon), or the other card that may lie on it (the
   twin of the run's first card) is free to come onto it, from a column, the talon or a
   foundation (argued in docs/solver.md, "A run leaves a card only for its use"). With
   free_chains (complete level but UNCHAINED, draw 1 with passes), talon cards go to columns
   only in free chains (free_chains), and with one deck foundation cards come back only in
   them. */
static int expand(Expansion *e, const State *s, int level) {
    const Rules *r = e->rules;
    e->expanding = s;
    int complete = level == COMPLETE;
    /* Easy Harp's likely level: a talon card goes to a column only in a chain (talon_chains),
       and a card leaves a column without face-down cards only to empty it. */
    int chains_only = level == LIKELY && r->single_card && r->talon_free;
    int free_chains_only = complete && r->free_chains && !e->unchained;
    State child;
    int empty = -1;
    for (int j = 0; j < r->columns; j++)
        if (!s->len[j]) { empty = j; break; }
    /* Two decks: a position that would make more chain steps than MAX_CHAIN_STEPS lays its
       talon cards one at a time instead, as the talon waits allow: complete either way
       (docs/solver.md), and a position's cost stays bounded (a big talon makes chains by the
       thousand). */
    if (free_chains_only && r->places_per_suit == 2 && chain_steps(r, s, empty) > MAX_CHAIN_STEPS)
        free_chains_only = 0;
    /* Which columns take which card, and which cards the foundations take: looked up once per
       position instead of testing every card against every pile. */
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

    /* Column ends to the foundations. */
    for (int i = 0; i < r->columns; i++) {
        if (!s->len[i]) continue;
        int end = s->cards[i][s->len[i] - 1];
        int place = next_up[end];
        if (place < 0) continue;
        /* The card the step here brought back, going up again: the position before it. */
        if (end + 1 == e->came_back) continue;
        column_to_foundation(&child, s, i, place);
        if (add(e, &child, atom(TO_FOUNDATION, i, 0, 0))) return 1;
    }
    /* Cards the taps bring to the waste's top. */
    Waits waits;
    int waits_known = 0; /* waits_of when a talon card first has somewhere to go */
    Talon talon = {s, next_up, wanted, empty, &waits, &waits_known};
    if (talon_moves(e, &talon, 1, !(chains_only || free_chains_only))) return 1;
    /* runs_wait: the cards that could go onto a column's end at once: face up in a column,
       brought to the waste's top by taps, or (complete level) a foundation's top card. */
    int runs_wait = complete && r->runs_wait;
    uint8_t free_now[52] = {0}, in_play[52];
    if (runs_wait) {
        mark_in_play(e, s, free_now);
        memcpy(in_play, free_now, 52); /* the loose cards' chains ask the same (chains) */
        for (int p = 0; p < r->places; p++)
            if (s->found[p]) free_now[(p / r->places_per_suit) * 13 + s->found[p] - 1] = 1;
        if (e->loose) mark_chain_free(r, s, free_now);
        if (free_chains_only)
            for (int p = 0; p < r->places; p++)
                for (int h = 0; h < s->found[p]; h++) free_now[(p / r->places_per_suit) * 13 + h] = 1;
        if (r->talon_waits) know_waits(r, s, &waits, &waits_known);
    }
    /* Cards between columns. */
    int king_waiting = complete;
    for (int i = 0; i < s->talon_len && !king_waiting; i++)
        if (s->talon[i] % 13 == KING) king_waiting = 1;
    for (int j = 0; j < r->columns && !king_waiting; j++)
        for (int k = 1; k < s->len[j]; k++)
            if (k >= s->down[j] && s->cards[j][k] % 13 == KING) { king_waiting = 1; break; }
    /* The first card of the run the step here moved (STEP_RUN_MOVED): the last card of its
       column that goes onto the end of the column it left. */
    int moved_back_start = -1;
    if (e->moved_back_from >= 0 && s->len[e->moved_back_to]) {
        const uint8_t *cards = s->cards[e->moved_back_from];
        int left = s->cards[e->moved_back_to][s->len[e->moved_back_to] - 1];
        for (int k = s->len[e->moved_back_from] - 1; k >= s->down[e->moved_back_from]; k--)
            if (goes_on(cards[k], left)) { moved_back_start = k; break; }
    }
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
            /* Most cards no column end takes: ruled out before their rank is worked out. */
            if (!wanted[card] && card % 13 != KING) continue;
            int king = card % 13 == KING;
            if (king && (start == 0 || empty < 0)) continue;
            int count = size - start;
            if (!complete && !r->single_card && start > down &&
                !uncovered_goes_up(r, s, &waits, &waits_known, next_up, s->cards[i][start - 1]))
                continue;
            if (!complete && start == 0 && !king_waiting) continue;
            if (chains_only && !down && size > 1 && !king) continue;
            if (runs_wait && !king && start > down && goes_on(card, s->cards[i][start - 1]) &&
                !up_soon(r, s, &waits, s->cards[i][start - 1]) && !free_now[twin_of(card)])
                continue;
            uint16_t targets = king ? (empty >= 0 && empty != i ? (uint16_t)(1u << empty) : 0)
                                    : (uint16_t)(wanted[card] & ~(1u << i));
            /* The run the step here moved, back where it lay: the position before. */
            if (i == e->moved_back_from && start == moved_back_start)
                targets &= (uint16_t)~(1u << e->moved_back_to);
            for (int t = 0; t < r->columns; t++) {
                if (!(targets & (1u << t))) continue;
                if (r->single_card && count > 1 && s->len[t]) continue;
                column_to_column(&child, s, i, start, t);
                Atom move = atom(COLUMN, i, count, t);
                /* At the likely level only without passes back: there a lost deal's likely
                   searches must run dry before the complete search has the turns to itself,
                   and the step makes them run dry sooner; with passes it cost wins of the
                   likely searches (docs/solver-figures.md, 2026-12-06). */
                if (start == 0 && r->kings_fill && (complete || !r->redeal)) {
                    e->first = move;
                    e->has_first = 1;
                    int stop = kings_into_empty(e, &child, complete);
                    e->has_first = 0;
                    if (stop) return 1;
                } else if (add(e, &child, move)) {
                    return 1;
                }
            }
        }
    }
    /* Likely moves (Klondike with passes): a foundation's top card back onto a column
       when a card that could then go onto it lies right on face-down cards (or is a free
       card onto which one could go in turn), as a player takes a card back to turn one
       over. KL1-D1N 906's win takes one (9H back for 8C to leave the face-down QH). */
    if (!complete && !r->single_card && r->likely_back) {
        for (int p = 0; p < r->places; p++) {
            if (!s->found[p]) continue;
            int card = (p / r->places_per_suit) * 13 + s->found[p] - 1;
            if (!wanted[card]) continue; /* a king's never is: it goes into empty columns */
            know_waits(r, s, &waits, &waits_known);
            if (!frees_a_face_down_card(r, s, &waits, card, LIKELY_BACK_DEPTH)) continue;
            if (put_back(e, s, p, card, wanted[card])) return 1;
        }
    }
    if (e->loose) return chains(e, s, runs_wait ? in_play : NULL);
    if (free_chains_only && free_chains(e, s, empty, runs_wait, free_now, &waits)) return 1;
    if (chains_only && talon_chains(e, s, empty, next_up)) return 1;
    /* A foundation's top card back onto a column (KL-7, EH-8); with free chains, one deck,
       only in a chain. */
    if (complete && !(free_chains_only && r->places_per_suit == 1)) {
        for (int p = 0; p < r->places; p++) {
            int height = s->found[p];
            if (!height) continue;
            int card = (p / r->places_per_suit) * 13 + height - 1;
            int king = card % 13 == KING;
            uint16_t targets = king ? (empty >= 0 ? (uint16_t)(1u << empty) : 0) : wanted[card];
            if (put_back(e, s, p, card, targets)) return 1;
        }
    }
    return 0;
}

/* ---- the moves of a won search, in the order of the position given ----------------- */

/* One atom made on s, in s's own order of columns and places. 0: it cannot be made. */
static int apply_atom(const Rules *r, State *s, Atom move) {
    State next;
    if (move.kind == TO_FOUNDATION) {
        if (!s->len[move.a]) return 0;
        int place = place_for(r, s->found, s->cards[move.a][s->len[move.a] - 1]);
        if (place < 0) return 0;
        column_to_foundation(&next, s, move.a, place);
    } else if (move.kind == COLUMN) {
        if (move.b < 1 || move.b > s->len[move.a]) return 0;
        column_to_column(&next, s, move.a, s->len[move.a] - move.b, move.c);
    } else if (move.kind == TALON) {
        int size = s->waste;
        for (int tap = 0; tap < move.a && size >= 0; tap++) size = after_tap(r, size, s->talon_len);
        if (size <= 0) return 0;
        if (move.b >= 0) {
            talon_to_column(&next, s, size, move.b);
        } else {
            int place = place_for(r, s->found, s->talon[size - 1]);
            if (place < 0) return 0;
            talon_to_foundation(&next, s, size, place);
        }
    } else {
        if (!s->found[move.a]) return 0;
        back_to_column(r, &next, s, move.a, move.b);
    }
    *s = next;
    return 1;
}

/* Which column and place of g holds what each of p holds (p and g being one position with
   its columns, and a suit's places, in other orders). 0: they are not one position. */
static int match_piles(const Rules *r, const State *p, const State *g, int *column_of,
                       int *place_of) {
    unsigned used = 0;
    for (int i = 0; i < r->columns; i++) {
        column_of[i] = -1;
        for (int j = 0; j < r->columns && column_of[i] < 0; j++)
            if (!(used >> j & 1) && p->len[i] == g->len[j] && p->down[i] == g->down[j] &&
                !memcmp(p->cards[i], g->cards[j], p->len[i])) {
                column_of[i] = j;
                used |= 1u << j;
            }
        if (column_of[i] < 0) return 0;
    }
    used = 0;
    for (int q = 0; q < r->places; q++) {
        int first = q / r->places_per_suit * r->places_per_suit;
        place_of[q] = -1;
        for (int w = first; w < first + r->places_per_suit && place_of[q] < 0; w++)
            if (!(used >> w & 1) && g->found[w] == p->found[q]) {
                place_of[q] = w;
                used |= 1u << w;
            }
        if (place_of[q] < 0) return 0;
    }
    return 1;
}

static Atom translated(Atom move, const int *column_of, const int *place_of) {
    if (move.kind == TO_FOUNDATION) return atom(move.kind, column_of[move.a], 0, 0);
    if (move.kind == COLUMN) return atom(move.kind, column_of[move.a], move.b, column_of[move.c]);
    if (move.kind == TALON) return atom(move.kind, move.a, move.b >= 0 ? column_of[move.b] : -1, 0);
    return atom(move.kind, place_of[move.a], column_of[move.b], 0);
}

static PyObject *atom_tuple(Atom move) {
    return Py_BuildValue("(iiii)", move.kind, move.a, move.b, move.c);
}

static PyObject *atoms_tuple(const Atoms *atoms) {
    PyObject *tuple = PyTuple_New(atoms->count);
    for (int k = 0; tuple && k < atoms->count; k++) {
        PyObject *item = atom_tuple(atoms->atoms[k]);
        if (!item) { Py_CLEAR(tuple); break; }
        PyTuple_SET_ITEM(tuple, k, item);
    }
    return tuple;
}

static int append_atoms(PyObject *list, const Atoms *atoms) {
    for (int k = 0; k < atoms->count; k++) {
        PyObject *item = atom_tuple(atoms->atoms[k]);
        if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); return 0; }
        Py_DECREF(item);
    }
    return 1;
}

/* One search of a portfolio: its own table and queue, its own order and moves. */
typedef struct {
    Store *store;
    Expansion *e;
    uint32_t root;
    int level;
    /* A relaxation (searched as COMPLETE), or 0: DRAW_ONE, under the draw_one rules, or
       ACES_UP, from the position with the talon's aces up. It proves losses only. */
    int relaxation;
    int slice;      /* positions per turn */
    int running;
    /* The portfolio's positions after which it leaves the turns (a likely search: its own
       bound, or the focus, the sooner), LLONG_MAX for never. */
    long long leaves_after;
} Member;

/* The atoms from `given` (the position asked about, in its own order) to the won node of m:
   the start's safe moves, then each step of the path, found again among the successors of
   the position before it (stored with its columns sorted, as in its key) and translated to
   the given order of columns and places. A list of (kind, a, b, c), or NULL (an error set). */
static PyObject *path_atoms(const Rules *r, const Member *m, const State *settled,
                            const Atoms *start_atoms) {
    const Store *st = m->store;
    uint32_t length = 1;
    for (uint32_t node = (uint32_t)m->e->goal; node != m->root; node = st->parent[node]) length++;
    uint32_t *nodes = malloc(length * sizeof(uint32_t));
    Expansion *finder = calloc(1, sizeof(Expansion));
    PyObject *atoms = PyList_New(0);
    if (!nodes || !finder || !atoms) {
        free(nodes);
        free(finder);
        Py_XDECREF(atoms);
        return PyErr_NoMemory();
    }
    uint32_t k = length;
    for (uint32_t node = (uint32_t)m->e->goal;; node = st->parent[node]) {
        nodes[--k] = node;
        if (node == m->root) break;
    }
    finder->rules = r;
    finder->moved_back_from = finder->moved_back_to = -1;
    finder->mode = FINDING;
    finder->unchained = m->e->unchained;
    set_loose(finder, r, m->level);
    State game = *settled, before, after;
    int column_of[MAX_COLUMNS], place_of[MAX_PLACES], key_size;
    uint8_t wanted[SLOT], reached[SLOT];
    const char *error = NULL;
    if (!append_atoms(atoms, start_atoms)) error = "";
    for (uint32_t step = 1; step < length && !error; step++) {
        deserialize(r, st->arena + st->offset[nodes[step - 1]], &before);
        deserialize(r, st->arena + st->offset[nodes[step]], &after);
        finder->wanted = wanted;
        finder->wanted_size = serialize(r, &after, wanted, &key_size);
        finder->found_it = 0;
        expand(finder, &before, m->level);
        if (!finder->found_it || !match_piles(r, &before, &game, column_of, place_of)) {
            error = "a step of the search's path is no move";
            break;
        }
        for (int n = 0; n < finder->found.count && !error; n++) {
            Atom move = translated(finder->found.atoms[n], column_of, place_of);
            if (!apply_atom(r, &game, move)) error = "a step of the search's path cannot be made";
            finder->found.atoms[n] = move;
        }
        if (!error && (serialize(r, &game, reached, &key_size) != finder->wanted_size ||
                       memcmp(reached, wanted, (size_t)finder->wanted_size)))
            error = "a step of the search's path leads elsewhere";
        if (!error && !append_atoms(atoms, &finder->found)) error = "";
    }
    free(nodes);
    free(finder);
    if (error) {
        if (*error) PyErr_SetString(PyExc_RuntimeError, error);
        Py_DECREF(atoms);
        return NULL;
    }
    return atoms;
}

/* ---- Python entry points ----------------------------------------------------------- */

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

static int parse_rules(PyObject *rules, Rules *r) {
    int columns, places_per_suit, draw, redeal, single_card, talon_waits, kings_fill, runs_wait,
        loose_cards, free_chains, likely_backs, ups_together, blockades, waste_dominance;
    if (!PyTuple_Check(rules) ||
        !PyArg_ParseTuple(rules, "iiiiiiiiiiiiii", &columns, &places_per_suit, &draw, &redeal,
                          &single_card, &talon_waits, &kings_fill, &runs_wait, &loose_cards,
                          &free_chains, &likely_backs, &ups_together, &blockades,
                          &waste_dominance)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "rules must be a tuple");
        return 0;
    }
    if (columns < 1 || columns > MAX_COLUMNS || (places_per_suit != 1 && places_per_suit != 2) ||
        draw < 1) {
        PyErr_SetString(PyExc_ValueError, "rules this search cannot play");
        return 0;
    }
    Rules made = {columns, places_per_suit, 4 * places_per_suit, draw, redeal != 0,
                  single_card != 0, draw == 1 && redeal, 52 * places_per_suit,
                  draw == 1 && redeal && talon_waits, kings_fill != 0,
                  runs_wait && places_per_suit == 1,
                  loose_cards && places_per_suit == 1 && !single_card &&
                      !(draw == 1 && redeal && talon_waits),
                  free_chains && draw == 1 && redeal && talon_waits &&
                      (places_per_suit == 1) == !single_card,
                  !redeal,
                  likely_backs && places_per_suit == 1 && !single_card,
                  ups_together && draw == 1 && redeal && talon_waits && places_per_suit == 1,
                  blockades && places_per_suit == 1 && !single_card,
                  blockades && free_chains && draw == 1 && redeal && talon_waits &&
                      places_per_suit == 1 && !single_card,
                  waste_dominance && draw > 1 && redeal};
    *r = made;
    return 1;
}

/* A position (columns, foundations, talon, waste_size), as stock_position.State holds it. */
static int parse_state(PyObject *position, const Rules *r, State *s) {
    PyObject *columns;
    const char *found, *talon;
    Py_ssize_t found_len, talon_len;
    int waste;
    if (!PyTuple_Check(position) ||
        !PyArg_ParseTuple(position, "O!y#y#i", &PyTuple_Type, &columns, &found, &found_len,
                          &talon, &talon_len, &waste)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a position must be a tuple");
        return 0;
    }
    memset(s, 0, sizeof *s);
    if (PyTuple_GET_SIZE(columns) != r->columns || found_len != r->places ||
        talon_len > MAX_TALON || waste < 0 || waste > talon_len) {
        PyErr_SetString(PyExc_ValueError, "a position this search cannot hold");
        return 0;
    }
    for (int i = 0; i < r->columns; i++) {
        PyObject *column = PyTuple_GET_ITEM(columns, i);
        if (!PyBytes_Check(column) || PyBytes_GET_SIZE(column) < 1 ||
            PyBytes_GET_SIZE(column) - 1 + 13 > MAX_COLUMN) {
            PyErr_SetString(PyExc_ValueError, "a column this search cannot hold");
            return 0;
        }
        const uint8_t *bytes = (const uint8_t *)PyBytes_AS_STRING(column);
        s->len[i] = (uint8_t)(PyBytes_GET_SIZE(column) - 1);
        s->down[i] = bytes[0];
        memcpy(s->cards[i], bytes + 1, s->len[i]);
        if (s->down[i] > s->len[i]) {
            PyErr_SetString(PyExc_ValueError, "a column with more face-down cards than cards");
            return 0;
        }
        for (int k = 0; k < s->len[i]; k++)
            if (s->cards[i][k] >= 52) {
                PyErr_SetString(PyExc_ValueError, "a card id past 51");
                return 0;
            }
    }
    memcpy(s->found, found, (size_t)found_len);
    memcpy(s->talon, talon, (size_t)talon_len);
    s->talon_len = (uint8_t)talon_len;
    s->waste = (uint8_t)waste;
    for (int p = 0; p < r->places; p++)
        if (s->found[p] > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation higher than 13");
            return 0;
        }
    for (int k = 0; k < s->talon_len; k++)
        if (s->talon[k] >= 52) {
            PyErr_SetString(PyExc_ValueError, "a card id past 51");
            return 0;
        }
    return 1;
}

/* Every entry point's arguments: (position, rules), then its own, read by `extras` (a
   PyArg_ParseTuple format for those alone). 0: an error is set. */
static int parse_call(PyObject *args, Rules *r, State *s, const char *extras, ...) {
    Py_ssize_t count = PyTuple_GET_SIZE(args);
    if (count < 2) {
        PyErr_SetString(PyExc_TypeError, "the position and the rules come first");
        return 0;
    }
    if (!parse_rules(PyTuple_GET_ITEM(args, 1), r) || !parse_state(PyTuple_GET_ITEM(args, 0), r, s))
        return 0;
    PyObject *rest = PyTuple_GetSlice(args, 2, count);
    if (!rest) return 0;
    va_list va;
    va_start(va, extras);
    int parsed = PyArg_VaParse(rest, extras, va);
    va_end(va);
    Py_DECREF(rest);
    return parsed;
}

static void free_member(Member *m) {
    release_store(&m->store);
    if (m->e) free(m->e->novel);
    free(m->e);
}

/* A search that leaves the turns without winning: its store is of no more use, and what it
   held goes back to the searches still running (a complete search that outlives the likely
   ones gets their memory). */
static void retire(Member *m, size_t *held) {
    m->running = 0;
    if (m->store) *held -= m->store->own;
    release_store(&m->store);
}

/* The stored positions the running searches may take (max_nodes in all), shared evenly: when
   a search leaves the turns, the others get its part. */
static void share_stored(Member *team, Py_ssize_t members, int alive, long long max_nodes) {
    uint32_t share = node_bound(max_nodes / (alive > 0 ? alive : 1));
    for (Py_ssize_t j = 0; j < members; j++)
        if (team[j].running) team[j].store->max_nodes = share;
}

#define MAX_MEMBERS 8
#define SLICE 2048

/* A relaxation won: every search of it still running leaves the turns. How many left. */
static int retire_relaxation(Member *team, Py_ssize_t members, int relaxation, size_t *held) {
    int left = 0;
    for (Py_ssize_t j = 0; j < members; j++)
        if (team[j].running && team[j].relaxation == relaxation) {
            retire(&team[j], held);
            left++;
        }
    return left;
}

/* Retire a running search when the memory bound is reached: of the likely searches (which
   prove nothing) the one whose store holds the most, or without one, the largest of the
   others. Its index. */
static int shed_largest(Member *team, Py_ssize_t members, size_t *held) {
    int largest = -1;
    for (int likely_only = 1; likely_only >= 0 && largest < 0; likely_only--)
        for (Py_ssize_t j = 0; j < members; j++)
            if (team[j].running && (!likely_only || team[j].level == LIKELY) &&
                (largest < 0 || team[j].store->own > team[largest].store->own))
                largest = (int)j;
    retire(&team[largest], held);
    return largest;
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *configs, *draw_one_rules = Py_None;
    int cpu_clock;
    double seconds;
    long long max_positions, max_nodes, max_bytes = 0, focus_after = -1;
    Rules r, relaxed;
    State start;
    if (!parse_call(args, &r, &start, "O!dpLL|OLL", &PyTuple_Type, &configs, &seconds,
                    &cpu_clock, &max_positions, &max_nodes, &draw_one_rules, &max_bytes,
                    &focus_after))
        return NULL;
    size_t held = 0; /* the bytes the portfolio's stores hold together */
    int has_relaxed = draw_one_rules != Py_None;
    if (has_relaxed) {
        if (!parse_rules(draw_one_rules, &relaxed)) return NULL;
        if (relaxed.draw != 1 || relaxed.redeal != r.redeal || relaxed.columns != r.columns ||
            relaxed.places_per_suit != r.places_per_suit || relaxed.single_card != r.single_card) {
            PyErr_SetString(PyExc_ValueError, "draw_one: the same game dealt one card at a time");
            return NULL;
        }
    }
    Py_ssize_t members = PyTuple_GET_SIZE(configs);
    if (members < 1 || members > MAX_MEMBERS) {
        PyErr_SetString(PyExc_ValueError, "a portfolio holds 1 to 8 searches");
        return NULL;
    }
    int levels[MAX_MEMBERS], weights[MAX_MEMBERS], turns[MAX_MEMBERS], downs[MAX_MEMBERS];
    int on_downs[MAX_MEMBERS], nexts[MAX_MEMBERS], novelties[MAX_MEMBERS];
    long long leaves[MAX_MEMBERS];
    for (Py_ssize_t k = 0; k < members; k++) {
        PyObject *config = PyTuple_GET_ITEM(configs, k);
        downs[k] = DOWN_WEIGHT;
        on_downs[k] = ON_DOWN_WEIGHT;
        nexts[k] = 0;
        novelties[k] = 0;
        leaves[k] = 0;
        if (!PyTuple_Check(config) ||
            !PyArg_ParseTuple(config, "iii|iiiiL", &levels[k], &weights[k], &turns[k], &downs[k],
                              &on_downs[k], &nexts[k], &novelties[k], &leaves[k])) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a search is a tuple");
            return NULL;
        }
        if ((levels[k] < LIKELY || levels[k] > DRAW_ONE_LIKELY) ||
            turns[k] < 1 || turns[k] > 64 || downs[k] < 0 || downs[k] > 16 || on_downs[k] < 0 ||
            on_downs[k] > 16 || nexts[k] < 0 || nexts[k] > 16 ||
            novelties[k] < 0 || novelties[k] > 2 || leaves[k] < 0) {
            PyErr_SetString(PyExc_ValueError, "a search is (level LIKELY 1, COMPLETE 2,"
                                              " DRAW_ONE 3, UNCHAINED 4, ACES_UP 5 or"
                                              " DRAW_ONE_LIKELY 6, weight,"
                                              " turns"
                                              " 1-64[, face-down"
                                              " weight 0-16[, weight of a card on a face-down"
                                              " one 0-16[, weight of a card over a next"
                                              " card 0-16[, novelty 0, 1 or 2[, positions"
                                              " before it leaves, 0 or more]]]]])");
            return NULL;
        }
        if (leaves[k] > 0 && levels[k] != LIKELY && levels[k] != DRAW_ONE_LIKELY) {
            /* A search that can prove a loss stays to the end. */
            PyErr_SetString(PyExc_ValueError, "only a search of the likely moves leaves early");
            return NULL;
        }
        if ((levels[k] == DRAW_ONE || levels[k] == DRAW_ONE_LIKELY) && !has_relaxed) {
            PyErr_SetString(PyExc_ValueError, "a DRAW_ONE search needs the draw_one rules");
            return NULL;
        }
        if (levels[k] == ACES_UP && r.draw != 1) {
            PyErr_SetString(PyExc_ValueError,
                            "an ACES_UP search needs a game dealt one card at a time");
            return NULL;
        }
    }
    /* The start's safe moves, then its deadlocks (the thorough test): a locked start is lost
       without a search. */
    Atoms start_atoms;
    start_atoms.count = 0;
    settle(&r, &start, &start_atoms, 0);
    if (has_stuck_cards(&r, &start, 1)) return Py_BuildValue("(iiO)", 1, 0, Py_None);
    if (r.blockades && is_blockaded(&r, &start)) return Py_BuildValue("(iiO)", 1, 0, Py_None);
    set_start(&r, &start);
    if (has_relaxed) set_start(&relaxed, &start);

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
        store->max_nodes = node_bound(max_nodes / members);
        store->lowest = BUCKETS;
        store->held = &held;
        store->max_held = max_bytes > 0 ? (size_t)max_bytes : 0;
        Expansion *e = team[k].e;
        e->moved_back_from = e->moved_back_to = -1;
        /* The scout belongs to the draw-1 relaxation, and searches its likely moves. */
        int scout = levels[k] == DRAW_ONE_LIKELY;
        team[k].relaxation = scout || levels[k] == DRAW_ONE ? DRAW_ONE
                             : levels[k] == ACES_UP         ? ACES_UP
                                                            : 0;
        e->rules = team[k].relaxation == DRAW_ONE ? &relaxed : &r;
        e->store = store;
        e->depth_weight = weights[k];
        e->down_weight = downs[k];
        e->on_down_weight = on_downs[k];
        e->next_weight = nexts[k];
        e->novelty = novelties[k];
        if (novelties[k]) {
            e->novel = calloc(novelties[k] == 2 ? (size_t)PROGRESS_PARTS * PROGRESS_BYTES
                                                : (size_t)NOVEL_ESTIMATES * (FACTS / 8),
                              1);
            if (!e->novel) {
                for (Py_ssize_t j = 0; j <= k; j++) free_member(&team[j]);
                return PyErr_NoMemory();
            }
        }
        e->goal = -1;
        team[k].level = scout ? LIKELY
                        : team[k].relaxation || levels[k] == UNCHAINED ? COMPLETE
                                                                       : levels[k];
        e->unchained = levels[k] == UNCHAINED;
        set_loose(e, e->rules, team[k].level);
        /* The likely level too: what holds a likely move back asks of the talon only which
           cards are in it (a king waiting, a put-back's free cards) or which the taps bring
           up, so the argument holds for it as well (docs/solver.md), and a likely search runs
           dry exactly when it would have without: the searches of its level still leave
           together. */
        e->dominance = (team[k].level == COMPLETE || team[k].level == LIKELY) &&
                       e->rules->waste_dominance;
        team[k].slice = SLICE * turns[k];
        team[k].running = 1;
        team[k].leaves_after = leaves[k] > 0 ? leaves[k] : LLONG_MAX;
        if (team[k].level == LIKELY && focus_after >= 0 && focus_after < team[k].leaves_after)
            /* Undecided this long, the likely searches, which prove nothing, make way for the
               complete ones (one is running: a complete search that runs dry ends it all). */
            team[k].leaves_after = focus_after;
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
        Member *m = &team[k];
        if (!m->running) continue; /* its relaxation won already */
        const Rules *mr = m->e->rules;
        /* The draw-1 search starts from the same position with its own safe moves, the
           aces-up one from the position with the talon's aces up, then its safe moves. */
        State root = start;
        if (m->relaxation == ACES_UP && !talon_aces_up(mr, &root)) {
            m->running = 0;
            continue;
        }
        if (m->relaxation) settle(mr, &root, NULL, 0);
        int size = serialize(mr, &root, buffer, &key_size);
        m->root = find_or_add(m->store, buffer, size, key_size,
                              position_hash(m->e, buffer, key_size),
                              UINT32_MAX, 0, 0, &is_new);
        if (m->root == UINT32_MAX ||
            !push(m->store, estimate(mr, &root, m->e->down_weight, m->e->on_down_weight,
                                     m->e->next_weight), m->root))
            status = 2;
        else if (is_won(mr, &root) && m->relaxation)
            retire_relaxation(team, members, m->relaxation, &held); /* its win is none */
        else if (is_won(mr, &root)) { m->e->goal = m->root; status = 0; winner = (int)k; }
    }
    int alive = 0;
    for (Py_ssize_t k = 0; k < members; k++) alive += team[k].running;
    State s;
    if (status != 3) alive = 0;
    int shared_among = (int)members;
    while (alive && status == 3) {
        for (Py_ssize_t j = 0; j < members; j++)
            if (team[j].running && positions >= team[j].leaves_after) {
                retire(&team[j], &held);
                alive--;
            }
        if (alive != shared_among) {
            share_stored(team, members, alive, max_nodes);
            shared_among = alive;
        }
        for (Py_ssize_t k = 0; k < members && status == 3; k++) {
            Member *m = &team[k];
            if (!m->running) continue;
            Expansion *e = m->e;
            /* Turns of SLICE positions (times the search's turns), as in the Simple Simon
               portfolio. */
            for (int turn = 0; turn < m->slice; turn++) {
                int64_t node = pop(m->store);
                if (node < 0) {
                    alive--;
                    /* A complete search that cut a chain short proves nothing: undecided. */
                    if (m->level == COMPLETE) { m->running = 0; status = e->truncated ? 2 : 1; }
                    else retire(m, &held);
                    /* A search of one level runs dry only when its level holds no win,
                       whatever its order (the same positions, or with waste dominance
                       positions that reach as much): the others would run dry too. */
                    for (Py_ssize_t j = 0; j < members; j++)
                        if (team[j].running && team[j].level == m->level &&
                            team[j].relaxation == m->relaxation) {
                            retire(&team[j], &held);
                            alive--;
                        }
                    break;
                }
                /* A position that one stored after it reaches more than: left out, uncounted. */
                if (m->store->step[node] == STEP_DOMINATED) continue;
                if (max_positions >= 0 && positions >= max_positions) { status = 2; break; }
                positions++;
                if ((positions % CLOCK_EVERY == 0 || positions == 1) && now(cpu_clock) > deadline) {
                    status = 2;
                    break;
                }
                const Rules *mr = e->rules;
                deserialize(mr, m->store->arena + m->store->offset[node], &s);
                /* Without passes back, only positions reached by tapping past talon cards to
                   play one are checked (the start was, above): the taps bury cards in the
                   waste for good, while a move between columns, up, or of the waste's top
                   hardly ever locks a position its parent left free, and skipping a check
                   only costs the search a dead position's successors, never a win. */
                uint8_t step = m->store->step[node];
                if (mr->check_dead && step == STEP_TALON && has_stuck_cards(mr, &s, 0))
                    continue;
                /* With free chains, the positions a chain step reached by laying free cards on
                   a column's first face-up card are checked for blockades: with passes a game
                   locks up when cards are laid for good (a red queen on the one black king
                   free for two); checking every position finds more, sooner, but costs more
                   than it saves (docs/solver.md, "Blockades"). */
                if (mr->check_blockades && step == STEP_LAID && is_blockaded(mr, &s)) continue;
                e->came_back = step >= STEP_BROUGHT_BACK && step < STEP_RUN_MOVED
                                   ? step - STEP_BROUGHT_BACK + 1
                                   : 0;
                e->moved_back_from = e->moved_back_to = -1;
                if (step >= STEP_RUN_MOVED && step != STEP_DOMINATED) {
                    e->moved_back_from = (step - STEP_RUN_MOVED) / MAX_COLUMNS;
                    e->moved_back_to = (step - STEP_RUN_MOVED) % MAX_COLUMNS;
                }
                e->parent = (uint32_t)node;
                e->expanding_settled = node != m->root;
                e->depth = m->store->depth[node];
                if (!expand(e, &s, m->level)) flush(e);
                int shed_self = 0;
                while (e->failed && m->store->over_bound && alive > 1) {
                    /* At the memory bound, or at the stored positions its share allows, the
                       portfolio sheds a search and goes on, rather than stopping: a proof
                       needs one complete search alone. */
                    alive--;
                    if (shed_largest(team, members, &held) == (int)k) { shed_self = 1; break; }
                    share_stored(team, members, alive, max_nodes);
                    shared_among = alive;
                    /* Expanded again: the successors stored before the refusal are found
                       again, the others stored now. */
                    m->store->over_bound = 0;
                    e->failed = 0;
                    if (!expand(e, &s, m->level)) flush(e);
                }
                if (shed_self) break;
                if (e->failed) { status = 2; break; }
                if (e->goal >= 0 && m->relaxation) {
                    /* Won in a relaxation: says nothing of the game given, and none of the
                       relaxation's searches can prove a loss any more. */
                    alive -= retire_relaxation(team, members, m->relaxation, &held);
                    break;
                }
                if (e->goal >= 0) { status = 0; winner = (int)k; break; }
            }
        }
    }
    Py_END_ALLOW_THREADS

    PyObject *atoms = Py_None;
    Py_INCREF(atoms);
    if (status == 0) {
        Py_DECREF(atoms);
        atoms = path_atoms(&r, &team[winner], &start, &start_atoms);
    }
    for (Py_ssize_t k = 0; k < members; k++) free_member(&team[k]);
    if (!atoms) return NULL;
    return Py_BuildValue("(iLN)", status, positions, atoms);
}

static PyObject *py_successors(PyObject *self, PyObject *args) {
    (void)self;
    int level, settled;
    Rules r;
    State s;
    if (!parse_call(args, &r, &s, "ip", &level, &settled)) return NULL;
    if (level != LIKELY && level != COMPLETE && level != UNCHAINED) {
        PyErr_SetString(PyExc_ValueError, "the level is LIKELY 1, COMPLETE 2 or UNCHAINED 4");
        return NULL;
    }
    Expansion *lister = calloc(1, sizeof(Expansion));
    if (!lister) return PyErr_NoMemory();
    lister->rules = &r;
    lister->moved_back_from = lister->moved_back_to = -1;
    lister->mode = LISTING;
    lister->unsettled = !settled;
    lister->unchained = level == UNCHAINED;
    if (level == UNCHAINED) level = COMPLETE;
    set_loose(lister, &r, level);
    lister->listed = PyList_New(0);
    if (lister->listed) expand(lister, &s, level);
    PyObject *listed = lister->listed;
    if (lister->failed) Py_CLEAR(listed);
    free(lister);
    return listed;
}

static PyObject *py_settle(PyObject *self, PyObject *args) {
    (void)self;
    Rules r;
    State s;
    if (!parse_call(args, &r, &s, "")) return NULL;
    Atoms atoms;
    atoms.count = 0;
    settle(&r, &s, &atoms, 0);
    return Py_BuildValue("(NN)", atoms_tuple(&atoms), state_tuple(&r, &s));
}

/* A search's start for the compact form of its positions (key and stored), or an error:
   every face-down card of `s` must lie where it lay at the start. */
static int parse_start(PyObject *given, Rules *r, const State *s) {
    State start;
    if (!parse_state(given, r, &start)) return 0;
    set_start(r, &start);
    if (!r->compact) {
        PyErr_SetString(PyExc_ValueError, "a start whose columns have no compact form");
        return 0;
    }
    for (int i = 0; i < r->columns; i++) {
        if (!s->down[i]) continue;
        int found = 0;
        for (int twin = 0; twin < 2 && !found; twin++) {
            int j = (twin ? r->start_twin_column_of : r->start_column_of)[s->cards[i][0]];
            found = j >= 0 && start.down[j] >= s->down[i] &&
                    !memcmp(start.cards[j], s->cards[i], s->down[i]);
        }
        if (!found) {
            PyErr_SetString(PyExc_ValueError, "face-down cards not as they lay at the start");
            return 0;
        }
    }
    return 1;
}

static PyObject *py_key(PyObject *self, PyObject *args) {
    (void)self;
    Rules r;
    State s;
    PyObject *start = Py_None;
    if (!parse_call(args, &r, &s, "|O", &start)) return NULL;
    if (start != Py_None && !parse_start(start, &r, &s)) return NULL;
    uint8_t buffer[SLOT];
    int key_size;
    serialize(&r, &s, buffer, &key_size);
    return PyBytes_FromStringAndSize((const char *)buffer, key_size);
}

static PyObject *py_stored(PyObject *self, PyObject *args) {
    (void)self;
    Rules r;
    State s, back;
    PyObject *start;
    if (!parse_call(args, &r, &s, "O", &start) || !parse_start(start, &r, &s)) return NULL;
    uint8_t buffer[SLOT];
    int key_size;
    int size = serialize(&r, &s, buffer, &key_size);
    memset(&back, 0, sizeof back);
    deserialize(&r, buffer, &back);
    return Py_BuildValue("(iN)", size, state_tuple(&r, &back));
}

static PyObject *py_stuck_places(PyObject *self, PyObject *args) {
    (void)self;
    int thorough;
    Rules r;
    State s;
    if (!parse_call(args, &r, &s, "p", &thorough)) return NULL;
    int top[MAX_COLUMNS + 1];
    int piles = stuck_tops(&r, &s, thorough, top);
    PyObject *places = PyList_New(0);
    for (int p = 0; places && p < piles; p++)
        for (int k = 0; k <= top[p]; k++) {
            PyObject *item = Py_BuildValue("(ii)", p, k);
            if (!item || PyList_Append(places, item) < 0) {
                Py_XDECREF(item);
                Py_CLEAR(places);
                break;
            }
            Py_DECREF(item);
        }
    return places;
}

static PyObject *py_blockade(PyObject *self, PyObject *args) {
    (void)self;
    Rules r;
    State s;
    if (!parse_call(args, &r, &s, "")) return NULL;
    if (r.places_per_suit != 1 || r.single_card) {
        PyErr_SetString(PyExc_ValueError, "blockades are proved for one deck, runs moving");
        return NULL;
    }
    int top[MAX_COLUMNS];
    uint64_t talon_stuck;
    blockade(&r, &s, top, &talon_stuck);
    PyObject *places = PyList_New(0), *talon = PyList_New(0);
    int failed = !places || !talon;
    for (int p = 0; !failed && p < r.columns; p++)
        for (int k = 0; !failed && k <= top[p]; k++) {
            PyObject *item = Py_BuildValue("(ii)", p, k);
            failed = !item || PyList_Append(places, item) < 0;
            Py_XDECREF(item);
        }
    for (int k = 0; !failed && k < s.talon_len; k++)
        if (talon_stuck & RANK_BIT(s.talon[k])) {
            PyObject *item = PyLong_FromLong(k);
            failed = !item || PyList_Append(talon, item) < 0;
            Py_XDECREF(item);
        }
    if (failed) {
        Py_XDECREF(places);
        Py_XDECREF(talon);
        return NULL;
    }
    return Py_BuildValue("(NN)", places, talon);
}

static PyObject *py_waits(PyObject *self, PyObject *args) {
    (void)self;
    Rules r;
    State s;
    if (!parse_call(args, &r, &s, "")) return NULL;
    Waits waits;
    waits_of(&r, &s, &waits);
    uint8_t column[52], up[52];
    for (int card = 0; card < 52; card++) {
        column[card] = (uint8_t)to_column(&waits, card);
        up[card] = (uint8_t)to_foundation(&waits, card);
    }
    return Py_BuildValue("(y#y#)", (const char *)column, (Py_ssize_t)52, (const char *)up,
                         (Py_ssize_t)52);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS,
     "search(position, rules, configs, seconds, cpu_clock, max_positions, max_nodes[, draw_one,"
     " max_bytes, focus_after])"
     " -> (status, positions, atoms)"},
    {"successors", py_successors, METH_VARARGS,
     "successors(position, rules, level, settled) -> [(atoms, position)]"},
    {"settle", py_settle, METH_VARARGS, "settle(position, rules) -> (atoms, position)"},
    {"key", py_key, METH_VARARGS, "key(position, rules[, start]) -> bytes"},
    {"stored", py_stored, METH_VARARGS, "stored(position, rules, start) -> (size, position)"},
    {"stuck_places", py_stuck_places, METH_VARARGS,
     "stuck_places(position, rules, thorough) -> [(pile, place)]"},
    {"blockade", py_blockade, METH_VARARGS,
     "blockade(position, rules) -> ([(column, place)], [talon place])"},
    {"waits", py_waits, METH_VARARGS, "waits(position, rules) -> (to_column, to_foundation)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_stock_search",
                                    "The Klondike and Easy Harp search.", -1, methods};

PyMODINIT_FUNC PyInit__stock_search(void) { return PyModule_Create(&module); }

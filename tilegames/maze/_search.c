/* Maze: the exhaustive search of tilegames.maze.exhaustive, compiled.
 *
 * The same walk as the Python `exhaustive_search`, step for step: depth first,
 * the children of a table tried fewest breaks first (ties in the order the
 * moves are listed, or, with a seed, in an order drawn from a xorshift64
 * generator), every table kept exactly in a set of tables seen. The Python
 * code is the reference: tests/maze/test_maze_native.py checks that both reach
 * the same number of tables and the same verdict.
 *
 * A table is 54 slots: card codes 0-51 (suit * 13 + rank - 1) and 52 for a gap,
 * packed six bits a slot into six 64-bit words (no hashing shortcut: two
 * tables are the same only when all 54 slots are).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 54
#define GAP 52
#define WORDS 6

typedef struct {
    uint64_t w[WORDS];
} table_key;

typedef struct {
    int ring, queen_before_ace, corners;
} rules_t;

static void pack(const uint8_t *board, table_key *key) {
    memset(key, 0, sizeof *key);
    for (int i = 0; i < SLOTS; i++) key->w[i / 10] |= (uint64_t)board[i] << (6 * (i % 10));
}

static void unpack(const table_key *key, uint8_t *board) {
    for (int i = 0; i < SLOTS; i++) board[i] = (key->w[i / 10] >> (6 * (i % 10))) & 63;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static uint64_t hash_key(const table_key *key) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < WORDS; i++) h = mix(h ^ key->w[i]);
    return h;
}

/* Breaks: the same-suit links missing (44 in all; 0 exactly when the table is won),
 * reading the cards in slot order with gaps skipped, around the ring if there is one. */
static int breaks(const rules_t *r, const uint8_t *board) {
    int first = GAP, previous = GAP, links = 0;
    for (int i = 0; i < SLOTS; i++) {
        int c = board[i];
        if (c == GAP) continue;
        if (previous == GAP) first = c;
        else links += c == previous + 1 && previous % 13 < 11;
        previous = c;
    }
    if (r->ring) links += first == previous + 1 && previous % 13 < 11;
    return 44 - links;
}

/* The card nearest `slot` on its left (step -1) or right (step 1), gaps skipped, around the
 * ring if there is one; GAP when there is none (a line's end). */
static int nearest_card(const rules_t *r, const uint8_t *board, int slot, int step) {
    for (int i = slot + step, seen = 0; seen < SLOTS; i += step, seen++) {
        if (i < 0 || i >= SLOTS) {
            if (!r->ring) return GAP;
            i = i < 0 ? SLOTS - 1 : 0;
        }
        if (board[i] != GAP) return board[i];
    }
    return GAP;
}

static int linked(int a, int b) { return a != GAP && b == a + 1 && a % 13 < 11; }

/* The breaks after moving card `c` from slot `from` to the gap `t`, from the breaks before:
 * only the links around the two slots change. `board` is left as it was. */
static int breaks_after(const rules_t *r, uint8_t *board, int before, int c, int from, int t) {
    board[from] = GAP;
    int p = nearest_card(r, board, from, -1), n = nearest_card(r, board, from, 1);
    int links = -linked(p, c) - linked(c, n) + linked(p, n);
    int p2 = nearest_card(r, board, t, -1), n2 = nearest_card(r, board, t, 1);
    links += -linked(p2, n2) + linked(p2, c) + linked(c, n2);
    board[from] = (uint8_t)c;
    return before - links;
}

static void set_slot(table_key *key, int slot, int code) {
    int shift = 6 * (slot % 10);
    key->w[slot / 10] = (key->w[slot / 10] & ~(63ULL << shift)) | (uint64_t)code << shift;
}

/* The cards that may move into the gap in slot `t`, in the order the Python code lists them:
 * those that follow the card on the left (or any ace at a line's first slot), then those
 * the card on the right follows (or any queen at a line's last slot). At most 8. */
static int fillers(const rules_t *r, const uint8_t *board, int t, int *cards) {
    int n = 0;
    int left = t > 0 ? t - 1 : (r->ring ? SLOTS - 1 : -1);
    int right = t < SLOTS - 1 ? t + 1 : (r->ring ? 0 : -1);
    if (left >= 0) {
        int c = board[left];
        if (c != GAP) {
            if (c % 13 < 11) cards[n++] = c + 1;
            else if (r->queen_before_ace)
                for (int s = 0; s < 4; s++) cards[n++] = 13 * s;
        }
    } else if (r->corners) {
        for (int s = 0; s < 4; s++) cards[n++] = 13 * s;
    }
    if (right >= 0) {
        int c = board[right];
        if (c != GAP) {
            if (c % 13 > 0) cards[n++] = c - 1;
            else if (r->queen_before_ace)
                for (int s = 0; s < 4; s++) cards[n++] = 13 * s + 11;
        }
    } else if (r->corners) {
        for (int s = 0; s < 4; s++) cards[n++] = 13 * s + 11;
    }
    return n;
}

/* The set of tables seen: keys in order of arrival, each with the index of the table it was
 * first reached from, and an open-addressing index over them (entry = key index + 1). */
typedef struct {
    table_key *keys;
    uint32_t *parent;
    uint64_t count, capacity;
    uint32_t *buckets;
    uint64_t mask;
} store_t;

static int store_grow(store_t *s) {
    uint64_t capacity = s->capacity ? s->capacity * 2 : (1 << 16);
    if (capacity > UINT32_MAX - 1) return -1;
    table_key *keys = realloc(s->keys, capacity * sizeof *keys);
    if (!keys) return -1;
    s->keys = keys;
    uint32_t *parent = realloc(s->parent, capacity * sizeof *parent);
    if (!parent) return -1;
    s->parent = parent;
    uint32_t *buckets = calloc(capacity * 2, sizeof *buckets);
    if (!buckets) return -1;
    s->capacity = capacity;
    free(s->buckets);
    s->buckets = buckets;
    s->mask = capacity * 2 - 1;
    for (uint64_t i = 0; i < s->count; i++) {
        uint64_t h = hash_key(&s->keys[i]) & s->mask;
        while (s->buckets[h]) h = (h + 1) & s->mask;
        s->buckets[h] = (uint32_t)(i + 1);
    }
    return 0;
}

/* The new key's index, -1 if it was seen before, -2 if memory ran out. */
static int64_t store_add(store_t *s, const table_key *key, uint32_t parent) {
    if (s->count == s->capacity && store_grow(s)) return -2;
    uint64_t h = hash_key(key) & s->mask;
    uint32_t entry;
    while ((entry = s->buckets[h])) {
        if (!memcmp(&s->keys[entry - 1], key, sizeof *key)) return -1;
        h = (h + 1) & s->mask;
    }
    uint64_t i = s->count++;
    s->keys[i] = *key;
    s->parent[i] = parent;
    s->buckets[h] = (uint32_t)(i + 1);
    return (int64_t)i;
}

static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Search every table reachable from `start` (54 codes, 52 for a gap), up to `max_tables`.
 * `seed` 0 tries equal children in the order the moves are listed; another seed starts a
 * xorshift64 generator at seed * 0x9E3779B97F4A7C15 whose next number's low 10 bits order
 * them. Returns 1 won, 0 every reachable table searched and none is won, -1 the budget ran
 * out, -2 memory ran out. `*tables` gets the number of distinct tables reached. When won,
 * `path` (room for `path_room` entries) gets the moves as card * 64 + target slot, and
 * `*path_length` their number (-1 if they did not fit). */
int maze_search(const uint8_t *start, int ring, int queen_before_ace, int corners,
                uint64_t max_tables, uint64_t seed, uint64_t *tables, int32_t *path,
                int32_t path_room, int32_t *path_length) {
    rules_t r = {ring, queen_before_ace, corners};
    store_t s = {0};
    uint64_t random_state = seed * 0x9E3779B97F4A7C15ULL;
    uint32_t *stack = NULL;
    uint64_t depth = 0, stack_room = 1 << 16;
    int64_t won = -1;
    int result = -1;
    table_key key;
    uint8_t board[SLOTS];
    *path_length = 0;
    memcpy(board, start, SLOTS);
    pack(board, &key);
    if (store_add(&s, &key, UINT32_MAX) < 0) { result = -2; goto done; }
    if (breaks(&r, board) == 0) { won = 0; result = 1; goto done; }
    stack = malloc(stack_room * sizeof *stack);
    if (!stack) { result = -2; goto done; }
    stack[depth++] = 0;
    while (depth) {
        uint32_t index = stack[--depth];
        table_key parent_key = s.keys[index];
        unpack(&parent_key, board);
        int parent_breaks = breaks(&r, board);
        int where[52];
        for (int i = 0; i < SLOTS; i++)
            if (board[i] != GAP) where[board[i]] = i;
        uint32_t child[SLOTS * 8];
        int64_t rank[SLOTS * 8];
        int n = 0;
        for (int t = 0; t < SLOTS && won < 0; t++) {
            if (board[t] != GAP) continue;
            int cards[8];
            int k = fillers(&r, board, t, cards);
            for (int j = 0; j < k; j++) {
                int c = cards[j], from = where[c];
                key = parent_key;
                set_slot(&key, from, GAP);
                set_slot(&key, t, c);
                int b = breaks_after(&r, board, parent_breaks, c, from, t);
                int64_t added = store_add(&s, &key, index);
                if (added == -2) { result = -2; goto done; }
                if (added < 0) continue;
                if (b == 0) { won = added; break; }
                child[n] = (uint32_t)added;
                rank[n++] = b;
            }
        }
        if (won >= 0) { result = 1; break; }
        if (s.count >= max_tables) goto done;
        if (seed)
            for (int i = 0; i < n; i++) rank[i] = rank[i] * 1024 + (int64_t)(next_random(&random_state) & 1023);
        /* the most breaks first, equals kept in order (a stable insertion sort), so that
         * the fewest breaks is on top of the stack */
        for (int i = 1; i < n; i++) {
            uint32_t ci = child[i];
            int64_t cr = rank[i];
            int j = i - 1;
            while (j >= 0 && rank[j] < cr) {
                child[j + 1] = child[j];
                rank[j + 1] = rank[j];
                j--;
            }
            child[j + 1] = ci;
            rank[j + 1] = cr;
        }
        if (depth + n > stack_room) {
            stack_room *= 2;
            uint32_t *bigger = realloc(stack, stack_room * sizeof *stack);
            if (!bigger) { result = -2; goto done; }
            stack = bigger;
        }
        for (int i = 0; i < n; i++) stack[depth++] = child[i];
    }
    if (won < 0) result = 0;
done:
    *tables = s.count;
    if (result == 1) {
        int32_t length = 0;
        for (uint32_t i = (uint32_t)won; s.parent[i] != UINT32_MAX; i = s.parent[i]) length++;
        if (length > path_room) {
            *path_length = -1;
        } else {
            *path_length = length;
            int32_t at = length;
            uint8_t after[SLOTS], before[SLOTS];
            for (uint32_t i = (uint32_t)won; s.parent[i] != UINT32_MAX; i = s.parent[i]) {
                unpack(&s.keys[i], after);
                unpack(&s.keys[s.parent[i]], before);
                for (int t = 0; t < SLOTS; t++)
                    if (before[t] == GAP && after[t] != GAP) path[--at] = after[t] * 64 + t;
            }
        }
    }
    free(stack);
    free(s.keys);
    free(s.parent);
    free(s.buckets);
    return result;
}

/* The compiled solver of gamelib/solver/fast.py, written in C for WebAssembly.

   numba does not run in the browser (Pyodide); this file, compiled to core.wasm, does,
   at desktop speed. It is a port of fast.py, function for function (each function below
   names the one it mirrors), and searches exactly the same nodes in the same order with
   the same options: the same transposition table (same size, same slots, same 64-bit
   entries, same generations), the same move order, the same node counting. The tests
   (tests/test_solver_wasm.py) check scores and node counts against fast.py.

   No C library: the module imports nothing and exports its memory and the functions
   marked EXPORT. Numbers crossing into the module are doubles or 32-bit integers: a
   board has 49 bits, which a double holds exactly, and JavaScript passes a double
   without BigInt conversions.

   Build: scripts/build_wasm.py (zig's C compiler from PyPI's ziglang wheel). */

typedef unsigned long long u64;
typedef long long i64;

#define EXPORT(name) __attribute__((export_name(#name)))

/* ---- the board (position.py) ---- */
#define WIDTH 7
#define HEIGHT 6
#define H1 (HEIGHT + 1)                 /* bits per column, with the sentinel */
#define SIZE (WIDTH * HEIGHT)
#define BOTTOM 0x0040810204081ULL       /* the bottom cell of every column */
#define BOARD (BOTTOM * ((1ULL << HEIGHT) - 1))
#define COL_MASK ((1ULL << HEIGHT) - 1)
#define EVEN_ROWS (BOTTOM * 0x2AULL)    /* rows 2, 4, 6 */
#define NO_BOUND SIZE                   /* claimeven_bound: nothing proved */
#define NOT_A_COLUMN 1                  /* position.py's error codes */
#define COLUMN_FULL 2
#define GAME_OVER 3
#define BOARD_FULL 4
static const int ORDER[WIDTH] = {3, 2, 4, 1, 5, 0, 6};  /* COLUMN_ORDER: centre first */

/* ---- the table (table.py) ---- */
#define TT_SIZE 16777259ULL             /* the first prime above 2**24 */
#define NEAR_SIZE 1048583ULL            /* the first prime above 2**20 */
#define NEAR_MOVES 22
#define KEY_BITS 29
#define KEY_MASK ((1LL << KEY_BITS) - 1)
#define VALUE_BITS 7
#define VALUE_MASK ((1LL << VALUE_BITS) - 1)
#define COLUMN_BITS 3
#define CHECK_SHIFT (VALUE_BITS + COLUMN_BITS)
#define MIN_SCORE (-(SIZE / 2) + 3)
#define MAX_SCORE ((SIZE + 1) / 2 - 3)
#define LOWER_OFFSET (MAX_SCORE - 2 * MIN_SCORE + 2)
#define UPPER_LIMIT (MAX_SCORE - MIN_SCORE + 1)
#define GENERATIONS (1 << 16)

/* ---- the options (fast.py) ---- */
#define ETC 1
#define HASH_MOVE 2
#define TWO_TABLES 4
#define FAIL_SOFT 8
#define CLAIMEVEN 16
#define FORCED 32
#define THREAT_ORDER 64
#define MIRROR 128
#define CLAIMEVEN_AHEAD 256
#define DOUBLE_THREATS 512
#define KNOWN_OPTIONS (ETC | HASH_MOVE | TWO_TABLES | FAIL_SOFT | CLAIMEVEN | FORCED | THREAT_ORDER \
                       | MIRROR | CLAIMEVEN_AHEAD | DOUBLE_THREATS)
#define BEST (HASH_MOVE | TWO_TABLES | FAIL_SOFT | ETC | CLAIMEVEN | FORCED | THREAT_ORDER | MIRROR \
              | CLAIMEVEN_AHEAD | DOUBLE_THREATS)
#define ETC_DEPTH 12
#define STEPPING_WIDTH 12               /* negamax.STEPPING_WIDTH */
#define NOW_WEIGHT 2                    /* position.THREAT_WEIGHTS (THREAT_ORDER) */
#define ABOVE_WEIGHT 4
#define EVERY_WEIGHT 1
#define FORCED_FRAME (-1)               /* keys[d] of a forced move's frame (FORCED) */
#define FRAMES (SIZE + 1)
#define CODES_SIZE 64                   /* bytes of `codes`, the buffer solve_codes reads */

/* The big table, then the small one (TWO_TABLES): 143 MB of zeros, in the module's
   memory from the start (zero memory costs no bytes in core.wasm). */
static u64 table[TT_SIZE + NEAR_SIZE];

/* FastSolver's `work`: the counters and switches, then the search's stacks (one number
   per depth below the search's root; see fast.WORK_SIZE for what each holds). */
static i64 nodes, budget, aborted, options = BEST, generation = 1, stopped_at;
static i64 currents[FRAMES], masks[FRAMES], alphas[FRAMES], betas[FRAMES], keys[FRAMES];
static i64 trying[FRAMES], counts[FRAMES], unsorted[FRAMES], threats[FRAMES], bests[FRAMES];
static i64 order[WIDTH * FRAMES], spots[WIDTH * FRAMES], scores[WIDTH];

/* solve_codes' input (ASCII column digits) and its other answers. */
static unsigned char codes[CODES_SIZE];
static int parse_error, parse_index;

/* ---- table.py's value encoding ---- */
static i64 encode_lower(i64 score) { return score + LOWER_OFFSET; }
static i64 encode_upper(i64 score) { return score - MIN_SCORE + 1; }
static int is_lower(i64 stored) { return stored > UPPER_LIMIT; }
static i64 decode_lower(i64 stored) { return stored - LOWER_OFFSET; }
static i64 decode_upper(i64 stored) { return stored + MIN_SCORE - 1; }

/* Python's a // b (rounds down, where C's / rounds towards zero). */
static i64 floor_div(i64 a, i64 b) {
    i64 q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static i64 max64(i64 a, i64 b) { return a > b ? a : b; }

/* fast.winning_spots: the empty cells where one more stone completes four for
   `position`'s owner (steps 1, 7, 6 and 8: vertical, horizontal, two diagonals). */
static i64 winning_spots(u64 position, u64 mask) {
    u64 r = (position << 1) & (position << 2) & (position << 3);
    u64 p = (position << 7) & (position << 14);
    r |= (p & (position << 21)) | (p & (position >> 7));
    p = (position >> 7) & (position >> 14);
    r |= (p & (position << 7)) | (p & (position >> 21));
    p = (position << 6) & (position << 12);
    r |= (p & (position << 18)) | (p & (position >> 6));
    p = (position >> 6) & (position >> 12);
    r |= (p & (position << 6)) | (p & (position >> 18));
    p = (position << 8) & (position << 16);
    r |= (p & (position << 24)) | (p & (position >> 8));
    p = (position >> 8) & (position >> 16);
    r |= (p & (position << 8)) | (p & (position >> 24));
    return (i64)(r & (BOARD ^ mask));
}

/* position.has_four: the cells of `bits` hold four in a row (column, row or either
   diagonal: steps 1, 7, 6 and 8). */
static int has_four(u64 bits) {
    static const int steps[4] = {1, H1, HEIGHT, HEIGHT + 2};
    for (int i = 0; i < 4; i++) {
        u64 pairs = bits & (bits >> steps[i]);
        if (pairs & (pairs >> (2 * steps[i]))) return 1;
    }
    return 0;
}

/* fast.popcount and fast.trailing_zeros: WebAssembly's own instructions. */
static int popcount(u64 x) { return __builtin_popcountll(x); }
static int trailing_zeros(u64 x) { return __builtin_ctzll(x); }

/* fast.claimeven_bound: 0 or -1, a cap on the score of the player to move from Allis'
   claimeven (the opponent's follow-up, the odd columns paired), or NO_BOUND where it
   proves nothing. */
static i64 claimeven_bound(u64 current, u64 mask) {
    u64 paired = (mask + BOTTOM) & BOARD & EVEN_ROWS;
    if (popcount(paired) % 2) return NO_BOUND;
    u64 empty = BOARD ^ mask;
    u64 theirs = empty & EVEN_ROWS & ~paired;
    if (has_four(current | (empty ^ theirs))) return NO_BOUND;
    if (has_four((current ^ mask) | theirs)) return -1;
    return 0;
}

/* fast.claimeven_ahead: the best lower bound the claimeven caps of the positions after
   `possible` give (a child capped at c: at least -c), else -SIZE. */
static i64 claimeven_ahead(i64 current, i64 mask, i64 possible) {
    i64 best = -SIZE;
    i64 child_current = current ^ mask;
    i64 rest = possible;
    while (rest) {
        i64 move = rest & -rest;
        rest ^= move;
        i64 bound = -claimeven_bound((u64)child_current, (u64)(mask | move));
        if (bound > best) best = bound;
    }
    return best;
}

/* fast.non_losing_moves: the moves that do not lose at once (0: every move loses). */
static i64 non_losing_moves(u64 mask, u64 their_spots) {
    u64 possible = (mask + BOTTOM) & BOARD;
    u64 forced = possible & their_spots;
    if (forced) {
        if (forced & (forced - 1)) return 0;
        possible = forced;
    }
    return (i64)(possible & ~(their_spots >> 1));
}

/* fast.makes_double_threat: 1 if a move of `possible` leaves the opponent no move that
   does not lose at once. */
static int makes_double_threat(i64 current, i64 mask, i64 possible) {
    i64 rest = possible;
    while (rest) {
        i64 move = rest & -rest;
        rest ^= move;
        if (non_losing_moves((u64)(mask | move),
                             (u64)winning_spots((u64)(current | move), (u64)mask)) == 0)
            return 1;
    }
    return 0;
}

/* fast.slot: the slot of `key`, in the big table or, from `near` stones on, the small one. */
static u64 slot(u64 key, i64 moves, i64 near) {
    if (moves >= near) return TT_SIZE + key % NEAR_SIZE;
    return key % TT_SIZE;
}

/* fast.mirror_key: the key of the mirror image, its seven columns in the opposite order. */
static i64 mirror_key(i64 key) {
    i64 c = (i64)(COL_MASK | (COL_MASK + 1));     /* one column and the bit above it */
    return ((key & c) << 6 * H1) | ((key & (c << H1)) << 4 * H1)
           | ((key & (c << 2 * H1)) << 2 * H1) | (key & (c << 3 * H1))
           | ((key >> 2 * H1) & (c << 2 * H1)) | ((key >> 4 * H1) & (c << H1))
           | ((key >> 6 * H1) & c);
}

/* fast.shared_key: the smaller of the key and its mirror image's below `mirrors` stones. */
static i64 shared_key(i64 key, i64 moves, i64 mirrors) {
    if (moves < mirrors) {
        i64 other = mirror_key(key);
        return other < key ? other : key;
    }
    return key;
}

/* fast.probe: value | (column + 1) << VALUE_BITS stored for `key` in generation `tag`
   (0: nothing); a column stored for the mirror image comes back mirrored. */
static i64 probe(i64 key, i64 moves, i64 near, i64 tag, i64 mirrors) {
    i64 shared = shared_key(key, moves, mirrors);
    i64 entry = (i64)table[slot((u64)shared, moves, near)];
    i64 found = 0;
    if (entry >> CHECK_SHIFT == (tag | (shared & KEY_MASK))) {
        found = entry & ((1LL << CHECK_SHIFT) - 1);
        i64 column = found >> VALUE_BITS;
        if (shared != key && column) found = ((WIDTH + 1 - column) << VALUE_BITS) | (found & VALUE_MASK);
    }
    return found;
}

/* fast.store: `value` and the column that reached it (-1: none) for `key` (under the
   shared key, the column mirrored with it). */
static void store(i64 key, i64 moves, i64 near, i64 tag, i64 value, i64 column, i64 mirrors) {
    i64 shared = shared_key(key, moves, mirrors);
    if (shared != key && column >= 0) column = WIDTH - 1 - column;
    table[slot((u64)shared, moves, near)] =
        (u64)(((tag | (shared & KEY_MASK)) << CHECK_SHIFT) | ((column + 1) << VALUE_BITS) | value);
}

/* fast.etc_bound: the best lower bound the table gives through the positions after
   `possible` (a child known to score at most u means at least -u). */
static i64 etc_bound(i64 current, i64 mask, i64 moves, i64 possible, i64 near, i64 tag,
                     i64 mirrors) {
    i64 best = -SIZE;
    i64 child_current = current ^ mask;
    i64 rest = possible;
    while (rest) {
        i64 move = rest & -rest;
        rest ^= move;
        i64 stored = probe(child_current + (mask | move), moves + 1, near, tag, mirrors)
                     & VALUE_MASK;
        if (stored && !is_lower(stored)) {
            i64 bound = -decode_upper(stored);
            if (bound > best) best = bound;
        }
    }
    return best;
}

/* fast.open_window: the moves that do not lose at once, and the window narrowed by the
   scores possible; an empty window (*alpha >= *beta) means the node is worth *alpha. */
static i64 open_window(i64 mask, i64 their_spots, i64 moves, i64 *alpha, i64 *beta) {
    i64 possible = non_losing_moves((u64)mask, (u64)their_spots);
    if (possible == 0) {
        *alpha = *beta = -((SIZE - moves) / 2);
        return 0;
    }
    if (moves >= SIZE - 2) {
        *alpha = *beta = 0;
        return 0;
    }
    *alpha = max64(*alpha, -((SIZE - 2 - moves) / 2));
    return possible;
}

/* fast.narrow: the window narrowed by the table's `stored` value (0: nothing) and by the
   best score possible; an empty window comes back as (v, v). */
static void narrow(i64 *alpha, i64 *beta, i64 moves, i64 stored) {
    i64 high = (SIZE - 1 - moves) / 2;
    if (stored && is_lower(stored)) {
        i64 low = decode_lower(stored);
        if (*alpha < low) {
            *alpha = low;
            if (*alpha >= *beta) { *beta = *alpha; return; }
        }
    } else if (stored) {
        high = decode_upper(stored);
    }
    if (*beta > high) {
        *beta = high;
        if (*alpha >= *beta) { *alpha = *beta; return; }
    }
}

/* fast.threat_score: how good `move` looks by the useful threats it leaves (those not
   right above one of the opponent's `their_spots`), from the winning spots `found`. */
static i64 threat_score(i64 mask, i64 move, i64 found, i64 their_spots) {
    u64 useful = (u64)found & ~((u64)their_spots << 1);
    u64 playable = ((u64)(mask | move) + BOTTOM) & BOARD;
    return NOW_WEIGHT * popcount(useful & playable)
         + ABOVE_WEIGHT * popcount(useful & (playable << 1) & BOARD)
         + EVERY_WEIGHT * popcount(useful);
}

/* fast.sort_moves: write the moves of `possible` into order[base:], most winning spots
   first (THREAT_ORDER: the highest threat_score), centre first among equals, and those
   spots into spots[base:]; returns how many. (fast.py also prefetches each child's slot
   here: WebAssembly has no prefetch, and it changes no node.) */
static i64 sort_moves(i64 current, i64 mask, i64 possible, i64 base, i64 their_spots,
                      i64 opts) {
    i64 count = 0;
    for (int rank = 0; rank < WIDTH; rank++) {
        i64 move = possible & (i64)(COL_MASK << (ORDER[rank] * H1));
        if (move) {
            i64 found = winning_spots((u64)(current | move), (u64)mask);
            i64 score = (opts & THREAT_ORDER) ? threat_score(mask, move, found, their_spots)
                                              : popcount((u64)found);
            i64 i = count;
            while (i > 0 && scores[i - 1] < score) {
                order[base + i] = order[base + i - 1];
                spots[base + i] = spots[base + i - 1];
                scores[i] = scores[i - 1];
                i--;
            }
            order[base + i] = move;
            spots[base + i] = found;
            scores[i] = score;
            count++;
        }
    }
    return count;
}

/* fast.negamax: Solver.negamax without recursion, the call stack held in the arrays
   above, indexed by the depth d below the root. Going down: narrow the node's window; if
   the node is not settled, go down into the table's move (HASH_MOVE) or the first of its
   sorted moves. Going up with `value`: the parent takes -value as its move's score.
   With `resume`, go on from the node where the budget stopped the search (stopped_at,
   fast.py's work[DEPTH]), as fast.negamax does. */
static i64 negamax(i64 root_current, i64 root_mask, i64 root_moves, i64 root_alpha,
                   i64 root_beta, int resume) {
    i64 count_nodes = nodes, limit = budget, opts = options;   /* locals: registers */
    i64 tag = generation << KEY_BITS;
    i64 near = (opts & TWO_TABLES) ? NEAR_MOVES : SIZE + 1;
    i64 mirrors = (opts & MIRROR) ? near : 0;               /* the big table's positions */
    i64 d = 0;
    if (resume) {           /* the node it stopped at is entered (and counted) again */
        d = stopped_at;
        count_nodes--;
    } else {
        currents[0] = root_current; masks[0] = root_mask; threats[0] = -1;
        alphas[0] = root_alpha; betas[0] = root_beta;
    }
    for (;;) {
        /* go down: the node at depth d */
        i64 current = currents[d], mask = masks[d], moves = root_moves + d;
        i64 their_spots = threats[d] >= 0 ? threats[d]
                                          : winning_spots((u64)(current ^ mask), (u64)mask);
        i64 alpha = alphas[d], beta = betas[d];
        i64 possible = open_window(mask, their_spots, moves, &alpha, &beta);
        if ((opts & FORCED) && possible && !(possible & (possible - 1))) {
            /* a forced move: no node, go on from the position after it */
            keys[d] = FORCED_FRAME;
            currents[d + 1] = current ^ mask;
            masks[d + 1] = mask | possible;
            threats[d + 1] = -1;
            alphas[d + 1] = -betas[d]; betas[d + 1] = -alphas[d];
            d++;
            continue;
        }
        count_nodes++;
        if (count_nodes > limit) {
            nodes = count_nodes;
            aborted = 1;
            stopped_at = d;
            return 0;
        }
        if (alpha < beta && (opts & CLAIMEVEN)) {
            i64 cap = claimeven_bound((u64)current, (u64)mask);
            if (cap < beta) beta = cap;
            if (alpha >= beta) alpha = beta;
        }
        i64 high = (SIZE - 1 - moves) / 2;
        if (alpha < beta && (opts & DOUBLE_THREATS) && beta > high - 1) {
            if (makes_double_threat(current, mask, possible)) {
                alpha = beta = high;                 /* won with the next stone but one */
            } else {
                beta = high - 1;
                if (alpha >= beta) alpha = beta;
            }
        }
        i64 key = current + mask;
        i64 entry = 0;
        if (alpha < beta) {
            entry = probe(key, moves, near, tag, mirrors);
            narrow(&alpha, &beta, moves, entry & VALUE_MASK);
        }
        if (alpha < beta && (opts & CLAIMEVEN_AHEAD) && (moves % 2) && beta <= 1) {
            i64 low = claimeven_ahead(current, mask, possible);   /* (caps: 0 or -1) */
            if (low >= beta) {
                store(key, moves, near, tag, encode_lower(low), -1, mirrors);
                alpha = beta = low;
            }
        }
        if (alpha < beta && (opts & ETC) && moves < SIZE - ETC_DEPTH) {
            i64 low = etc_bound(current, mask, moves, possible, near, tag, mirrors);
            if (low >= beta) {
                store(key, moves, near, tag, encode_lower(low), -1, mirrors);
                alpha = beta = low;
            }
        }
        if (alpha < beta) {
            i64 first = (opts & HASH_MOVE) ? (entry >> VALUE_BITS) - 1 : -1;
            i64 hashed = first >= 0 ? possible & (i64)(COL_MASK << (first * H1)) : 0;
            i64 count;
            if (hashed) {   /* the table's move first; the others are sorted if it fails */
                order[WIDTH * d] = hashed;
                count = 1;
                unsorted[d] = possible ^ hashed;
            } else {
                count = sort_moves(current, mask, possible, WIDTH * d, their_spots, opts);
                unsorted[d] = 0;
            }
            alphas[d] = alpha; betas[d] = beta; keys[d] = key; trying[d] = 0; counts[d] = count;
            threats[d] = their_spots;
            bests[d] = -SIZE;
            currents[d + 1] = current ^ mask;
            masks[d + 1] = mask | order[WIDTH * d];
            threats[d + 1] = hashed ? -1 : spots[WIDTH * d] & ~order[WIDTH * d];
            alphas[d + 1] = -beta; betas[d + 1] = -alpha;
            d++;
            continue;
        }
        /* go up: the node at depth d is worth `value` */
        i64 value = alpha;
        for (;;) {
            if (d == 0) {
                nodes = count_nodes;
                return value;
            }
            d--;
            i64 score = -value;
            if (keys[d] == FORCED_FRAME) {
                value = score;
                continue;
            }
            if (score >= betas[d]) {
                i64 move = order[WIDTH * d + trying[d]];
                store(keys[d], root_moves + d, near, tag, encode_lower(score),
                      trailing_zeros((u64)move) / H1, mirrors);
                value = score;
                continue;
            }
            if (score > alphas[d]) alphas[d] = score;
            if (score > bests[d]) bests[d] = score;
            trying[d]++;
            if (trying[d] == counts[d] && unsorted[d]) {
                counts[d] += sort_moves(currents[d], masks[d], unsorted[d],
                                        WIDTH * d + trying[d], threats[d], opts);
                unsorted[d] = 0;
            }
            if (trying[d] < counts[d]) {
                i64 move = order[WIDTH * d + trying[d]];
                currents[d + 1] = currents[d] ^ masks[d];
                masks[d + 1] = masks[d] | move;
                threats[d + 1] = spots[WIDTH * d + trying[d]] & ~move;
                alphas[d + 1] = -betas[d]; betas[d + 1] = -alphas[d];
                d++;
                break;
            }
            value = (opts & FAIL_SOFT) ? bests[d] : alphas[d];
            store(keys[d], root_moves + d, near, tag, encode_upper(value), -1, mirrors);
        }
    }
}

/* negamax.score_range: the scores a position with `moves` stones may have. */
static void score_range(i64 moves, int weak, i64 *low, i64 *high) {
    if (weak) { *low = -1; *high = 1; return; }
    *low = -((SIZE - moves) / 2);
    *high = (SIZE + 1 - moves) / 2;
}

/* fast.solve_position (negamax.narrow_by_null_windows around fast.null_window): the
   score found by null-window searches, halving a wide range (big scores tried half-way
   out first), then stepping a point at a time from the score nearest 0. */
static i64 solve_position(i64 current, i64 mask, i64 moves, int weak) {
    i64 low, high;
    score_range(moves, weak, &low, &high);
    while (high - low > STEPPING_WIDTH) {
        i64 mid = low + floor_div(high - low, 2);
        if (mid <= 0 && -floor_div(-low, 2) < mid) mid = -floor_div(-low, 2);
        else if (mid >= 0 && floor_div(high, 2) > mid) mid = floor_div(high, 2);
        i64 score = negamax(current, mask, moves, mid, mid + 1, 0);
        if (score <= mid) high = score;
        else low = score;
    }
    i64 mid = low > 0 ? low : 0;                 /* min(max(0, low), high - 1) */
    if (mid > high - 1) mid = high - 1;
    while (low < high) {
        i64 score = negamax(current, mask, moves, mid, mid + 1, 0);
        if (score <= mid) {
            high = score;
            mid = score - 1 > low ? score - 1 : low;
        } else {
            low = score;
            mid = score;
        }
    }
    return weak ? (low > 0) - (low < 0) : low;
}

/* fast.start: clear the counters before a search (max_nodes 0: no limit). */
static void start(i64 max_nodes) {
    nodes = 0;
    budget = max_nodes > 0 ? max_nodes : 1LL << 62;
    aborted = 0;
}

/* fast.solve_full: the win in one, then the null-window searches. */
static i64 solve_full(i64 current, i64 mask, i64 moves, int weak, i64 max_nodes) {
    start(max_nodes);
    if (winning_spots((u64)current, (u64)mask) & (mask + BOTTOM) & BOARD)
        return weak ? 1 : (SIZE + 1 - moves) / 2;
    return solve_position(current, mask, moves, weak);
}

/* fast.parse_moves: play the ASCII column digits codes[0:length] from the empty board
   into *current, *mask; returns how many stones, with parse_error (0 or position.py's
   code) and parse_index (the bad move). */
static i64 parse_moves(int length, i64 *current, i64 *mask) {
    *current = 0; *mask = 0;
    parse_error = 0; parse_index = 0;
    for (int index = 0; index < length; index++) {
        i64 col = (i64)codes[index] - 48;
        if (col < 0 || col >= WIDTH) { parse_error = NOT_A_COLUMN; parse_index = index; return index; }
        if (*mask & (1LL << (HEIGHT - 1 + col * H1))) {
            parse_error = COLUMN_FULL; parse_index = index; return index;
        }
        i64 move = (*mask + (1LL << (col * H1))) & (i64)(COL_MASK << (col * H1));
        if (winning_spots((u64)*current, (u64)*mask) & move) {
            parse_error = GAME_OVER; parse_index = index; return index;
        }
        *current ^= *mask;
        *mask |= move;
    }
    if (length == SIZE) { parse_error = BOARD_FULL; parse_index = SIZE - 1; return SIZE; }
    return length;
}

/* ---- what the module exports (FastSolver's methods call these) ---- */

/* fast.solve_full, for FastSolver.solve: the score (0 if the budget ran out: see aborted). */
EXPORT(solve) int wasm_solve(double current, double mask, int moves, int weak,
                             double max_nodes) {
    return (int)solve_full((i64)current, (i64)mask, moves, weak, (i64)max_nodes);
}

/* fast.solve_codes: parse codes[0:length] and solve it; the score, or 0 with
   parse_error set. */
EXPORT(solve_codes) int wasm_solve_codes(int length, int weak) {
    i64 current, mask;
    if (length < 0 || length > CODES_SIZE) {
        parse_error = NOT_A_COLUMN; parse_index = 0;
        return 0;
    }
    i64 moves = parse_moves(length, &current, &mask);
    if (parse_error) { nodes = 0; return 0; }
    return (int)solve_full(current, mask, moves, weak, 0);
}

/* FastSolver.at_least's search (the caller checks the win in one): the null-window
   search's value around `value`. */
EXPORT(null_window) int wasm_null_window(double current, double mask, int moves, int value) {
    start(0);
    return (int)negamax((i64)current, (i64)mask, moves, value - 1, value, 0);
}

/* FastSolver.search_window's pieces: the search with the window (mid, mid + 1), stopped
   after `every` more nodes (aborted; 0: no limit); with `resume`, the same search goes on
   from where the last piece stopped. */
EXPORT(window_piece) int wasm_window_piece(double current, double mask, int moves, int mid,
                                           double every, int resume) {
    if (!resume) start((i64)every);
    else { budget += (i64)every; aborted = 0; }
    return (int)negamax((i64)current, (i64)mask, moves, mid, mid + 1, resume);
}

/* FastSolver.reset: the next generation of the table; really zeroed every GENERATIONS
   resets or when `wipe` is set. */
EXPORT(reset) void wasm_reset(int wipe) {
    i64 next = generation + 1;
    if (wipe || next == GENERATIONS) {
        for (u64 i = 0; i < TT_SIZE + NEAR_SIZE; i++) table[i] = 0;
        next = 1;
    }
    generation = next;
}

/* FastSolver's work[GENERATION] = value (a test reaches the last generation with it). */
EXPORT(set_generation) void wasm_set_generation(int value) { generation = value; }

EXPORT(set_options) void wasm_set_options(int value) { options = value; }
EXPORT(get_options) int wasm_get_options(void) { return (int)options; }
EXPORT(nodes) double wasm_nodes(void) { return (double)nodes; }
EXPORT(aborted) int wasm_aborted(void) { return (int)aborted; }
EXPORT(generation) int wasm_generation(void) { return (int)generation; }
EXPORT(parse_error) int wasm_parse_error(void) { return parse_error; }
EXPORT(parse_index) int wasm_parse_index(void) { return parse_index; }
EXPORT(codes) int wasm_codes(void) { return (int)(unsigned long)codes; }

/* The constants the Python side checks against its own (one meaning, two languages). */
EXPORT(codes_size) int wasm_codes_size(void) { return CODES_SIZE; }
EXPORT(known_options) int wasm_known_options(void) { return KNOWN_OPTIONS; }
EXPORT(best_options) int wasm_best_options(void) { return BEST; }
EXPORT(threat_weights) int wasm_threat_weights(void) {
    return NOW_WEIGHT * 10000 + ABOVE_WEIGHT * 100 + EVERY_WEIGHT;
}
EXPORT(table_size) double wasm_table_size(void) { return (double)TT_SIZE; }
EXPORT(near_size) double wasm_near_size(void) { return (double)NEAR_SIZE; }
EXPORT(near_moves) int wasm_near_moves(void) { return NEAR_MOVES; }
EXPORT(generations) int wasm_generations(void) { return GENERATIONS; }
EXPORT(stepping_width) int wasm_stepping_width(void) { return STEPPING_WIDTH; }

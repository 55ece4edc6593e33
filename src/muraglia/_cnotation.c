/* The optional C kernel of muraglia.notation: the table-driven fast path of parse_hand.
 *
 * scan_hand(text, strict, red_fives) is notation._scan_hand (the pure function stays the
 * reference and the fallback): one pass over an ASCII string cut into the same tokens (some
 * digits and one character; "Wh", "Gr", "Rd" count as one), the same automaton, the same
 * checks, and the same Hand (filled through its instance dict, with the two cached counts
 * when strict). It only ever *accepts*: on anything unusual or wrong it answers None and the
 * caller runs the full scanner, which writes every error message. Melds come from the Python
 * side's cache (notation._MELDS, keyed (source, added, codes)) or its builder notation._meld,
 * so both paths share the same Meld objects. Nothing here restates a Python declaration:
 * setup() receives the Hand class, the interned tile tables and the control codes, and checks
 * their shapes.
 *
 * Limits of this path (beyond them it answers None; the pure parser then judges the string):
 * 256 concealed tiles and 64 bonus tiles (a strict hand holds at most 14 and 8).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NUM_KINDS 34 /* playing tile kinds; 34..41 are the flowers and seasons */
#define ALL_KINDS 42
#define NUM_CODES (2 * ALL_KINDS) /* code = 2 * kind + (not red) */
#define MAX_CONCEALED 256
#define MAX_BONUS 64
#define KONG_SIZE 4
#define HAND_SIZE 14
#define WAITING_SIZE 13
#define SET_SIZE 3
#define MAX_MELDS 4
#define COPIES 4

/* the control codes of notation._CONTROL (checked by setup) */
enum { SPACE, OPEN, OPEN_KONG, CLOSE, CLOSE_KONG, PLUS, LEFT, ACROSS, RIGHT };

static PyObject *hand_type;   /* muraglia.notation.Hand */
static PyObject *physical;    /* notation._PHYSICAL: the interned PhysicalTile of each code */
static PyObject *kinds;       /* notation._KIND: the Tile of each code */
static PyObject *meld_cache;  /* notation._MELDS */
static PyObject *make_meld;   /* notation._meld */
static PyObject *empty_args;
static PyObject *s_concealed, *s_melds, *s_bonus, *s_winning, *s_concealed_counts, *s_counts;

static int suit_base(char c, int *base, int *top) {
    switch (c) {
    case 'm': *base = 0; *top = 9; return 1;
    case 'p': *base = 9; *top = 9; return 1;
    case 's': *base = 18; *top = 9; return 1;
    case 'z': *base = 27; *top = 7; return 1;
    case 'f': *base = NUM_KINDS; *top = 8; return 1;
    default: return 0;
    }
}

static int control_of(char c) {
    switch (c) {
    case ' ': return SPACE;
    case '[': return OPEN;
    case '(': return OPEN_KONG;
    case ']': return CLOSE;
    case ')': return CLOSE_KONG;
    case '+': return PLUS;
    case '<': return LEFT;
    case '^': return ACROSS;
    case '>': return RIGHT;
    default: return -1;
    }
}

static int letter_kind(char c) {
    switch (c) {
    case 'E': return 27;
    case 'S': return 28;
    case 'W': return 29;
    case 'N': return 30;
    case 'P': return 31;
    case 'F': return 32;
    case 'C': return 33;
    default: return -1;
    }
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static void sort_codes(int *codes, Py_ssize_t n) {
    for (Py_ssize_t i = 1; i < n; i++) { /* short lists: insertion sort */
        int v = codes[i];
        Py_ssize_t j = i;
        while (j > 0 && codes[j - 1] > v) {
            codes[j] = codes[j - 1];
            j--;
        }
        codes[j] = v;
    }
}

#define MAX_COUNT 18 /* a strict hand's count of one kind is at most 4: a margin */
static PyObject *small_ints[MAX_COUNT + 1];

/* The tuple of 34 counts (each at most MAX_COUNT: the caller checked them against COPIES). */
static PyObject *counts_tuple(const int *counts) {
    PyObject *out = PyTuple_New(NUM_KINDS);
    if (out == NULL) return NULL;
    for (int k = 0; k < NUM_KINDS; k++) {
        PyObject *v = small_ints[counts[k]];
        Py_INCREF(v);
        PyTuple_SET_ITEM(out, k, v);
    }
    return out;
}

/* A direct-mapped memo in front of the Python meld cache: the (meld, packed counts) pairs
 * already found, by their key packed in an integer (no tuple to build or hash). It holds the
 * very pairs the Python side answered, so both paths share the same Meld objects; setup()
 * empties it with the cache it replaces. */
#define MELD_SLOTS 1024
static unsigned long long meld_keys[MELD_SLOTS];
static PyObject *meld_pairs[MELD_SLOTS];

static void clear_meld_slots(void) {
    for (int i = 0; i < MELD_SLOTS; i++) {
        meld_keys[i] = 0;
        Py_CLEAR(meld_pairs[i]);
    }
}

/* The meld of a closed bracket: from the cache, else built (and cached) by notation._meld.
 * Returns a new reference to the (meld, packed counts) pair, Py_None (malformed) or NULL. */
static PyObject *meld_of(int source, int added, const int *codes, int n) {
    /* source -1..8 (4 bits), added (1 bit), 1-4 codes below 128 (3 + 4 x 7 bits), and a
     * marker bit so that no key is 0 (an empty slot) */
    unsigned long long packed = 1ULL << 40 | (unsigned long long)(source + 1) << 36 |
                                (unsigned long long)(added != 0) << 35 | (unsigned long long)n << 32;
    int slot = -1;
    if (n >= 1 && n <= KONG_SIZE && source >= -1 && source <= 14) {
        for (int i = 0; i < n; i++) packed |= (unsigned long long)(codes[i] & 127) << (7 * i);
        slot = (int)((packed ^ packed >> 13 ^ packed >> 29) & (MELD_SLOTS - 1));
        if (meld_keys[slot] == packed) return Py_NewRef(meld_pairs[slot]);
    }
    PyObject *tiles = PyTuple_New(n);
    if (tiles == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(codes[i]);
        if (v == NULL) {
            Py_DECREF(tiles);
            return NULL;
        }
        PyTuple_SET_ITEM(tiles, i, v);
    }
    PyObject *src = PyLong_FromLong(source);
    if (src == NULL) {
        Py_DECREF(tiles);
        return NULL;
    }
    PyObject *key = PyTuple_Pack(3, src, added ? Py_True : Py_False, tiles);
    Py_DECREF(src);
    Py_DECREF(tiles);
    if (key == NULL) return NULL;
    PyObject *found = PyDict_GetItemWithError(meld_cache, key); /* borrowed */
    if (found != NULL) {
        Py_INCREF(found);
    } else if (!PyErr_Occurred()) {
        found = PyObject_CallOneArg(make_meld, key);
    }
    Py_DECREF(key);
    if (found != NULL && found != Py_None && !(PyTuple_Check(found) && PyTuple_GET_SIZE(found) == 2)) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_TypeError, "notation._meld must answer (meld, counts) or None");
        return NULL;
    }
    if (found != NULL && found != Py_None && slot >= 0) {
        meld_keys[slot] = packed;
        Py_XSETREF(meld_pairs[slot], Py_NewRef(found));
    }
    return found;
}

typedef struct {
    int concealed[MAX_CONCEALED + 1];
    Py_ssize_t n_concealed;
    int bonus[MAX_BONUS];
    Py_ssize_t n_bonus;
    int melded[NUM_KINDS];
    int melded_red;
    int winning;
    /* scan_indicated: the indicators' kind counts (NULL: none checked), their red fives and
     * the red fives of each suit in the wall */
    const int *seen;
    int seen_red;
    int per_suit;
} Scan;

static PyObject *build_hand(Scan *sc, PyObject *melds, int strict) {
    Py_ssize_t n_melds = PyList_GET_SIZE(melds);
    int held[NUM_KINDS], every[NUM_KINDS];
    if (sc->winning >= 0 && sc->n_concealed + SET_SIZE * n_melds == HAND_SIZE) {
        /* '+X' marks one of the 14 tiles: take that copy out of the concealed ones */
        Py_ssize_t at = -1;
        for (Py_ssize_t i = 0; i < sc->n_concealed; i++) {
            if (sc->concealed[i] == sc->winning) {
                at = i;
                break;
            }
        }
        if (at < 0) Py_RETURN_NONE;
        memmove(sc->concealed + at, sc->concealed + at + 1,
                (size_t)(sc->n_concealed - at - 1) * sizeof(int));
        sc->n_concealed--;
    }
    if (strict) {
        Py_ssize_t count = sc->n_concealed + SET_SIZE * n_melds;
        if (sc->winning >= 0) {
            if (count != WAITING_SIZE) Py_RETURN_NONE;
        } else if (count != WAITING_SIZE && count != HAND_SIZE) {
            Py_RETURN_NONE;
        }
        if (n_melds > MAX_MELDS) Py_RETURN_NONE;
        if (sc->n_bonus > 1) {
            int seen[NUM_CODES] = {0};
            for (Py_ssize_t i = 0; i < sc->n_bonus; i++) {
                if (seen[sc->bonus[i]]++) Py_RETURN_NONE;
            }
        }
        memset(held, 0, sizeof held);
        for (Py_ssize_t i = 0; i < sc->n_concealed; i++) held[sc->concealed[i] >> 1]++;
        if (sc->winning >= 0) held[sc->winning >> 1]++;
        if (sc->seen == NULL) {
            for (int k = 0; k < NUM_KINDS; k++) {
                every[k] = held[k] + sc->melded[k];
                if (every[k] > COPIES) Py_RETURN_NONE;
            }
        } else { /* with the indicators: no fifth copy, not too many red fives */
            int red = sc->melded_red + sc->seen_red;
            for (int k = 0; k < NUM_KINDS; k++) { /* (seen >= 0: this bounds every[k] too) */
                every[k] = held[k] + sc->melded[k];
                if (every[k] + sc->seen[k] > COPIES) Py_RETURN_NONE;
            }
            for (Py_ssize_t i = 0; i < sc->n_concealed; i++) red += !(sc->concealed[i] & 1);
            if (sc->winning >= 0) red += !(sc->winning & 1);
            if (red > sc->per_suit) Py_RETURN_NONE;
        }
    }
    sort_codes(sc->concealed, sc->n_concealed);
    PyObject *conc = NULL, *meld_tuple = NULL, *bonus = NULL, *winning = NULL, *hand = NULL;
    PyObject *c_counts = NULL, *all_counts = NULL;
    conc = PyTuple_New(sc->n_concealed);
    if (conc == NULL) goto fail;
    for (Py_ssize_t i = 0; i < sc->n_concealed; i++) {
        PyObject *t = PyTuple_GET_ITEM(physical, sc->concealed[i]);
        Py_INCREF(t);
        PyTuple_SET_ITEM(conc, i, t);
    }
    meld_tuple = PyList_AsTuple(melds);
    if (meld_tuple == NULL) goto fail;
    if (sc->n_bonus) {
        qsort(sc->bonus, (size_t)sc->n_bonus, sizeof(int), cmp_int);
        bonus = PyTuple_New(sc->n_bonus);
        if (bonus == NULL) goto fail;
        for (Py_ssize_t i = 0; i < sc->n_bonus; i++) {
            PyObject *t = PyTuple_GET_ITEM(kinds, sc->bonus[i]);
            Py_INCREF(t);
            PyTuple_SET_ITEM(bonus, i, t);
        }
    } else {
        bonus = PyTuple_New(0);
        if (bonus == NULL) goto fail;
    }
    winning = sc->winning >= 0 ? PyTuple_GET_ITEM(physical, sc->winning) : Py_None;
    Py_INCREF(winning);
    hand = PyBaseObject_Type.tp_new((PyTypeObject *)hand_type, empty_args, NULL);
    if (hand == NULL) goto fail;
    if (PyObject_GenericSetAttr(hand, s_concealed, conc) < 0 ||
        PyObject_GenericSetAttr(hand, s_melds, meld_tuple) < 0 ||
        PyObject_GenericSetAttr(hand, s_bonus, bonus) < 0 ||
        PyObject_GenericSetAttr(hand, s_winning, winning) < 0)
        goto fail;
    if (strict) {
        c_counts = counts_tuple(held);
        if (c_counts == NULL || PyObject_GenericSetAttr(hand, s_concealed_counts, c_counts) < 0)
            goto fail;
        /* without melds both counts are the same: one tuple (immutable) serves both */
        all_counts = n_melds ? counts_tuple(every) : Py_NewRef(c_counts);
        if (all_counts == NULL || PyObject_GenericSetAttr(hand, s_counts, all_counts) < 0)
            goto fail;
    }
    Py_DECREF(conc);
    Py_DECREF(meld_tuple);
    Py_DECREF(bonus);
    Py_DECREF(winning);
    Py_XDECREF(c_counts);
    Py_XDECREF(all_counts);
    return hand;
fail:
    Py_XDECREF(conc);
    Py_XDECREF(meld_tuple);
    Py_XDECREF(bonus);
    Py_XDECREF(winning);
    Py_XDECREF(hand);
    Py_XDECREF(c_counts);
    Py_XDECREF(all_counts);
    return NULL;
}

/* The automaton of notation._scan_hand (its states: 0 outside melds, 1 tiles of [meld],
 * 2 markers of [meld], 3 tiles of (kong), 4 after '+', 5 after the winning tile). */
static PyObject *scan(const char *s, Py_ssize_t n, int strict, int red_fives, const int *seen,
                      int seen_red, int per_suit) {
    Scan sc;
    sc.n_concealed = 0;
    sc.n_bonus = 0;
    sc.winning = -1;
    sc.melded_red = 0;
    sc.seen = seen;
    sc.seen_red = seen_red;
    sc.per_suit = per_suit;
    memset(sc.melded, 0, sizeof sc.melded);
    int state = 0, source = 0, added = 0, n_codes = 0;
    int codes[KONG_SIZE];
    PyObject *melds = PyList_New(0);
    if (melds == NULL) return NULL;
    Py_ssize_t i = 0;
    while (i < n) {
        /* one token: some digits and one character (or Wh, Gr, Rd) */
        Py_ssize_t j = i;
        while (j < n && s[j] >= '0' && s[j] <= '9') j++;
        if (j == n) goto reject; /* digits at the end: no suit letter */
        Py_ssize_t n_digits = j - i;
        char c = s[j];
        int group[MAX_BONUS]; /* a token's tile codes */
        int n_group = 0, is_bonus = 0, control = -1;
        if (n_digits == 0) {
            if (j + 1 < n && ((c == 'W' && s[j + 1] == 'h') || (c == 'G' && s[j + 1] == 'r') ||
                              (c == 'R' && s[j + 1] == 'd'))) {
                group[n_group++] = 2 * (c == 'W' ? 31 : c == 'G' ? 32 : 33) + 1;
                i = j + 2;
            } else {
                int kind = letter_kind(c);
                if (kind >= 0) {
                    group[n_group++] = 2 * kind + 1;
                } else {
                    control = control_of(c);
                    if (control < 0) goto reject;
                }
                i = j + 1;
            }
        } else { /* (digits before Wh, Gr or Rd: no suit letter, rejected here too) */
            int base, top;
            if (!suit_base(c, &base, &top) || n_digits > MAX_BONUS) goto reject;
            is_bonus = c == 'f';
            /* the common token, playing tiles outside a meld: written straight to the hand */
            int direct = state == 0 && !is_bonus;
            if (direct && sc.n_concealed + n_digits > MAX_CONCEALED) goto reject;
            int *to = direct ? sc.concealed + sc.n_concealed : group;
            for (Py_ssize_t d = i; d < j; d++) {
                int digit = s[d] - '0';
                if (digit == 0) {
                    if (!red_fives || (c != 'm' && c != 'p' && c != 's')) goto reject;
                    to[n_group++] = 2 * (base + 4);
                } else if (digit > top) {
                    goto reject;
                } else {
                    to[n_group++] = 2 * (base + digit - 1) + 1;
                }
            }
            i = j + 1;
            if (direct) {
                sc.n_concealed += n_group;
                continue;
            }
        }
        if (control < 0 && !is_bonus) { /* a group of playing tiles */
            if (state == 0) {
                if (sc.n_concealed + n_group > MAX_CONCEALED) goto reject;
                int *to = sc.concealed + sc.n_concealed;
                for (int g = 0; g < n_group; g++) to[g] = group[g];
                sc.n_concealed += n_group;
            } else if (state == 1 || state == 3) {
                if (n_codes + n_group > KONG_SIZE) goto reject; /* no meld has 5 tiles */
                for (int g = 0; g < n_group; g++) codes[n_codes++] = group[g];
            } else if (state == 4 && n_group == 1) {
                sc.winning = group[0];
                state = 5;
            } else {
                goto reject;
            }
        } else if (is_bonus) {
            if (state != 0 || sc.n_bonus + n_group > MAX_BONUS) goto reject;
            memcpy(sc.bonus + sc.n_bonus, group, (size_t)n_group * sizeof(int));
            sc.n_bonus += n_group;
        } else if (control == SPACE) {
            if (state != 0 && state != 5) goto reject;
        } else if (state == 0) {
            if (control == OPEN) {
                state = 1;
                n_codes = 0;
                source = 0;
                added = 0;
            } else if (control == OPEN_KONG) {
                state = 3;
                n_codes = 0;
            } else if (control == PLUS) {
                state = 4;
            } else {
                goto reject;
            }
        } else if (((state == 1 || state == 2) && control == CLOSE) ||
                   (state == 3 && control == CLOSE_KONG)) {
            PyObject *found = state == 3 ? meld_of(-1, 0, codes, n_codes)
                                         : meld_of(source, added, codes, n_codes);
            if (found == NULL) goto error;
            if (found == Py_None) {
                Py_DECREF(found);
                goto reject;
            }
            int rc = PyList_Append(melds, PyTuple_GET_ITEM(found, 0));
            Py_DECREF(found);
            if (rc < 0) goto error;
            for (int k = 0; k < n_codes; k++) {
                sc.melded[codes[k] >> 1]++;
                sc.melded_red += !(codes[k] & 1);
            }
            state = 0;
        } else if (state == 1 || state == 2) {
            if (control == PLUS && !added) {
                added = 1;
                state = 2;
            } else if ((control == LEFT || control == ACROSS || control == RIGHT) && !source) {
                source = control;
                state = 2;
            } else {
                goto reject;
            }
        } else {
            goto reject;
        }
    }
    if ((state != 0 && state != 5) ||
        (sc.n_concealed == 0 && PyList_GET_SIZE(melds) == 0 && sc.n_bonus == 0))
        goto reject;
    PyObject *hand = build_hand(&sc, melds, strict);
    Py_DECREF(melds);
    return hand;
reject:
    Py_DECREF(melds);
    Py_RETURN_NONE;
error:
    Py_DECREF(melds);
    return NULL;
}

PyDoc_STRVAR(scan_hand_doc,
             "scan_hand(text, *, strict, red_fives): notation._scan_hand in C (a Hand, or None "
             "when the full scanner must judge the string).");

static PyObject *scan_hand(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames) {
    static const char *names[] = {"strict", "red_fives"};
    PyObject *text, *flags[2] = {NULL, NULL};
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nargs != 1 || nkw != 2) goto usage;
    text = args[0];
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int which = PyUnicode_CompareWithASCIIString(name, names[0]) == 0   ? 0
                    : PyUnicode_CompareWithASCIIString(name, names[1]) == 0 ? 1
                                                                             : -1;
        if (which < 0 || flags[which] != NULL) goto usage;
        flags[which] = args[nargs + k];
    }
    if (hand_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "muraglia._cnotation used before setup()");
        return NULL;
    }
    int strict = PyObject_IsTrue(flags[0]);
    int red_fives = PyObject_IsTrue(flags[1]);
    if (strict < 0 || red_fives < 0) return NULL;
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text)) Py_RETURN_NONE;
    return scan((const char *)PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text), strict,
                red_fives, NULL, 0, 0);
usage:
    PyErr_SetString(PyExc_TypeError, "scan_hand(text, *, strict, red_fives)");
    return NULL;
}

/* The kind and redness of a plain two-character indicator ("5m", "0p", "7z"; flowers and
 * seasons are refused: the general path names them). 0 if it is not one. */
static int indicator_of(PyObject *item, int *kind, int *red) {
    if (!PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item) || PyUnicode_GET_LENGTH(item) != 2)
        return 0;
    const char *t = (const char *)PyUnicode_1BYTE_DATA(item);
    int base, top, digit = t[0] - '0';
    if (digit < 0 || digit > 9 || t[1] == 'f' || !suit_base(t[1], &base, &top)) return 0;
    if (digit == 0) {
        if (t[1] == 'z') return 0;
        *kind = base + 4;
        *red = 1;
        return 1;
    }
    if (digit > top) return 0;
    *kind = base + digit - 1;
    *red = 0;
    return 1;
}

PyDoc_STRVAR(scan_indicated_doc,
             "scan_indicated(text, per_suit, dora, ura, limit): the strict fast scan of a hand "
             "with its dora and ura indicators (None or lists/tuples of at most limit plain "
             "notations such as '5m', '0p', '7z'): the Hand when no kind has a fifth copy and "
             "the red fives number at most per_suit, else None (the caller then decides).");

static PyObject *scan_indicated(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "scan_indicated(text, per_suit, dora, ura, limit)");
        return NULL;
    }
    if (hand_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "muraglia._cnotation used before setup()");
        return NULL;
    }
    PyObject *text = args[0];
    int over_suit = 0, over_limit = 0; /* past a C long: as large (or as negative) as it gets */
    long per_suit = PyLong_AsLongAndOverflow(args[1], &over_suit);
    long limit = PyLong_AsLongAndOverflow(args[4], &over_limit);
    if ((per_suit == -1 || limit == -1) && PyErr_Occurred()) return NULL;
    if (over_suit) per_suit = over_suit > 0 ? LONG_MAX : -1;
    if (over_limit) limit = over_limit > 0 ? LONG_MAX : -1;
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text) || per_suit < 0 || limit < 0)
        Py_RETURN_NONE;
    int seen[NUM_KINDS] = {0}, seen_red = 0;
    for (int which = 2; which <= 3; which++) {
        PyObject *given = args[which];
        if (given == Py_None) continue;
        if (!PyList_CheckExact(given) && !PyTuple_CheckExact(given)) Py_RETURN_NONE;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(given);
        if (n > limit) Py_RETURN_NONE;
        PyObject **items = PySequence_Fast_ITEMS(given);
        for (Py_ssize_t i = 0; i < n; i++) {
            int kind, red;
            if (!indicator_of(items[i], &kind, &red)) Py_RETURN_NONE;
            seen[kind]++;
            seen_red += red;
        }
    }
    return scan((const char *)PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text), 1,
                per_suit > 0, seen, seen_red, (int)(per_suit > 1000 ? 1000 : per_suit));
}

PyDoc_STRVAR(setup_doc,
             "setup(hand, physical, kinds, melds, make_meld, controls): the Python side "
             "(notation's Hand class, code tables, meld cache and builder, control codes).");

static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *h, *p, *k, *m, *f, *controls;
    if (!PyArg_ParseTuple(args, "OO!O!O!OO!:setup", &h, &PyTuple_Type, &p, &PyTuple_Type, &k,
                          &PyDict_Type, &m, &f, &PyTuple_Type, &controls))
        return NULL;
    if (!PyType_Check(h) || !PyCallable_Check(f)) {
        PyErr_SetString(PyExc_TypeError, "setup: hand must be a class and make_meld callable");
        return NULL;
    }
    if (PyTuple_GET_SIZE(p) != NUM_CODES || PyTuple_GET_SIZE(k) != NUM_CODES) {
        PyErr_SetString(PyExc_ValueError, "setup: the code tables must have 84 entries");
        return NULL;
    }
    if (PyTuple_GET_SIZE(controls) != 9) {
        PyErr_SetString(PyExc_ValueError, "setup: nine control codes expected");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < 9; i++) {
        PyObject *v = PyTuple_GET_ITEM(controls, i);
        if (!PyLong_Check(v) || PyLong_AsLong(v) != i) {
            PyErr_SetString(PyExc_ValueError, "setup: the control codes must be 0..8 in order");
            return NULL;
        }
    }
    Py_INCREF(h);
    Py_XSETREF(hand_type, h);
    Py_INCREF(p);
    Py_XSETREF(physical, p);
    Py_INCREF(k);
    Py_XSETREF(kinds, k);
    Py_INCREF(m);
    Py_XSETREF(meld_cache, m);
    clear_meld_slots();
    Py_INCREF(f);
    Py_XSETREF(make_meld, f);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"scan_hand", (PyCFunction)(void (*)(void))scan_hand, METH_FASTCALL | METH_KEYWORDS,
     scan_hand_doc},
    {"scan_indicated", (PyCFunction)(void (*)(void))scan_indicated, METH_FASTCALL,
     scan_indicated_doc},
    {"setup", setup, METH_VARARGS, setup_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cnotation",
    "The optional C kernel of muraglia.notation (the fast path of parse_hand).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cnotation(void) {
    empty_args = PyTuple_New(0);
    if (empty_args == NULL) return NULL;
    for (int i = 0; i <= MAX_COUNT; i++) {
        if ((small_ints[i] = PyLong_FromLong(i)) == NULL) return NULL;
    }
#define INTERN(var, text)                                                                      \
    if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL;
    INTERN(s_concealed, "concealed")
    INTERN(s_melds, "melds")
    INTERN(s_bonus, "bonus")
    INTERN(s_winning, "winning")
    INTERN(s_concealed_counts, "concealed_counts")
    INTERN(s_counts, "counts")
#undef INTERN
    return PyModule_Create(&module);
}

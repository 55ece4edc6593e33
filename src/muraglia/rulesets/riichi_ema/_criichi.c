/* Optional native accelerator of muraglia.rulesets.riichi_ema.fast.score_best.
 *
 * The pure-Python fast.py stays the reference and the single source of truth: setup() hands
 * over the pure score_best (called for anything outside this kernel), suit_entry (the per-suit
 * split tables, converted here on first use of a suit), the ids of fast.KERNEL_IDS (this
 * kernel's pattern codes are positions in that tuple), the flag names, the dora table, the
 * masks, the wait fu, the limit table of payments.py, and the decomposition maker; compile()
 * turns a Resolver (values of the preset, exclusions, limit, table order, the table's Award
 * objects) into a kernel. The result is the same Best tuple the pure function returns, with
 * the decomposition built lazily by the Python maker. Inputs outside the fast path (objects of
 * other types, tiles outside 0-33, a kernel missing) are handed to the pure function, so
 * errors and their messages are the pure ones. MURAGLIA_PURE=1 skips this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>

/* pattern codes: positions in fast.KERNEL_IDS (checked by length at setup, by name in tests) */
enum {
    Y_RIICHI, Y_IPPATSU, Y_DOUBLE_RIICHI, Y_AFTER_KONG, Y_ROBBING_KONG, Y_UNDER_THE_SEA,
    Y_UNDER_THE_RIVER, Y_BLESSING_OF_HEAVEN, Y_BLESSING_OF_EARTH, Y_BLESSING_OF_MAN,
    Y_MENZEN_TSUMO, Y_ALL_SIMPLES, Y_HALF_FLUSH, Y_FULL_FLUSH, Y_NINE_GATES, Y_NINE_GATES_9,
    Y_ALL_TERMINALS_AND_HONOURS, Y_ALL_TERMINALS, Y_ALL_HONOURS, Y_ALL_GREEN, Y_DORA,
    Y_URA_DORA, Y_RED_FIVE, Y_SEAT_WIND, Y_PREVALENT_WIND, Y_DRAGON_PUNG, Y_BIG_THREE_DRAGONS,
    Y_LITTLE_THREE_DRAGONS, Y_BIG_FOUR_WINDS, Y_LITTLE_FOUR_WINDS, Y_PURE_DOUBLE_CHOW,
    Y_TWICE_PURE_DOUBLE_CHOW, Y_MIXED_TRIPLE_CHOW, Y_PURE_STRAIGHT, Y_TRIPLE_PUNG,
    Y_THREE_KONGS, Y_FOUR_KONGS, Y_ALL_PUNGS, Y_OUTSIDE_HAND, Y_TERMINALS_IN_ALL_SETS, Y_PINFU,
    Y_THREE_CONCEALED_PUNGS, Y_FOUR_CONCEALED_PUNGS, Y_FOUR_CONCEALED_PUNGS_SINGLE,
    Y_SEVEN_PAIRS, Y_THIRTEEN_ORPHANS, Y_THIRTEEN_ORPHANS_13, NY
};
/* flag codes: positions in fast.KERNEL_FLAGS */
enum { F_RIICHI, F_IPPATSU, F_DOUBLE_RIICHI, F_REPLACEMENT, F_ROBBING_KONG, F_LAST_TILE,
       F_FIRST_TURN, NF };
/* wait codes: positions in fast.WAITS */
enum { TWO, CLOSED, EDGE, SINGLE, DUAL, SPECIAL };

#define NAWARD 8      /* awards kept per id for counts 1..NAWARD (others asked to Python) */
#define MAXFOUND 64

/* ------------------------------------------------------------------ set up from Python */

static PyObject *pure_score = NULL;  /* fast._pure_score_best */
static PyObject *suit_entry = NULL;  /* fast.suit_entry */
static PyObject *make_decomp = NULL; /* fast.build_decomposition */
static PyObject *best_type = NULL;   /* fast.Best */
static PyObject *no_yaku = NULL;     /* the reason of a hand without yaku */
static PyObject *honba_reason = NULL; /* honba -> the reason of EMA-HONBA-4 */
static PyObject *shape_names[3] = {NULL, NULL, NULL}; /* standard, seven_pairs, thirteen_... */
static PyObject *flag_names[NF];
static PyObject *chow_kind = NULL, *kong_kind = NULL; /* MeldKind.CHOW, MeldKind.KONG */
static PyObject *limit_names[16];    /* basic_points' limit name of n yakuman, n < 16 */
static int ids_ok = 0;
static int dora_of[34];
static uint64_t head_mask, term_mask, honor_mask, green_mask;
static int fu_wait[6];
static int nine_gates[9];
static int orphans[13];
static int straight;
/* the limit table (EMA-PAY-5), highest first, and the mangan entry */
static int nlimits = 0;
static int limit_han[8], limit_b[8];
static PyObject *limit_name[8];

static PyObject *kernel_ids = NULL; /* fast.KERNEL_IDS */
static PyObject *s_concealed, *s_melds, *s_winning, *s_kind, *s_red, *s_tiles, *s_bonus,
    *s_resolvers;

/* ------------------------------------------------------------------ compiled resolvers */

typedef struct {
    int value[NY];          /* -1: not allowed (dropped) */
    int order[NY];          /* position in the table */
    uint64_t excludes[NY];
    uint64_t limit, special, allowed;
    int limit_exclusive;
    PyObject *awards[NY][NAWARD]; /* the table's awards, NULL when not allowed */
    PyObject *award_of;     /* Resolver._award, for counts above NAWARD */
} Res;

typedef struct {
    Res res[2];             /* open, concealed */
} Kernel;

static const char *KERNEL_CAPSULE = "muraglia.rulesets.riichi_ema._criichi.Kernel";

static void kernel_free(PyObject *capsule) {
    Kernel *k = (Kernel *)PyCapsule_GetPointer(capsule, KERNEL_CAPSULE);
    int c, i, n;
    if (k == NULL) return;
    for (c = 0; c < 2; c++) {
        for (i = 0; i < NY; i++)
            for (n = 0; n < NAWARD; n++) Py_XDECREF(k->res[c].awards[i][n]);
        Py_XDECREF(k->res[c].award_of);
    }
    PyMem_RawFree(k);
}

static int long_item(PyObject *seq, Py_ssize_t i, long *out) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (o == NULL) return -1;
    *out = PyLong_AsLong(o);
    Py_DECREF(o);
    if (*out == -1 && PyErr_Occurred()) return -1;
    return 0;
}

static int mask_from(PyObject *o, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)v;
    return 0;
}

/* spec: (values, orders, excludes, limit, special, limit_exclusive, awards, award_of) with
 * values/orders/excludes per kernel id (value None: not allowed), awards[id][n-1] */
static int compile_res(Res *r, PyObject *spec) {
    PyObject *values, *orders, *excl, *lim, *spc, *lex, *awards, *award_of;
    Py_ssize_t i, n;
    if (!PyArg_ParseTuple(spec, "OOOOOOOO", &values, &orders, &excl, &lim, &spc, &lex, &awards,
                          &award_of))
        return -1;
    if (PySequence_Size(values) != NY || PySequence_Size(orders) != NY ||
        PySequence_Size(excl) != NY || PySequence_Size(awards) != NY) {
        PyErr_SetString(PyExc_ValueError, "compile: one entry per kernel id expected");
        return -1;
    }
    r->allowed = 0;
    for (i = 0; i < NY; i++) {
        PyObject *v = PySequence_GetItem(values, i), *e, *row;
        long x;
        if (v == NULL) return -1;
        if (v == Py_None) {
            r->value[i] = -1;
        } else {
            r->value[i] = (int)PyLong_AsLong(v);
            r->allowed |= (uint64_t)1 << i;
        }
        Py_DECREF(v);
        if (PyErr_Occurred()) return -1;
        if (long_item(orders, i, &x) < 0) return -1;
        r->order[i] = (int)x;
        e = PySequence_GetItem(excl, i);
        if (e == NULL) return -1;
        if (mask_from(e, &r->excludes[i]) < 0) {
            Py_DECREF(e);
            return -1;
        }
        Py_DECREF(e);
        row = PySequence_GetItem(awards, i);
        if (row == NULL) return -1;
        for (n = 0; n < NAWARD; n++) {
            PyObject *a = PySequence_GetItem(row, n);
            if (a == NULL) {
                Py_DECREF(row);
                return -1;
            }
            if (a == Py_None) {
                Py_DECREF(a);
                a = NULL;
            }
            r->awards[i][n] = a;
        }
        Py_DECREF(row);
    }
    if (mask_from(lim, &r->limit) < 0 || mask_from(spc, &r->special) < 0) return -1;
    r->limit_exclusive = PyObject_IsTrue(lex);
    if (r->limit_exclusive < 0) return -1;
    r->award_of = Py_NewRef(award_of);
    return 0;
}

PyDoc_STRVAR(compile_doc, "compile(open_spec, concealed_spec): a kernel (see fast.native_spec).");

static PyObject *compile(PyObject *self, PyObject *args) {
    PyObject *a, *b, *cap;
    Kernel *k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO:compile", &a, &b)) return NULL;
    k = (Kernel *)PyMem_RawCalloc(1, sizeof(Kernel));
    if (k == NULL) return PyErr_NoMemory();
    cap = PyCapsule_New(k, KERNEL_CAPSULE, kernel_free);
    if (cap == NULL) {
        PyMem_RawFree(k);
        return NULL;
    }
    if (compile_res(&k->res[0], a) < 0 || compile_res(&k->res[1], b) < 0) {
        Py_DECREF(cap);
        return NULL;
    }
    return cap;
}

/* ------------------------------------------------------------------ setup */

static int ints_from(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    Py_ssize_t i;
    long x;
    if (PySequence_Size(seq) != n) {
        PyErr_Format(PyExc_ValueError, "setup: %s must have %zd items", what, n);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (long_item(seq, i, &x) < 0) return -1;
        out[i] = (int)x;
    }
    return 0;
}

static void set_ref(PyObject **slot, PyObject *value) {
    Py_XSETREF(*slot, Py_NewRef(value));
}

PyDoc_STRVAR(setup_doc, "setup(**declarations): the Python side (see fast._native_setup).");

static PyObject *setup(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"pure", "suit_entry", "make_decomp", "best", "no_yaku",
                            "honba_reason", "shapes", "ids", "flags", "chow", "kong",
                            "dora_of", "masks", "fu_wait", "nine_gates", "orphans", "straight",
                            "limits", "limit_names", NULL};
    PyObject *pure, *se, *md, *bt, *ny, *hr, *shapes, *ids, *flags, *chow, *kong, *dora, *masks,
        *fw, *ng, *orph, *limits, *lnames;
    int st;
    Py_ssize_t i;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOOOOOOOOOOOOiOO:setup", names, &pure, &se,
                                     &md, &bt, &ny, &hr, &shapes, &ids, &flags, &chow, &kong,
                                     &dora, &masks, &fw, &ng, &orph, &st, &limits, &lnames))
        return NULL;
    if (PySequence_Size(ids) != NY) {
        PyErr_Format(PyExc_ValueError, "setup: the kernel detects %d ids, not %zd", NY,
                     PySequence_Size(ids));
        return NULL;
    }
    if (PySequence_Size(flags) != NF || PySequence_Size(shapes) != 3 ||
        PySequence_Size(masks) != 4 || PySequence_Size(lnames) != 16) {
        PyErr_SetString(PyExc_ValueError, "setup: unexpected flags, shapes, masks or names");
        return NULL;
    }
    if (ints_from(dora, dora_of, 34, "dora_of") < 0 || ints_from(fw, fu_wait, 6, "fu_wait") < 0 ||
        ints_from(ng, nine_gates, 9, "nine_gates") < 0 ||
        ints_from(orph, orphans, 13, "orphans") < 0)
        return NULL;
    for (i = 0; i < 34; i++) {
        if (dora_of[i] < 0 || dora_of[i] >= 34) {
            PyErr_SetString(PyExc_ValueError, "setup: dora_of out of range");
            return NULL;
        }
    }
    for (i = 0; i < 4; i++) {
        PyObject *m = PySequence_GetItem(masks, i);
        uint64_t *slot = i == 0 ? &head_mask : i == 1 ? &term_mask : i == 2 ? &honor_mask
                                                                             : &green_mask;
        if (m == NULL) return NULL;
        if (mask_from(m, slot) < 0) {
            Py_DECREF(m);
            return NULL;
        }
        Py_DECREF(m);
    }
    nlimits = (int)PySequence_Size(limits);
    if (nlimits < 1 || nlimits > 8) {
        PyErr_SetString(PyExc_ValueError, "setup: 1 to 8 limits expected");
        return NULL;
    }
    for (i = 0; i < nlimits; i++) {
        PyObject *row = PySequence_GetItem(limits, i);
        long h, b;
        PyObject *name;
        if (row == NULL) return NULL;
        if (long_item(row, 0, &h) < 0 || long_item(row, 1, &b) < 0) {
            Py_DECREF(row);
            return NULL;
        }
        name = PySequence_GetItem(row, 2);
        Py_DECREF(row);
        if (name == NULL) return NULL;
        limit_han[i] = (int)h;
        limit_b[i] = (int)b;
        Py_XSETREF(limit_name[i], name);
    }
    for (i = 0; i < 16; i++) {
        PyObject *o = PySequence_GetItem(lnames, i);
        if (o == NULL) return NULL;
        Py_XSETREF(limit_names[i], o);
    }
    for (i = 0; i < 3; i++) {
        PyObject *o = PySequence_GetItem(shapes, i);
        if (o == NULL) return NULL;
        Py_XSETREF(shape_names[i], o);
    }
    for (i = 0; i < NF; i++) {
        PyObject *o = PySequence_GetItem(flags, i);
        if (o == NULL) return NULL;
        Py_XSETREF(flag_names[i], o);
    }
    straight = st;
    set_ref(&kernel_ids, ids);
    set_ref(&pure_score, pure);
    set_ref(&suit_entry, se);
    set_ref(&make_decomp, md);
    set_ref(&best_type, bt);
    set_ref(&no_yaku, ny);
    set_ref(&honba_reason, hr);
    set_ref(&chow_kind, chow);
    set_ref(&kong_kind, kong);
    if (!PyType_Check(best_type) || !PyType_IsSubtype((PyTypeObject *)best_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "setup: best must be a tuple subclass");
        return NULL;
    }
    ids_ok = 1;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ suit table */

typedef struct {
    uint8_t group, wait, fu;
} Read;

typedef struct {
    int n, chow_mask, n_chows, pung_mask, n_pungs, pair, twins, terminal, pung_fu;
    uint8_t nread[9];
    Read reads[9][6];
    PyObject *py; /* the SuitSplit (kept alive by the entry) */
} Split;

typedef struct {
    int nplain, npaired;
    Split *splits; /* plain ones, then paired ones */
    PyObject *py;  /* the entry tuple */
} Entry;

/* open addressing on the base-5 key of the nine counts; entries never move nor die */
static uint32_t *tkeys = NULL;
static Entry **tvals = NULL;
static size_t tcap = 0, tlen = 0;

static Entry *table_get(uint32_t key) {
    size_t i;
    if (tcap == 0) return NULL;
    i = (key * 2654435761u) & (tcap - 1);
    while (tvals[i] != NULL) {
        if (tkeys[i] == key) return tvals[i];
        i = (i + 1) & (tcap - 1);
    }
    return NULL;
}

static int table_put(uint32_t key, Entry *e) {
    size_t i;
    if (2 * (tlen + 1) > tcap) {
        size_t ncap = tcap ? 2 * tcap : 1024, j;
        uint32_t *nk = (uint32_t *)PyMem_RawCalloc(ncap, sizeof(uint32_t));
        Entry **nv = (Entry **)PyMem_RawCalloc(ncap, sizeof(Entry *));
        if (nk == NULL || nv == NULL) {
            PyMem_RawFree(nk);
            PyMem_RawFree(nv);
            PyErr_NoMemory();
            return -1;
        }
        for (j = 0; j < tcap; j++) {
            if (tvals[j] != NULL) {
                size_t k = (tkeys[j] * 2654435761u) & (ncap - 1);
                while (nv[k] != NULL) k = (k + 1) & (ncap - 1);
                nk[k] = tkeys[j];
                nv[k] = tvals[j];
            }
        }
        PyMem_RawFree(tkeys);
        PyMem_RawFree(tvals);
        tkeys = nk;
        tvals = nv;
        tcap = ncap;
    }
    i = (key * 2654435761u) & (tcap - 1);
    while (tvals[i] != NULL) i = (i + 1) & (tcap - 1);
    tkeys[i] = key;
    tvals[i] = e;
    tlen++;
    return 0;
}

static int get_int_attr(PyObject *o, const char *name, int *out) {
    PyObject *v = PyObject_GetAttrString(o, name);
    long x;
    if (v == NULL) return -1;
    if (PyBool_Check(v)) {
        x = v == Py_True;
    } else {
        x = PyLong_AsLong(v);
    }
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

static int convert_split(Split *s, PyObject *py) {
    PyObject *reads;
    int r;
    s->py = py;
    if (get_int_attr(py, "n", &s->n) < 0 || get_int_attr(py, "chow_mask", &s->chow_mask) < 0 ||
        get_int_attr(py, "n_chows", &s->n_chows) < 0 ||
        get_int_attr(py, "pung_mask", &s->pung_mask) < 0 ||
        get_int_attr(py, "n_pungs", &s->n_pungs) < 0 || get_int_attr(py, "pair", &s->pair) < 0 ||
        get_int_attr(py, "twins", &s->twins) < 0 ||
        get_int_attr(py, "terminal", &s->terminal) < 0 ||
        get_int_attr(py, "pung_fu", &s->pung_fu) < 0)
        return -1;
    reads = PyObject_GetAttrString(py, "reads");
    if (reads == NULL) return -1;
    if (!PyTuple_Check(reads) || PyTuple_GET_SIZE(reads) != 9) {
        Py_DECREF(reads);
        PyErr_SetString(PyExc_ValueError, "SuitSplit.reads: 9 tuples expected");
        return -1;
    }
    for (r = 0; r < 9; r++) {
        PyObject *row = PyTuple_GET_ITEM(reads, r);
        Py_ssize_t k, nr = PyTuple_Check(row) ? PyTuple_GET_SIZE(row) : -1;
        if (nr < 0 || nr > 6) {
            Py_DECREF(reads);
            PyErr_SetString(PyExc_ValueError, "SuitSplit.reads: at most 6 readings per rank");
            return -1;
        }
        s->nread[r] = (uint8_t)nr;
        for (k = 0; k < nr; k++) {
            long g, w, f;
            PyObject *t = PyTuple_GET_ITEM(row, k);
            if (long_item(t, 0, &g) < 0 || long_item(t, 1, &w) < 0 || long_item(t, 2, &f) < 0) {
                Py_DECREF(reads);
                return -1;
            }
            s->reads[r][k].group = (uint8_t)g;
            s->reads[r][k].wait = (uint8_t)w;
            s->reads[r][k].fu = (uint8_t)f;
        }
    }
    Py_DECREF(reads);
    return 0;
}

/* The entry of nine counts: from the C table, or converted from fast.suit_entry (kept only
 * when it has splits, as the Python table). *out is NULL for a suit without splits. */
static int entry_of(const int *c, Entry **out) {
    uint32_t key = 0;
    int i;
    PyObject *counts, *py, *plain, *paired;
    Entry *e;
    Py_ssize_t np, nq, k;
    for (i = 0; i < 9; i++) key = key * 5 + (uint32_t)c[i];
    e = table_get(key);
    if (e != NULL) {
        *out = e;
        return 0;
    }
    counts = PyTuple_New(9);
    if (counts == NULL) return -1;
    for (i = 0; i < 9; i++) PyTuple_SET_ITEM(counts, i, PyLong_FromLong(c[i]));
    py = PyObject_CallOneArg(suit_entry, counts);
    Py_DECREF(counts);
    if (py == NULL) return -1;
    e = table_get(key); /* filled meanwhile by another thread */
    if (e != NULL) {
        Py_DECREF(py);
        *out = e;
        return 0;
    }
    if (!PyTuple_Check(py) || PyTuple_GET_SIZE(py) != 2 ||
        !PyTuple_Check(PyTuple_GET_ITEM(py, 0)) || !PyTuple_Check(PyTuple_GET_ITEM(py, 1))) {
        Py_DECREF(py);
        PyErr_SetString(PyExc_ValueError, "suit_entry: a pair of tuples expected");
        return -1;
    }
    plain = PyTuple_GET_ITEM(py, 0);
    paired = PyTuple_GET_ITEM(py, 1);
    np = PyTuple_GET_SIZE(plain);
    nq = PyTuple_GET_SIZE(paired);
    if (np + nq == 0) {
        Py_DECREF(py);
        *out = NULL;
        return 0;
    }
    e = (Entry *)PyMem_RawCalloc(1, sizeof(Entry));
    if (e == NULL) {
        Py_DECREF(py);
        PyErr_NoMemory();
        return -1;
    }
    e->splits = (Split *)PyMem_RawCalloc((size_t)(np + nq), sizeof(Split));
    if (e->splits == NULL) {
        PyMem_RawFree(e);
        Py_DECREF(py);
        PyErr_NoMemory();
        return -1;
    }
    e->nplain = (int)np;
    e->npaired = (int)nq;
    e->py = py; /* owned for the life of the process, like the Python table's entry */
    for (k = 0; k < np + nq; k++) {
        PyObject *sp = k < np ? PyTuple_GET_ITEM(plain, k) : PyTuple_GET_ITEM(paired, k - np);
        if (convert_split(&e->splits[k], sp) < 0) {
            PyMem_RawFree(e->splits);
            PyMem_RawFree(e);
            Py_DECREF(py);
            return -1;
        }
    }
    if (table_put(key, e) < 0) {
        PyMem_RawFree(e->splits);
        PyMem_RawFree(e);
        Py_DECREF(py);
        return -1;
    }
    *out = e;
    return 0;
}

/* ------------------------------------------------------------------ tiles and melds */

/* identity cache of tile and meld objects (strong references: an address is never reused
 * while cached); full -> read the attributes every time */
#define CACHE 1024
static PyObject *ckeys[CACHE];
static int cvals[CACHE];
static int clen = 0;

static int cache_get(PyObject *o) {
    size_t i = ((uintptr_t)o >> 4) & (CACHE - 1);
    while (ckeys[i] != NULL) {
        if (ckeys[i] == o) return cvals[i];
        i = (i + 1) & (CACHE - 1);
    }
    return -1;
}

static void cache_put(PyObject *o, int v) {
    size_t i;
    if (2 * (clen + 1) > CACHE) return;
    i = ((uintptr_t)o >> 4) & (CACHE - 1);
    while (ckeys[i] != NULL) {
        if (ckeys[i] == o) return;
        i = (i + 1) & (CACHE - 1);
    }
    ckeys[i] = Py_NewRef(o);
    cvals[i] = v;
    clen++;
}

/* a physical tile as 2 * kind + red, -1 with no error for a tile outside the kernel, -2 on
 * error */
static int tile_code(PyObject *t) {
    int v = cache_get(t), kind, red;
    if (v >= 0) return v;
    if (get_int_attr(t, "kind", &kind) < 0 || get_int_attr(t, "red", &red) < 0) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError) ||
            PyErr_ExceptionMatches(PyExc_TypeError) ||
            PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            return -1;
        }
        return -2;
    }
    if (kind < 0 || kind >= 34) return -1;
    v = 2 * kind + (red != 0);
    cache_put(t, v);
    return v;
}

/* a meld as kind (0 chow, 1 pung, 2 kong) | low << 2 | n << 8 | concealed << 11 | red << 12 */
static int meld_code(PyObject *m) {
    int v = cache_get(m), kind, low, conc, red = 0, code;
    PyObject *k, *tiles, *c;
    Py_ssize_t i, n;
    if (v >= 0) return v;
    k = PyObject_GetAttr(m, s_kind);
    if (k == NULL) goto outside;
    kind = k == chow_kind ? 0 : k == kong_kind ? 2 : 1;
    Py_DECREF(k);
    tiles = PyObject_GetAttr(m, s_tiles);
    if (tiles == NULL) goto outside;
    if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) < 3 || PyTuple_GET_SIZE(tiles) > 4) {
        Py_DECREF(tiles);
        return -1;
    }
    n = PyTuple_GET_SIZE(tiles);
    code = tile_code(PyTuple_GET_ITEM(tiles, 0));
    if (code < 0) {
        Py_DECREF(tiles);
        return code;
    }
    low = code >> 1;
    for (i = 0; i < n; i++) {
        int t = tile_code(PyTuple_GET_ITEM(tiles, i));
        if (t < 0) {
            Py_DECREF(tiles);
            return t;
        }
        red += t & 1;
    }
    Py_DECREF(tiles);
    c = PyObject_GetAttr(m, s_concealed);
    if (c == NULL) goto outside;
    conc = PyObject_IsTrue(c);
    Py_DECREF(c);
    if (conc < 0) return -2;
    if (kind == 0 && (low >= 27 || low % 9 > 6)) return -1;
    v = kind | low << 2 | (int)n << 8 | conc << 11 | red << 12;
    cache_put(m, v);
    return v;
outside:
    if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        return -1;
    }
    return -2;
}

/* ------------------------------------------------------------------ the lazy decomposition */

/* Deferred: fn(hand, shape, splits) on the first call (splits: the three SuitSplits of a
 * standard reading, or None), the same object after (as fast._Decomp). Its fields are held
 * inline, so a result makes no tuple for it. No GC support needed: it refers to a function,
 * the hand, SuitSplits and a string, none of which can refer back to it. */
typedef struct {
    PyObject_HEAD
    PyObject *fn, *hand, *shape, *split[3], *value;
} Deferred;

static void deferred_clear(Deferred *self) {
    int i;
    Py_CLEAR(self->hand);
    Py_CLEAR(self->shape);
    for (i = 0; i < 3; i++) Py_CLEAR(self->split[i]);
}

static void deferred_dealloc(Deferred *self) {
    deferred_clear(self);
    Py_XDECREF(self->fn);
    Py_XDECREF(self->value);
    PyObject_Free(self);
}

static PyObject *deferred_call(Deferred *self, PyObject *args, PyObject *kw) {
    PyObject *v, *splits;
    if ((args != NULL && PyTuple_GET_SIZE(args)) || (kw != NULL && PyDict_GET_SIZE(kw))) {
        PyErr_SetString(PyExc_TypeError, "a deferred decomposition takes no arguments");
        return NULL;
    }
    if (self->value == NULL) {
        if (self->split[0] != NULL)
            splits = PyTuple_Pack(3, self->split[0], self->split[1], self->split[2]);
        else
            splits = Py_NewRef(Py_None);
        if (splits == NULL) return NULL;
        v = PyObject_CallFunctionObjArgs(self->fn, self->hand, self->shape, splits, NULL);
        Py_DECREF(splits);
        if (v == NULL) return NULL;
        if (self->value == NULL) { /* (not set meanwhile by another thread) */
            self->value = v;
            deferred_clear(self);
        } else {
            Py_DECREF(v);
        }
    }
    return Py_NewRef(self->value);
}

static PyTypeObject DeferredType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "muraglia.rulesets.riichi_ema._criichi.Deferred",
    .tp_basicsize = sizeof(Deferred),
    .tp_dealloc = (destructor)deferred_dealloc,
    .tp_call = (ternaryfunc)deferred_call,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The decomposition of a best reading, built on the first call.",
};

static PyObject *deferred(PyObject *fn, PyObject *hand, PyObject *shape, PyObject *a,
                          PyObject *b, PyObject *c) {
    Deferred *d = PyObject_New(Deferred, &DeferredType);
    if (d == NULL) return NULL;
    d->fn = Py_NewRef(fn);
    d->hand = Py_NewRef(hand);
    d->shape = Py_NewRef(shape);
    d->split[0] = Py_XNewRef(a);
    d->split[1] = Py_XNewRef(b);
    d->split[2] = Py_XNewRef(c);
    d->value = NULL;
    return (PyObject *)d;
}

/* ------------------------------------------------------------------ scoring */

typedef struct {
    uint8_t id, n;
} Item;

static int popcount64(uint64_t x) { /* portable (MSVC has no __builtin_popcountll) */
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* The resolution of PatternTable.resolve steps 2-4 (Resolver.resolve) on found items: kept
 * items in table order. */
static int resolve(const Res *r, const Item *found, int nf, Item *kept) {
    Item items[MAXFOUND];
    int n = 0, i, j, anyex = 0, anylim = 0;
    for (i = 0; i < nf; i++) {
        if (r->value[found[i].id] >= 0) {
            items[n++] = found[i];
            if (r->excludes[found[i].id]) anyex = 1;
        }
    }
    if (anyex) { /* stable sort by (-value * n, order), then drop the excluded */
        uint64_t dropped = 0;
        int m = 0;
        for (i = 1; i < n; i++) {
            Item x = items[i];
            long kx = -(long)r->value[x.id] * x.n;
            for (j = i; j > 0; j--) {
                Item y = items[j - 1];
                long ky = -(long)r->value[y.id] * y.n;
                if (ky < kx || (ky == kx && r->order[y.id] <= r->order[x.id])) break;
                items[j] = y;
            }
            items[j] = x;
        }
        for (i = 0; i < n; i++) {
            if (dropped >> items[i].id & 1) continue;
            items[m++] = items[i];
            dropped |= r->excludes[items[i].id];
        }
        n = m;
    }
    if (r->limit_exclusive) {
        for (i = 0; i < n; i++)
            if (r->limit >> items[i].id & 1) anylim = 1;
        if (anylim) {
            int m = 0;
            for (i = 0; i < n; i++)
                if (r->limit >> items[i].id & 1) items[m++] = items[i];
            n = m;
        }
    }
    for (i = 0; i < n; i++) { /* sort by table order (ids are distinct) */
        Item x = items[i];
        for (j = i; j > 0 && r->order[kept[j - 1].id] > r->order[x.id]; j--) kept[j] = kept[j - 1];
        kept[j] = x;
    }
    return n;
}

typedef struct {
    Item items[MAXFOUND]; /* yaku found (dora apart) */
    int nitems;
    Item kept[MAXFOUND];
    int nkept;            /* -1: no resolution needed (awards of items + extras) */
    int han, yaku_han, yakuman, fu, has_fu, valid, b, value, group, wait;
    int limit;            /* -1 none, 0..nlimits-1 the limit table, 100 + n yakuman */
    int shape;            /* 0 standard, 1 seven pairs, 2 thirteen orphans */
    const Split *spec[3];
} Cand;

typedef struct {
    const Res *res;
    Item extras[3];
    int nextras, dora_han, tsumo, concealed, honba, stack, kiriage, kazoe, two_yaku, dealer;
    int have;
    Cand best;
} Search;

static long ceil100(long x) { return (x + 99) / 100 * 100; }

static void basic(int han, int fu, int yakuman, int kiriage, int kazoe, int *b, int *limit) {
    int i;
    long long bb;
    if (yakuman) {
        *b = 8000 * yakuman;
        *limit = 100 + yakuman;
        return;
    }
    if (han >= 5) {
        for (i = 0; i < nlimits; i++) {
            if (han >= limit_han[i] && (kazoe || limit_han[i] < 13)) {
                *b = limit_b[i];
                *limit = i;
                return;
            }
        }
    }
    bb = han + 2 < 40 ? (long long)fu << (han + 2) : fu ? LLONG_MAX : 0;
    if (bb >= limit_b[nlimits - 1] ||
        (kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)))) {
        *b = limit_b[nlimits - 1];
        *limit = nlimits - 1;
        return;
    }
    *b = (int)bb;
    *limit = -1;
}

static long hand_value(long b, int dealer, int tsumo) {
    if (!tsumo) return ceil100((dealer ? 6 : 4) * b);
    if (dealer) return 3 * ceil100(2 * b);
    return ceil100(2 * b) + 2 * ceil100(b);
}

/* one reading: raw fu (negative: fixed; has_raw 0: none), its items */
static void consider(Search *s, const Item *items, int n, int raw, int has_raw, int shape,
                     const Split *a, const Split *b_, const Split *c, int group, int wait) {
    const Res *r = s->res;
    int i, yaku_han = 0, han, yakuman = 0, pinfu = 0, fu, b, limit, valid, nkept = -1;
    long value;
    uint64_t m = 0;
    Item kept[MAXFOUND];
    for (i = 0; i < n; i++) m |= (uint64_t)1 << items[i].id;
    if (m & r->special) {
        Item all[MAXFOUND];
        int na = n;
        memcpy(all, items, sizeof(Item) * (size_t)n);
        for (i = 0; i < s->nextras; i++) all[na++] = s->extras[i];
        nkept = resolve(r, all, na, kept);
        if (nkept && (r->limit >> kept[0].id & 1)) {
            if (s->stack) {
                for (i = 0; i < nkept; i++) yakuman += r->value[kept[i].id] * kept[i].n;
            } else { /* EMA-YKM-0: the highest counts (the first of the highest) */
                int top = 0;
                for (i = 1; i < nkept; i++)
                    if (r->value[kept[i].id] * kept[i].n > r->value[kept[top].id] * kept[top].n)
                        top = i;
                kept[0] = kept[top];
                nkept = 1;
                yakuman = r->value[kept[0].id] * kept[0].n;
            }
        }
        han = 0;
        if (!yakuman) {
            for (i = 0; i < nkept; i++) {
                int v = r->value[kept[i].id] * kept[i].n;
                han += v;
                if (kept[i].id != Y_DORA && kept[i].id != Y_URA_DORA && kept[i].id != Y_RED_FIVE)
                    yaku_han += v;
            }
        }
        for (i = 0; i < nkept; i++)
            if (kept[i].id == Y_PINFU) pinfu = 1;
    } else {
        for (i = 0; i < n; i++) {
            int v = r->value[items[i].id];
            if (v >= 0) {
                yaku_han += v * items[i].n;
                if (items[i].id == Y_PINFU) pinfu = 1;
            }
        }
        han = yaku_han + s->dora_han;
    }
    fu = 0;
    if (has_raw) {
        if (raw < 0) {
            fu = -raw;
        } else if (pinfu) { /* EMA-FU-8 */
            fu = s->tsumo ? 20 : 30;
        } else { /* EMA-FU-6: tsumo +2; EMA-FU-7: the open pinfu shape counts 22 */
            int f = s->tsumo ? raw + 2 : (raw == 20 && !s->concealed) ? 22 : raw;
            fu = (f + 9) / 10 * 10;
        }
    }
    valid = yakuman > 0 || !(yaku_han == 0 || (s->honba >= 5 && s->two_yaku && yaku_han < 2));
    basic(han, fu, yakuman, s->kiriage, s->kazoe, &b, &limit);
    value = valid ? hand_value(b, s->dealer, s->tsumo) : 0;
    if (s->have) { /* highest (valid, value, han, fu), the first kept */
        const Cand *o = &s->best;
        if (valid != o->valid ? valid < o->valid
            : value != o->value ? value < o->value
            : han != o->han ? han < o->han
                            : fu <= o->fu)
            return;
    }
    s->have = 1;
    {
        Cand *o = &s->best;
        memcpy(o->items, items, sizeof(Item) * (size_t)n);
        o->nitems = n;
        o->nkept = nkept;
        if (nkept > 0) memcpy(o->kept, kept, sizeof(Item) * (size_t)nkept);
        o->han = han;
        o->yaku_han = yaku_han;
        o->yakuman = yakuman;
        o->fu = fu;
        o->has_fu = has_raw;
        o->valid = valid;
        o->b = b;
        o->value = (int)value;
        o->limit = limit;
        o->shape = shape;
        o->spec[0] = a;
        o->spec[1] = b_;
        o->spec[2] = c;
        o->group = group;
        o->wait = wait;
    }
}

/* the table's award of x (compiled, or asked to the Resolver for a count above NAWARD) */
static PyObject *award_of(const Res *r, Item x) {
    PyObject *pid, *key, *out;
    if (x.n >= 1 && x.n <= NAWARD && r->awards[x.id][x.n - 1] != NULL)
        return Py_NewRef(r->awards[x.id][x.n - 1]);
    pid = PySequence_GetItem(kernel_ids, x.id);
    if (pid == NULL) return NULL;
    key = Py_BuildValue("(Ni)", pid, (int)x.n);
    if (key == NULL) return NULL;
    out = PyObject_CallOneArg(r->award_of, key);
    Py_DECREF(key);
    return out;
}

static PyObject *fallback(PyObject *const *args, Py_ssize_t nargs) {
    return PyObject_Vectorcall(pure_score, args, (size_t)nargs, NULL);
}

#define ADD(list, count, pid, k)                                                                  \
    do {                                                                                           \
        (list)[(count)].id = (uint8_t)(pid);                                                       \
        (list)[(count)].n = (uint8_t)(k);                                                          \
        (count)++;                                                                                 \
    } while (0)

/* a marker (not an object): "hand these arguments to the pure function" */
static PyObject fallback_marker;
#define FALLBACK (&fallback_marker)

/* The best reading (a new Best, or None for an incomplete hand), NULL on error, FALLBACK for
 * inputs outside the kernel. */
static PyObject *search(Kernel *kernel, PyObject *hand, int tsumo, int seat, int rnd,
                        PyObject *flags, PyObject *dora, PyObject *ura, int honba, int stack,
                        int kiriage, int kazoe, int two_yaku, PyObject *winner) {
    PyObject *conc_t, *melds_t, *win_o;
    Search S;
    int conc[34], counts[34];
    int i, red = 0, win, code, nmelds;
    uint64_t mask = 0;
    int m_chow[3] = {0, 0, 0}, m_pung[3] = {0, 0, 0};
    int m_chows = 0, m_pungs = 0, kongs = 0, m_conc = 0, m_fu = 0, m_head = 1, concealed = 1;
    int honor_sets[8], nhonor = 0;
    int fl[NF];
    Item found[MAXFOUND];
    int nfound = 0;
    int honors, suits, riichi, ron;
    const Res *res;
    S.stack = stack;
    S.kiriage = kiriage;
    S.kazoe = kazoe;
    S.two_yaku = two_yaku;
    S.dealer = seat == 27;
    S.tsumo = tsumo;
    S.honba = honba;
    S.have = 0;
    /* the hand */
    conc_t = PyObject_GetAttr(hand, s_concealed);
    if (conc_t == NULL) return NULL;
    melds_t = PyObject_GetAttr(hand, s_melds);
    if (melds_t == NULL) {
        Py_DECREF(conc_t);
        return NULL;
    }
    win_o = PyObject_GetAttr(hand, s_winning);
    if (win_o == NULL) {
        Py_DECREF(conc_t);
        Py_DECREF(melds_t);
        return NULL;
    }
    /* references dropped at once: the hand keeps them alive for this call */
    Py_DECREF(conc_t);
    Py_DECREF(melds_t);
    Py_DECREF(win_o);
    if (!PyTuple_Check(conc_t) || !PyTuple_Check(melds_t) || win_o == Py_None ||
        PyTuple_GET_SIZE(conc_t) > 14 || PyTuple_GET_SIZE(melds_t) > 4)
        return FALLBACK;
    memset(conc, 0, sizeof conc);
    for (i = 0; i < PyTuple_GET_SIZE(conc_t); i++) {
        code = tile_code(PyTuple_GET_ITEM(conc_t, i));
        if (code < 0) return code == -1 ? FALLBACK : NULL;
        conc[code >> 1]++;
        mask |= (uint64_t)1 << (code >> 1);
        red += code & 1;
    }
    code = tile_code(win_o);
    if (code < 0) return code == -1 ? FALLBACK : NULL;
    win = code >> 1;
    conc[win]++;
    mask |= (uint64_t)1 << win;
    red += code & 1;
    /* dora indicators: kinds 0-33 */
    for (i = 0; i < PyTuple_GET_SIZE(dora) + PyTuple_GET_SIZE(ura); i++) {
        PyObject *d = i < PyTuple_GET_SIZE(dora) ? PyTuple_GET_ITEM(dora, i)
                                                  : PyTuple_GET_ITEM(ura, i - PyTuple_GET_SIZE(dora));
        long x;
        if (!PyLong_Check(d)) return FALLBACK;
        x = PyLong_AsLong(d);
        if (x < 0 || x >= 34) {
            PyErr_Clear();
            return FALLBACK;
        }
    }
    /* declared melds (EMA-WIN-4: only a concealed kong stays concealed) */
    memcpy(counts, conc, sizeof conc);
    nmelds = (int)PyTuple_GET_SIZE(melds_t);
    for (i = 0; i < nmelds; i++) {
        int mc = meld_code(PyTuple_GET_ITEM(melds_t, i)), kind, low, n, mconc, head;
        if (mc < 0) return mc == -1 ? FALLBACK : NULL;
        kind = mc & 3;
        low = (mc >> 2) & 63;
        n = (mc >> 8) & 7;
        mconc = (mc >> 11) & 1;
        if (low < 27 && (low % 9 == 4 || (kind == 0 && 2 <= low % 9 && low % 9 <= 3)))
            red += mc >> 12; /* a meld holding a five: red fives (EMA-DORA-4) */
        mask |= (uint64_t)1 << low;
        if (kind == 0) {
            counts[low]++;
            counts[low + 1]++;
            counts[low + 2]++;
            mask |= (uint64_t)3 << (low + 1);
            concealed = 0;
            m_chows++;
            m_chow[low / 9] |= 1 << (low % 9);
            if (low % 9 != 0 && low % 9 != 6) m_head = 0;
            continue;
        }
        counts[low] += n;
        m_pungs++;
        head = (int)(head_mask >> low & 1);
        if (!head) m_head = 0;
        if (low < 27)
            m_pung[low / 9] |= 1 << (low % 9);
        else
            honor_sets[nhonor++] = low;
        if (kind == 2) {
            kongs++;
            if (mconc) {
                m_conc++;
                m_fu += head ? 32 : 16;
            } else {
                concealed = 0;
                m_fu += head ? 16 : 8;
            }
        } else {
            concealed = 0;
            m_fu += head ? 4 : 2;
        }
    }
    ron = !tsumo;
    res = &kernel->res[concealed];
    S.res = res;
    S.concealed = concealed;
    /* ------------------------------------------------------------ hand-level yaku */
    honors = (mask & honor_mask) != 0;
    suits = ((mask & 0x1FF) != 0) + ((mask & 0x3FE00) != 0) + ((mask & 0x7FC0000) != 0);
    memset(fl, 0, sizeof fl);
    if (PySet_GET_SIZE(flags)) {
        for (i = 0; i < NF; i++) {
            int c = PySet_Contains(flags, flag_names[i]);
            if (c < 0) return NULL;
            fl[i] = c;
        }
    }
    riichi = fl[F_RIICHI] || fl[F_DOUBLE_RIICHI];
    if (riichi) {
        ADD(found, nfound, Y_RIICHI, 1);
        if (fl[F_IPPATSU]) ADD(found, nfound, Y_IPPATSU, 1);
    }
    if (fl[F_DOUBLE_RIICHI]) ADD(found, nfound, Y_DOUBLE_RIICHI, 1);
    if (tsumo && fl[F_REPLACEMENT] && kongs) ADD(found, nfound, Y_AFTER_KONG, 1);
    if (ron && fl[F_ROBBING_KONG]) ADD(found, nfound, Y_ROBBING_KONG, 1);
    if (fl[F_LAST_TILE]) ADD(found, nfound, tsumo ? Y_UNDER_THE_SEA : Y_UNDER_THE_RIVER, 1);
    if (fl[F_FIRST_TURN] && !nmelds) {
        if (tsumo)
            ADD(found, nfound, seat == 27 ? Y_BLESSING_OF_HEAVEN : Y_BLESSING_OF_EARTH, 1);
        else if (seat != 27)
            ADD(found, nfound, Y_BLESSING_OF_MAN, 1);
    }
    if (tsumo) ADD(found, nfound, Y_MENZEN_TSUMO, 1);
    if (!(mask & head_mask)) ADD(found, nfound, Y_ALL_SIMPLES, 1);
    if (suits == 1) {
        ADD(found, nfound, honors ? Y_HALF_FLUSH : Y_FULL_FLUSH, 1);
        if (!honors && !nmelds) { /* EMA-YKM-02, nine gates (EMA-GAP-5: 9-sided) */
            int base = 9 * (win / 9), c9[9], sum = 0, ok = 1;
            for (i = 0; i < 9; i++) {
                c9[i] = counts[base + i];
                sum += c9[i];
                if (c9[i] < nine_gates[i]) ok = 0;
            }
            if (sum == 14 && ok) {
                ADD(found, nfound, Y_NINE_GATES, 1);
                c9[win - base]--;
                for (i = 0; i < 9; i++)
                    if (c9[i] != nine_gates[i]) ok = 0;
                if (ok) ADD(found, nfound, Y_NINE_GATES_9, 1);
            }
        }
    }
    if (!(mask & ~head_mask)) {
        if (honors && suits) ADD(found, nfound, Y_ALL_TERMINALS_AND_HONOURS, 1);
        if (!(mask & ~term_mask))
            ADD(found, nfound, Y_ALL_TERMINALS, 1);
        else if (!(mask & ~honor_mask))
            ADD(found, nfound, Y_ALL_HONOURS, 1);
    }
    if (!(mask & ~green_mask)) ADD(found, nfound, Y_ALL_GREEN, 1);
    /* dora (EMA-DORA): not yaku, counted apart */
    S.nextras = 0;
    {
        int n = 0;
        for (i = 0; i < PyTuple_GET_SIZE(dora); i++)
            n += counts[dora_of[PyLong_AsLong(PyTuple_GET_ITEM(dora, i))]];
        if (n) ADD(S.extras, S.nextras, Y_DORA, n);
        if (PyTuple_GET_SIZE(ura) && riichi) {
            n = 0;
            for (i = 0; i < PyTuple_GET_SIZE(ura); i++)
                n += counts[dora_of[PyLong_AsLong(PyTuple_GET_ITEM(ura, i))]];
            if (n) ADD(S.extras, S.nextras, Y_URA_DORA, n);
        }
        if (red) ADD(S.extras, S.nextras, Y_RED_FIVE, red);
        S.dora_han = 0;
        for (i = 0; i < S.nextras; i++)
            if (res->value[S.extras[i].id] >= 0)
                S.dora_han += res->value[S.extras[i].id] * S.extras[i].n;
    }
    /* ------------------------------------------------------------ standard shape */
    {
        int standard = 1, hon_pair = -1, hon_fu = 0, nhg = 0, hg_tile[7], hg_pair[7];
        int k0 = 0, k1 = 0, k2 = 0, m0, m1, m2, total = 0;
        for (i = 0; i < 34; i++) total += conc[i];
        if (mask & honor_mask) {
            for (i = 27; i < 34; i++) {
                int n = conc[i];
                if (n == 3) {
                    hg_tile[nhg] = i;
                    hg_pair[nhg++] = 0;
                    honor_sets[nhonor++] = i;
                    hon_fu += 8;
                } else if (n == 2) {
                    if (hon_pair >= 0) {
                        standard = 0;
                        break;
                    }
                    hon_pair = i;
                    hg_tile[nhg] = i;
                    hg_pair[nhg++] = 1;
                } else if (n) {
                    standard = 0;
                    break;
                }
            }
        }
        for (i = 0; i < 9; i++) {
            k0 += conc[i];
            k1 += conc[9 + i];
            k2 += conc[18 + i];
        }
        m0 = k0 % 3;
        m1 = k1 % 3;
        m2 = k2 % 3;
        if (standard && m0 != 1 && m1 != 1 && m2 != 1 &&
            (m0 == 2) + (m1 == 2) + (m2 == 2) + (hon_pair >= 0) == 1 &&
            total + 3 * nmelds == 14) {
            Entry *e[3];
            int ms[3] = {m0, m1, m2};
            Item sfound[MAXFOUND];
            int nsf = nfound, s, pair_fu = 0, valueless_pair, honor_conc, base_fu, in_honors, ws,
                wr;
            for (s = 0; s < 3; s++)
                if (entry_of(conc + 9 * s, &e[s]) < 0) return NULL;
            memcpy(sfound, found, sizeof(Item) * (size_t)nfound);
            if (nhonor) { /* yakuhai and wind/dragon yakuman (EMA-YAKU-10/11/12, EMA-YKM-11/12/13) */
                int dragons = 0, winds = 0;
                for (i = 0; i < nhonor; i++) {
                    int h = honor_sets[i];
                    if (h >= 31) {
                        dragons++;
                    } else {
                        winds++;
                        if (h == seat) ADD(sfound, nsf, Y_SEAT_WIND, 1);
                        if (h == rnd) ADD(sfound, nsf, Y_PREVALENT_WIND, 1);
                    }
                }
                if (dragons) {
                    ADD(sfound, nsf, Y_DRAGON_PUNG, dragons);
                    if (dragons == 3)
                        ADD(sfound, nsf, Y_BIG_THREE_DRAGONS, 1);
                    else if (dragons == 2 && hon_pair >= 31)
                        ADD(sfound, nsf, Y_LITTLE_THREE_DRAGONS, 1);
                }
                if (winds == 4)
                    ADD(sfound, nsf, Y_BIG_FOUR_WINDS, 1);
                else if (winds == 3 && 27 <= hon_pair && hon_pair < 31)
                    ADD(sfound, nsf, Y_LITTLE_FOUR_WINDS, 1);
            }
            if (hon_pair >= 0)
                pair_fu = (hon_pair >= 31 ? 2 : 0) + 2 * (hon_pair == seat) + 2 * (hon_pair == rnd);
            valueless_pair = pair_fu == 0; /* EMA-YAKU-06 */
            honor_conc = nhg - (hon_pair >= 0);
            base_fu = (concealed && ron ? 30 : 20) + m_fu + hon_fu + pair_fu;
            in_honors = win >= 27;
            ws = win / 9;
            wr = win % 9;
            if (e[0] != NULL && e[1] != NULL && e[2] != NULL) {
                const Split *A = e[0]->splits + (ms[0] == 2 ? e[0]->nplain : 0);
                const Split *B = e[1]->splits + (ms[1] == 2 ? e[1]->nplain : 0);
                const Split *C = e[2]->splits + (ms[2] == 2 ? e[2]->nplain : 0);
                int na = ms[0] == 2 ? e[0]->npaired : e[0]->nplain;
                int nb = ms[1] == 2 ? e[1]->npaired : e[1]->nplain;
                int nc = ms[2] == 2 ? e[2]->npaired : e[2]->nplain;
                int ia, ib, ic;
                for (ia = 0; ia < na; ia++) {
                    const Split *a = A + ia;
                    for (ib = 0; ib < nb; ib++) {
                        const Split *b_ = B + ib;
                        for (ic = 0; ic < nc; ic++) {
                            const Split *c = C + ic;
                            Item dfound[MAXFOUND];
                            int nd = nsf, n_chows, n_pungs, conc_pungs, pinfu_ok, d_fu, off, nr,
                                k;
                            Read hreads[7];
                            const Read *reads;
                            n_chows = a->n_chows + b_->n_chows + c->n_chows + m_chows;
                            n_pungs = a->n_pungs + b_->n_pungs + c->n_pungs + m_pungs + honor_conc;
                            memcpy(dfound, sfound, sizeof(Item) * (size_t)nsf);
                            if (n_chows >= 2 && concealed) {
                                int twins = a->twins + b_->twins + c->twins;
                                if (twins) {
                                    ADD(dfound, nd, Y_PURE_DOUBLE_CHOW, 1);
                                    if (twins == 2) ADD(dfound, nd, Y_TWICE_PURE_DOUBLE_CHOW, 1);
                                }
                            }
                            if (n_chows >= 3) {
                                int cm0 = a->chow_mask | m_chow[0];
                                int cm1 = b_->chow_mask | m_chow[1];
                                int cm2 = c->chow_mask | m_chow[2];
                                if (cm0 & cm1 & cm2) ADD(dfound, nd, Y_MIXED_TRIPLE_CHOW, 1);
                                if ((cm0 & straight) == straight || (cm1 & straight) == straight ||
                                    (cm2 & straight) == straight)
                                    ADD(dfound, nd, Y_PURE_STRAIGHT, 1);
                            }
                            if (n_pungs >= 3) {
                                if ((a->pung_mask | m_pung[0]) & (b_->pung_mask | m_pung[1]) &
                                    (c->pung_mask | m_pung[2]))
                                    ADD(dfound, nd, Y_TRIPLE_PUNG, 1);
                                if (kongs >= 3) {
                                    ADD(dfound, nd, Y_THREE_KONGS, 1);
                                    if (kongs == 4) ADD(dfound, nd, Y_FOUR_KONGS, 1);
                                }
                                if (n_pungs == 4) ADD(dfound, nd, Y_ALL_PUNGS, 1);
                            }
                            if (n_chows && m_head && a->terminal && b_->terminal && c->terminal)
                                ADD(dfound, nd, honors ? Y_OUTSIDE_HAND : Y_TERMINALS_IN_ALL_SETS,
                                    1);
                            conc_pungs = a->n_pungs + b_->n_pungs + c->n_pungs + honor_conc + m_conc;
                            pinfu_ok = concealed && n_chows == 4 && valueless_pair;
                            d_fu = base_fu + a->pung_fu + b_->pung_fu + c->pung_fu;
                            /* readings of the winning tile (EMA-FU-4, EMA-WIN-4) */
                            if (in_honors) {
                                int idx = a->n + b_->n + c->n;
                                nr = 0;
                                for (k = 0; k < nhg; k++) {
                                    if (hg_tile[k] == win) {
                                        hreads[nr].group = (uint8_t)idx;
                                        hreads[nr].wait = hg_pair[k] ? SINGLE : DUAL;
                                        hreads[nr].fu = hg_pair[k] ? 0 : 8;
                                        nr++;
                                    }
                                    idx++;
                                }
                                reads = hreads;
                                off = 0;
                            } else {
                                const Split *sw = ws == 0 ? a : ws == 1 ? b_ : c;
                                off = ws == 0 ? 0 : ws == 1 ? a->n : a->n + b_->n;
                                reads = sw->reads[wr];
                                nr = sw->nread[wr];
                            }
                            for (k = 0; k < nr; k++) {
                                int wait = reads[k].wait, fu0 = d_fu + fu_wait[wait],
                                    cp = conc_pungs;
                                if (wait == DUAL && ron) { /* a pung completed by ron is open */
                                    cp--;
                                    fu0 -= reads[k].fu / 2;
                                }
                                if ((pinfu_ok && wait == TWO) || cp >= 3) {
                                    Item rfound[MAXFOUND];
                                    int nrf = nd;
                                    memcpy(rfound, dfound, sizeof(Item) * (size_t)nd);
                                    if (pinfu_ok && wait == TWO) ADD(rfound, nrf, Y_PINFU, 1);
                                    if (cp >= 3) {
                                        ADD(rfound, nrf, Y_THREE_CONCEALED_PUNGS, 1);
                                        if (cp == 4) {
                                            ADD(rfound, nrf, Y_FOUR_CONCEALED_PUNGS, 1);
                                            if (wait == SINGLE)
                                                ADD(rfound, nrf, Y_FOUR_CONCEALED_PUNGS_SINGLE, 1);
                                        }
                                    }
                                    consider(&S, rfound, nrf, fu0, 1, 0, a, b_, c,
                                             off + reads[k].group, wait);
                                } else {
                                    consider(&S, dfound, nd, fu0, 1, 0, a, b_, c,
                                             off + reads[k].group, wait);
                                }
                            }
                        }
                    }
                }
            }
        }
        /* ------------------------------------------------------------ seven pairs */
        if (!nmelds && popcount64(mask) == 7 && total == 14) {
            int ok = 1, index = 0;
            for (i = 0; i < 34; i++)
                if (conc[i] == 1 || conc[i] == 3 || conc[i] == 4) ok = 0;
            if (ok) {
                Item sp[MAXFOUND];
                int ns = nfound;
                for (i = 0; i < win; i++)
                    if (conc[i]) index++;
                memcpy(sp, found, sizeof(Item) * (size_t)nfound);
                ADD(sp, ns, Y_SEVEN_PAIRS, 1);
                consider(&S, sp, ns, -25, 1, 1, NULL, NULL, NULL, index, SINGLE);
            }
        }
        /* ------------------------------------------------------------ thirteen orphans */
        if (!nmelds && !(mask & ~head_mask) && popcount64(mask) == 13 && total == 14) {
            Item of[MAXFOUND];
            int no = nfound, index = 0;
            memcpy(of, found, sizeof(Item) * (size_t)nfound);
            ADD(of, no, Y_THIRTEEN_ORPHANS, 1);
            if (conc[win] == 2) ADD(of, no, Y_THIRTEEN_ORPHANS_13, 1);
            for (i = 0; i < 13; i++)
                if (orphans[i] == win) index = i;
            consider(&S, of, no, 0, 0, 2, NULL, NULL, NULL, index, conc[win] == 2 ? SINGLE : SPECIAL);
        }
    }
    if (!S.have) Py_RETURN_NONE;
    /* ------------------------------------------------------------ the Best tuple */
    {
        Cand *o = &S.best;
        PyObject *awards, *reason, *decomp, *limit, *reading, *fu, *out;
        Item list[MAXFOUND];
        int n = 0, j;
        if (o->nkept >= 0) {
            memcpy(list, o->kept, sizeof(Item) * (size_t)o->nkept);
            n = o->nkept;
        } else { /* awards of items + extras that are allowed, in table order */
            for (i = 0; i < o->nitems + S.nextras; i++) {
                Item x = i < o->nitems ? o->items[i] : S.extras[i - o->nitems];
                if (res->value[x.id] < 0) continue;
                for (j = n; j > 0 && res->order[list[j - 1].id] > res->order[x.id]; j--)
                    list[j] = list[j - 1];
                list[j] = x;
                n++;
            }
        }
        awards = PyTuple_New(n);
        if (awards == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *a = award_of(res, list[i]);
            if (a == NULL) {
                Py_DECREF(awards);
                return NULL;
            }
            PyTuple_SET_ITEM(awards, i, a);
        }
        if (o->valid) {
            reason = Py_NewRef(Py_None);
        } else if (o->yaku_han == 0) {
            reason = Py_NewRef(no_yaku);
        } else {
            PyObject *h = PyLong_FromLong(honba);
            if (h == NULL) {
                Py_DECREF(awards);
                return NULL;
            }
            reason = PyObject_CallOneArg(honba_reason, h);
            Py_DECREF(h);
            if (reason == NULL) {
                Py_DECREF(awards);
                return NULL;
            }
        }
        if (o->shape == 0)
            decomp = deferred(make_decomp, hand, shape_names[0], o->spec[0]->py, o->spec[1]->py,
                              o->spec[2]->py);
        else
            decomp = deferred(make_decomp, hand, shape_names[o->shape], NULL, NULL, NULL);
        if (decomp == NULL) {
            Py_DECREF(awards);
            Py_DECREF(reason);
            return NULL;
        }
        if (o->limit < 0)
            limit = Py_None;
        else if (o->limit >= 100)
            limit = limit_names[o->limit - 100 < 16 ? o->limit - 100 : 15];
        else
            limit = limit_name[o->limit];
        reading = PyLong_FromLong(8 * o->group + o->wait);
        fu = o->has_fu ? PyLong_FromLong(o->fu) : Py_NewRef(Py_None);
        out = ((PyTypeObject *)best_type)->tp_alloc((PyTypeObject *)best_type, 15);
        if (reading == NULL || fu == NULL || out == NULL) {
            Py_XDECREF(reading);
            Py_XDECREF(fu);
            Py_XDECREF(out);
            Py_DECREF(awards);
            Py_DECREF(reason);
            Py_DECREF(decomp);
            return NULL;
        }
        PyTuple_SET_ITEM(out, 0, Py_NewRef(hand));
        PyTuple_SET_ITEM(out, 1, decomp);
        PyTuple_SET_ITEM(out, 2, Py_NewRef(winner));
        PyTuple_SET_ITEM(out, 3, PyBool_FromLong(tsumo));
        PyTuple_SET_ITEM(out, 4, awards);
        PyTuple_SET_ITEM(out, 5, PyBool_FromLong(o->valid));
        PyTuple_SET_ITEM(out, 6, reason);
        PyTuple_SET_ITEM(out, 7, PyLong_FromLong(o->han));
        PyTuple_SET_ITEM(out, 8, PyLong_FromLong(o->yaku_han));
        PyTuple_SET_ITEM(out, 9, PyLong_FromLong(o->yakuman));
        PyTuple_SET_ITEM(out, 10, fu);
        PyTuple_SET_ITEM(out, 11, PyLong_FromLong(o->b));
        PyTuple_SET_ITEM(out, 12, Py_NewRef(limit));
        PyTuple_SET_ITEM(out, 13, PyLong_FromLong(o->value));
        PyTuple_SET_ITEM(out, 14, reading);
        for (i = 7; i < 14; i++) {
            if (PyTuple_GET_ITEM(out, i) == NULL) {
                Py_DECREF(out);
                return NULL;
            }
        }
        return out;
    }
}

PyDoc_STRVAR(score_best_doc,
             "score_best(hand, resolvers, tsumo, seat, rnd, flags, dora, ura, honba, stack, "
             "kiriage, kazoe, two_yaku, winner): as fast._pure_score_best; resolvers[2] is "
             "the compiled kernel.");

static PyObject *score_best(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *resolvers, *kcap, *out;
    Kernel *kernel;
    long seat, rnd, honba;
    int tsumo, opts[4], i;
    (void)self;
    if (nargs != 14 || !ids_ok) return fallback(args, nargs);
    resolvers = args[1];
    if (!PyTuple_Check(resolvers) || PyTuple_GET_SIZE(resolvers) < 3) return fallback(args, nargs);
    kcap = PyTuple_GET_ITEM(resolvers, 2);
    if (!PyCapsule_CheckExact(kcap)) return fallback(args, nargs);
    kernel = (Kernel *)PyCapsule_GetPointer(kcap, KERNEL_CAPSULE);
    if (kernel == NULL) return NULL;
    if (!PyLong_Check(args[3]) || !PyLong_Check(args[4]) || !PyLong_Check(args[8]) ||
        !PyTuple_Check(args[6]) || !PyTuple_Check(args[7]) || !PyFrozenSet_Check(args[5]))
        return fallback(args, nargs);
    seat = PyLong_AsLong(args[3]);
    rnd = PyLong_AsLong(args[4]);
    honba = PyLong_AsLong(args[8]);
    if (PyErr_Occurred() || honba > INT_MAX || seat < 27 || seat > 30 || rnd < 27 || rnd > 30) {
        PyErr_Clear();
        return fallback(args, nargs);
    }
    tsumo = PyObject_IsTrue(args[2]);
    if (tsumo < 0) return NULL;
    for (i = 0; i < 4; i++) {
        opts[i] = PyObject_IsTrue(args[9 + i]);
        if (opts[i] < 0) return NULL;
    }
    out = search(kernel, args[0], tsumo, (int)seat, (int)rnd, args[5], args[6], args[7],
                 (int)honba, opts[0], opts[1], opts[2], opts[3], args[13]);
    if (out == FALLBACK) return fallback(args, nargs);
    return out;
}

/* ------------------------------------------------------------------ the whole call */

static PyObject *hand_type = NULL, *tile_type = NULL, *lazy_extra = NULL, *result_type = NULL;
static PyObject *all_tiles[34];
static PyObject *as_hand = NULL; /* base.as_hand: notation -> Hand, as RiichiEma.score parses */
#define ARG_SLOTS 7   /* LazyExtra's __init__ arguments, in front's value order */
#define MAX_SLOTS 16  /* the arguments, then the memos (set to None) */
static PyObject *extra_slots[MAX_SLOTS]; /* LazyExtra's slot descriptors (INIT_SLOTS) */
static Py_ssize_t n_extra_slots = 0;
static PyObject *flag_sets[1 << NF]; /* frozensets of the lane's flags, by bitmask of codes */
static PyObject *wind_tiles[4], *win_types[2], *result_keys = NULL, *no_flags = NULL;
static PyObject *s_honba, *s_sticks, *s_discarder, *s_dict, *letter_objs[4], *empty_args = NULL;
static int front_ok = 0;

PyDoc_STRVAR(setup_front_doc,
             "setup_front(hand, as_hand, tiles, winds, wins, lazy_extra, slots, result, keys): "
             "the Python side of front (see ruleset.py); tiles: the 34 Tile kinds in order; "
             "slots: the slots of LazyExtra set by its __init__, its 7 arguments in order then "
             "the memos (at most 16 in all).");

static PyObject *setup_front(PyObject *self, PyObject *args) {
    PyObject *h, *ah, *t, *winds, *wins, *le, *slots, *rt, *keys;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO:setup_front", &h, &ah, &t, &winds, &wins, &le, &slots,
                          &rt, &keys))
        return NULL;
    set_ref(&as_hand, ah);
    if (!PyType_Check(le) || !PyTuple_Check(slots) || PyTuple_GET_SIZE(slots) < ARG_SLOTS ||
        PyTuple_GET_SIZE(slots) > MAX_SLOTS) {
        PyErr_SetString(PyExc_ValueError, "setup_front: LazyExtra and its 7 to 16 slots expected");
        return NULL;
    }
    n_extra_slots = 0;
    for (i = 0; i < PyTuple_GET_SIZE(slots); i++) {
        PyObject *d = PyObject_GetAttr(le, PyTuple_GET_ITEM(slots, i));
        if (d == NULL) return NULL;
        if (Py_TYPE(d)->tp_descr_set == NULL) {
            Py_DECREF(d);
            PyErr_SetString(PyExc_TypeError, "setup_front: a LazyExtra slot is not settable");
            return NULL;
        }
        Py_XSETREF(extra_slots[i], d);
    }
    n_extra_slots = PyTuple_GET_SIZE(slots);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 34 || !PyTuple_Check(winds) ||
        PyTuple_GET_SIZE(winds) != 4 || !PyTuple_Check(wins) ||
        PyTuple_GET_SIZE(wins) != 2 || !PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != 16 ||
        !PyType_Check(rt)) {
        PyErr_SetString(PyExc_ValueError, "setup_front: unexpected winds, wins, keys or type");
        return NULL;
    }
    set_ref(&hand_type, h);
    for (i = 0; i < 34; i++) {
        PyObject *k = PyTuple_GET_ITEM(t, i);
        long v = PyLong_AsLong(k);
        if (v != i) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "setup_front: tiles 0-33");
            return NULL;
        }
        set_ref(&all_tiles[i], k);
    }
    set_ref(&tile_type, (PyObject *)Py_TYPE(PyTuple_GET_ITEM(t, 0)));
    set_ref(&lazy_extra, le);
    set_ref(&result_type, rt);
    set_ref(&result_keys, keys);
    for (i = 0; i < 4; i++) set_ref(&wind_tiles[i], PyTuple_GET_ITEM(winds, i));
    for (i = 0; i < 2; i++) set_ref(&win_types[i], PyTuple_GET_ITEM(wins, i));
    if (no_flags == NULL) {
        no_flags = PyFrozenSet_New(NULL);
        if (no_flags == NULL) return NULL;
    }
    front_ok = 1;
    Py_RETURN_NONE;
}

/* object.__new__(type): as Python makes it (3.13 initialises inline values there) */
static PyObject *new_object(PyObject *type) {
    if (empty_args == NULL) {
        empty_args = PyTuple_New(0);
        if (empty_args == NULL) return NULL;
    }
    return PyBaseObject_Type.tp_new((PyTypeObject *)type, empty_args, NULL);
}

/* E S W N -> 0-3, -1 for any other object */
static int letter(PyObject *o) {
    Py_UCS4 c;
    if (!PyUnicode_CheckExact(o) || PyUnicode_GET_LENGTH(o) != 1) return -1;
    c = PyUnicode_READ_CHAR(o, 0);
    return c == 'E' ? 0 : c == 'S' ? 1 : c == 'W' ? 2 : c == 'N' ? 3 : -1;
}

/* the kind of a Tile object or of a plain two-character notation (1-9 m/p/s, 0 m/p/s read
 * as a five, 1-7 z), -1 for anything else (other spellings are the Python path's) */
static int kind_of(PyObject *o) {
    Py_UCS4 d, suit;
    int base;
    if ((PyObject *)Py_TYPE(o) == tile_type) {
        long k = PyLong_AsLong(o);
        return k >= 0 && k < 34 ? (int)k : -1;
    }
    if (!PyUnicode_CheckExact(o) || PyUnicode_GET_LENGTH(o) != 2) return -1;
    d = PyUnicode_READ_CHAR(o, 0);
    suit = PyUnicode_READ_CHAR(o, 1);
    base = suit == 'm' ? 0 : suit == 'p' ? 9 : suit == 's' ? 18 : suit == 'z' ? 27 : -1;
    if (base < 0 || d < '0' || d > '9') return -1;
    if (d == '0') return base < 27 ? base + 4 : -1;
    if (base == 27 && d > '7') return -1;
    return base + (int)(d - '1');
}

/* dora/ura as a tuple of Tiles: None (empty), a tuple or list of Tiles or plain notations;
 * NULL without error for anything else */
static PyObject *tiles_of(PyObject *o) {
    Py_ssize_t i, n;
    PyObject *out;
    if (o == Py_None) return PyTuple_New(0);
    if (!PyTuple_CheckExact(o) && !PyList_CheckExact(o)) return NULL;
    n = PySequence_Fast_GET_SIZE(o);
    if (PyTuple_CheckExact(o)) {
        for (i = 0; i < n; i++)
            if ((PyObject *)Py_TYPE(PyTuple_GET_ITEM(o, i)) != tile_type) break;
        if (i == n) return Py_NewRef(o);
    }
    out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        int k = kind_of(PySequence_Fast_GET_ITEM(o, i));
        if (k < 0) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, Py_NewRef(all_tiles[k]));
    }
    return out;
}

/* a non-negative int that fits an int, -1 otherwise */
static int count_of(PyObject *o) {
    long v;
    if (!PyLong_CheckExact(o)) return -1;
    v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    return v < 0 || v > INT_MAX ? -1 : (int)v;
}

PyDoc_STRVAR(front_doc,
             "front(state, hand, win, seat_wind, round_wind, flags, dora, ura, situation): "
             "RiichiEma.score for the common spellings of valid arguments, else NotImplemented "
             "(the Python path then checks, raises or scores). state: (resolvers, rules id, "
             "yakuman_stack, kiriage, kazoe, two_yaku_at_five_counters, ruleset).");

static PyObject *front_hand(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *state, *hand, *flags, *sit, *kcap, *melds, *flag_set = NULL, *dora = NULL,
        *ura = NULL, *best = NULL, *keep = NULL, *extra = NULL, *d = NULL, *out = NULL,
        *discarder = Py_None, *key, *value, *payments;
    Kernel *kernel;
    int tsumo, seat, rnd, honba = 0, sticks = 0, fl = 0, i, opts[4], yakuman;
    Py_ssize_t pos = 0;
    (void)self;
    if (nargs != 9 || !front_ok || !ids_ok) Py_RETURN_NOTIMPLEMENTED;
    state = args[0];
    hand = args[1];
    flags = args[5];
    sit = args[8];
    if (!PyTuple_CheckExact(state) || PyTuple_GET_SIZE(state) != 7 ||
        (PyObject *)Py_TYPE(hand) != hand_type || !PyDict_CheckExact(sit))
        Py_RETURN_NOTIMPLEMENTED;
    kcap = PyTuple_GET_ITEM(state, 0); /* the resolvers */
    if (!PyTuple_CheckExact(kcap) || PyTuple_GET_SIZE(kcap) < 3) Py_RETURN_NOTIMPLEMENTED;
    kcap = PyTuple_GET_ITEM(kcap, 2);
    if (!PyCapsule_CheckExact(kcap)) Py_RETURN_NOTIMPLEMENTED;
    kernel = (Kernel *)PyCapsule_GetPointer(kcap, KERNEL_CAPSULE);
    if (kernel == NULL) return NULL;
    /* win, winds */
    if (!PyUnicode_CheckExact(args[2])) Py_RETURN_NOTIMPLEMENTED;
    if (PyUnicode_CompareWithASCIIString(args[2], "tsumo") == 0)
        tsumo = 1;
    else if (PyUnicode_CompareWithASCIIString(args[2], "ron") == 0)
        tsumo = 0;
    else
        Py_RETURN_NOTIMPLEMENTED;
    seat = letter(args[3]);
    rnd = letter(args[4]);
    if (seat < 0 || rnd < 0) Py_RETURN_NOTIMPLEMENTED;
    /* flags: riichi, double_riichi, ippatsu (on a concealed hand, ippatsu with riichi),
     * last_tile; any other (or another spelling) is checked by the Python path */
    if (PyTuple_CheckExact(flags) || PyList_CheckExact(flags) || PyFrozenSet_CheckExact(flags) ||
        PySet_CheckExact(flags)) {
        Py_ssize_t n = PyTuple_CheckExact(flags) || PyList_CheckExact(flags)
                           ? PySequence_Fast_GET_SIZE(flags)
                           : PySet_GET_SIZE(flags);
        if (n == 0) {
            flag_set = Py_NewRef(no_flags);
        } else {
            PyObject *it = PyObject_GetIter(flags), *f;
            if (it == NULL) return NULL;
            while ((f = PyIter_Next(it)) != NULL) {
                int k = -1;
                if (PyUnicode_CheckExact(f)) {
                    if (f == flag_names[F_RIICHI] ||
                        PyUnicode_Compare(f, flag_names[F_RIICHI]) == 0)
                        k = F_RIICHI;
                    else if (PyUnicode_Compare(f, flag_names[F_DOUBLE_RIICHI]) == 0)
                        k = F_DOUBLE_RIICHI;
                    else if (PyUnicode_Compare(f, flag_names[F_IPPATSU]) == 0)
                        k = F_IPPATSU;
                    else if (PyUnicode_Compare(f, flag_names[F_LAST_TILE]) == 0)
                        k = F_LAST_TILE;
                    else if (PyUnicode_Compare(f, flag_names[F_REPLACEMENT]) == 0)
                        k = F_REPLACEMENT;
                    else if (PyUnicode_Compare(f, flag_names[F_FIRST_TURN]) == 0)
                        k = F_FIRST_TURN;
                }
                Py_DECREF(f);
                if (k < 0) {
                    Py_DECREF(it);
                    Py_RETURN_NOTIMPLEMENTED;
                }
                fl |= 1 << k;
            }
            Py_DECREF(it);
            if (PyErr_Occurred()) return NULL;
            if ((fl & (1 << F_IPPATSU)) && !(fl & ((1 << F_RIICHI) | (1 << F_DOUBLE_RIICHI))))
                Py_RETURN_NOTIMPLEMENTED;
            if ((fl & (1 << F_REPLACEMENT)) && !tsumo) Py_RETURN_NOTIMPLEMENTED;
            if ((fl & (1 << F_FIRST_TURN)) &&
                (fl & ((1 << F_RIICHI) | (1 << F_DOUBLE_RIICHI) | (1 << F_IPPATSU))))
                Py_RETURN_NOTIMPLEMENTED; /* no riichi before a first-turn win: the Python error */
            if (fl & ((1 << F_RIICHI) | (1 << F_DOUBLE_RIICHI) | (1 << F_IPPATSU) |
                      (1 << F_REPLACEMENT) | (1 << F_FIRST_TURN))) {
                /* riichi: no open meld; replacement: a kong; first_turn: no meld at all */
                int kong = 0;
                melds = PyObject_GetAttr(hand, s_melds);
                if (melds == NULL) return NULL;
                Py_DECREF(melds); /* the hand keeps it */
                if (!PyTuple_Check(melds)) Py_RETURN_NOTIMPLEMENTED;
                if ((fl & (1 << F_FIRST_TURN)) && PyTuple_GET_SIZE(melds))
                    Py_RETURN_NOTIMPLEMENTED;
                for (i = 0; i < PyTuple_GET_SIZE(melds); i++) {
                    int mc = meld_code(PyTuple_GET_ITEM(melds, i));
                    if (mc == -2) return NULL;
                    if (mc < 0) Py_RETURN_NOTIMPLEMENTED;
                    if ((mc & 3) == 2) kong = 1;
                    if (!(mc >> 11 & 1) &&
                        (fl & ((1 << F_RIICHI) | (1 << F_DOUBLE_RIICHI) | (1 << F_IPPATSU))))
                        Py_RETURN_NOTIMPLEMENTED; /* an open meld */
                }
                if ((fl & (1 << F_REPLACEMENT)) && !kong) Py_RETURN_NOTIMPLEMENTED;
            }
            if (flag_sets[fl] == NULL) {
                PyObject *names = PyTuple_New(0), *made;
                if (names == NULL) return NULL;
                made = PyFrozenSet_New(names);
                Py_DECREF(names);
                if (made == NULL) return NULL;
                for (i = 0; i < NF; i++) {
                    if ((fl >> i & 1) && PySet_Add(made, flag_names[i]) < 0) {
                        Py_DECREF(made);
                        return NULL;
                    }
                }
                flag_sets[fl] = made;
            }
            flag_set = Py_NewRef(flag_sets[fl]);
        }
    } else {
        Py_RETURN_NOTIMPLEMENTED;
    }
    /* situation: honba, riichi_sticks, discarder (a seat letter, not the winner, ron only) */
    while (PyDict_Next(sit, &pos, &key, &value)) {
        if (PyUnicode_CheckExact(key) && PyUnicode_Compare(key, s_honba) == 0) {
            honba = count_of(value);
            if (honba < 0) goto not_here;
        } else if (PyUnicode_CheckExact(key) && PyUnicode_Compare(key, s_sticks) == 0) {
            sticks = count_of(value);
            if (sticks < 0) goto not_here;
        } else if (PyUnicode_CheckExact(key) && PyUnicode_Compare(key, s_discarder) == 0) {
            int k = letter(value);
            if (k < 0 || k == seat || tsumo) goto not_here;
            discarder = value;
        } else {
            goto not_here;
        }
    }
    dora = tiles_of(args[6]);
    ura = tiles_of(args[7]);
    if (dora == NULL || ura == NULL) goto not_here;
    for (i = 0; i < 4; i++) {
        opts[i] = PyObject_IsTrue(PyTuple_GET_ITEM(state, 2 + i));
        if (opts[i] < 0) goto error;
    }
    best = search(kernel, hand, tsumo, 27 + seat, 27 + rnd, flag_set, dora, ura, honba, opts[0],
                  opts[1], opts[2], opts[3], letter_objs[seat]);
    if (best == NULL) goto error;
    if (best == FALLBACK || best == Py_None) {
        if (best == Py_None) Py_DECREF(best);
        best = NULL;
        goto not_here;
    }
    if (PyTuple_GET_ITEM(best, 9) != NULL && PyObject_IsTrue(PyTuple_GET_ITEM(best, 9)) > 0) {
        /* a yakuman with melds may carry liability (EMA-PAO): the Python path reads it */
        PyObject *ms = PyObject_GetAttr(hand, s_melds);
        Py_ssize_t n = ms != NULL && PyTuple_Check(ms) ? PyTuple_GET_SIZE(ms) : -1;
        Py_XDECREF(ms);
        PyErr_Clear();
        if (n != 0) goto not_here;
    }
    /* the result: as RiichiEma._finish (tests/rulesets/riichi_ema/test_fast.py compares) */
    keep = PyTuple_Pack(6, win_types[tsumo], wind_tiles[seat], wind_tiles[rnd], flag_set, dora,
                        ura);
    if (keep == NULL) goto error;
    {
        /* LazyExtra(best, keep, ruleset, honba, sticks, discarder, None) without its Python
         * __init__: its slots set through their descriptors, the memos to None */
        PyObject *h = PyLong_FromLong(honba), *st = PyLong_FromLong(sticks), *vals[MAX_SLOTS];
        if (h == NULL || st == NULL) {
            Py_XDECREF(h);
            Py_XDECREF(st);
            goto error;
        }
        vals[0] = best;
        vals[1] = keep;
        vals[2] = PyTuple_GET_ITEM(state, 6);
        vals[3] = h;
        vals[4] = st;
        vals[5] = discarder;
        vals[6] = Py_None; /* liable: the front answers only without pao */
        for (i = ARG_SLOTS; i < n_extra_slots; i++) vals[i] = Py_None;
        extra = new_object(lazy_extra);
        for (i = 0; extra != NULL && i < n_extra_slots; i++) {
            if (Py_TYPE(extra_slots[i])->tp_descr_set(extra_slots[i], extra, vals[i]) < 0)
                Py_CLEAR(extra);
        }
        Py_DECREF(h);
        Py_DECREF(st);
        if (extra == NULL) goto error;
    }
    /* best: hand, decomposition, winner, tsumo, awards, valid, reason, han, yaku_han, yakuman,
     * fu, b, limit, value, reading */
    yakuman = PyTuple_GET_ITEM(best, 9) != NULL && PyObject_IsTrue(PyTuple_GET_ITEM(best, 9));
    payments = PyTuple_GET_ITEM(best, 5) == Py_True && (tsumo || discarder != Py_None)
                   ? extra
                   : Py_None;
#if PY_VERSION_HEX < 0x030D0000
    d = _PyDict_NewPresized(16);
#else
    d = PyDict_New(); /* (the presizing function is internal from 3.13) */
#endif
    if (d == NULL) goto error;
    {
        PyObject *values[16];
        values[0] = PyTuple_GET_ITEM(state, 1);           /* rules */
        values[1] = hand;                                 /* hand */
        values[2] = PyTuple_GET_ITEM(best, 5);            /* valid */
        values[3] = extra;                                /* awards (located on first read) */
        values[4] = PyTuple_GET_ITEM(best, 6);            /* reason */
        values[5] = PyTuple_GET_ITEM(best, 13);           /* value */
        values[6] = yakuman ? Py_None : PyTuple_GET_ITEM(best, 7);  /* han */
        values[7] = yakuman ? Py_None : PyTuple_GET_ITEM(best, 10); /* fu */
        values[8] = Py_None;                              /* fan */
        values[9] = Py_None;                              /* points */
        values[10] = Py_None;                             /* doubles */
        values[11] = PyTuple_GET_ITEM(best, 12);          /* limit */
        values[12] = payments;                            /* payments */
        values[13] = extra;                               /* explanation */
        values[14] = PyTuple_GET_ITEM(best, 1);           /* decomposition */
        values[15] = extra;                               /* extra */
        for (i = 0; i < 16; i++)
            if (PyDict_SetItem(d, PyTuple_GET_ITEM(result_keys, i), values[i]) < 0) goto error;
    }
    out = new_object(result_type);
    if (out == NULL) goto error;
    if (PyObject_GenericSetAttr(out, s_dict, d) < 0) goto error; /* object.__setattr__ */
    Py_DECREF(d);
    Py_DECREF(extra);
    Py_DECREF(keep);
    Py_DECREF(best);
    Py_DECREF(dora);
    Py_DECREF(ura);
    Py_DECREF(flag_set);
    return out;
not_here:
    Py_XDECREF(flag_set);
    Py_XDECREF(dora);
    Py_XDECREF(ura);
    Py_XDECREF(best);
    Py_RETURN_NOTIMPLEMENTED;
error:
    Py_XDECREF(out);
    Py_XDECREF(d);
    Py_XDECREF(extra);
    Py_XDECREF(keep);
    Py_XDECREF(best);
    Py_XDECREF(flag_set);
    Py_XDECREF(dora);
    Py_XDECREF(ura);
    return NULL;
}

static PyObject *front(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *parsed, *out, *again[9];
    Py_ssize_t i;
    if (nargs != 9 || as_hand == NULL || !PyUnicode_CheckExact(args[1]))
        return front_hand(self, args, nargs);
    /* notation: parsed as the Python path's first step does (its error is that path's) */
    parsed = PyObject_CallOneArg(as_hand, args[1]);
    if (parsed == NULL) return NULL;
    for (i = 0; i < 9; i++) again[i] = args[i];
    again[1] = parsed;
    out = front_hand(self, again, nargs);
    Py_DECREF(parsed);
    return out;
}

PyDoc_STRVAR(lane_doc,
             "lane(state, hand, win, seat_wind, round_wind, flags, dora, ura, situation): "
             "RiichiEma.score_checked in C: front on a Hand without flowers or seasons while "
             "the ruleset (state[6]) still holds the resolvers its state was built from, else "
             "NotImplemented (the caller then checks the general way).");

static PyObject *lane(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *state, *got;
    int ok;
    if (nargs != 9 || !front_ok || !ids_ok) Py_RETURN_NOTIMPLEMENTED;
    state = args[0];
    if (!PyTuple_CheckExact(state) || PyTuple_GET_SIZE(state) != 7 ||
        (PyObject *)Py_TYPE(args[1]) != hand_type)
        Py_RETURN_NOTIMPLEMENTED;
    got = PyObject_GetAttr(args[1], s_bonus); /* `not hand.bonus` */
    if (got == NULL) return NULL;
    ok = PyTuple_CheckExact(got) && PyTuple_GET_SIZE(got) == 0;
    Py_DECREF(got);
    if (!ok) Py_RETURN_NOTIMPLEMENTED;
    got = PyObject_GetAttr(PyTuple_GET_ITEM(state, 6), s_resolvers); /* front[0] is ... */
    if (got == NULL) return NULL;
    ok = got == PyTuple_GET_ITEM(state, 0);
    Py_DECREF(got);
    if (!ok) Py_RETURN_NOTIMPLEMENTED;
    return front_hand(self, args, nargs);
}

/* ------------------------------------------------------------------ output object */

/* ScoreResult.to_dict of a riichi result plus RiichiEma.score_dict's `ja` names, assembled
 * here; the lazy fields (notation, located awards, payments, explanation, fu breakdown) are
 * made by their Python code as the Python path makes them. The keys are the output contract
 * (interfaces.md §5), handed over by setup_output with the rest. */
static PyObject *out_result = NULL, *out_extra = NULL, *out_award = NULL, *out_source = NULL;
static PyObject *out_langs = NULL, *s_explain = NULL, *meld_text = NULL;
static char kind_digit[34], kind_letter[34], red_digit;
static Py_ssize_t fu_slot = -1; /* LazyExtra's fu breakdown memo, in INIT_SLOTS */
static Py_ssize_t best_yaku_han = -1, best_b = -1, best_yakuman = -1, best_awards = -1,
                  best_len = -1;
enum {
    K_OK, K_RULES, K_HAND, K_VALID_WIN, K_REASON, K_PATTERNS, K_ID, K_EN, K_IT, K_VALUE,
    K_UNIT, K_TILES, K_WHERE, K_MELD, K_NOTATION, K_JA, K_HAN, K_FU, K_FAN, K_POINTS,
    K_DOUBLES, K_LIMIT, K_PAYMENTS, K_YAKU_HAN, K_FU_BREAKDOWN, K_BASIC_POINTS, K_YAKUMAN,
    K_EXPLANATION, K_VALID, K_AWARDS, K_EXTRA, K_NAMES, K_PATTERN_KEYS, K_REF, K_ITEMS,
    K_CORE, K_FU_LABELS, K_AWARD_TILES, NKEYS
};
static PyObject *out_keys[NKEYS];
static int output_ok = 0;

PyDoc_STRVAR(setup_output_doc,
             "setup_output(result, extra, award, source, langs, best_fields, keys, kinds, red, "
             "meld_text, fu_slot): the Python side of output (see ruleset.py): RiichiResult, "
             "LazyExtra, Award, TileSource, the explanation's languages, fast.Best's field "
             "names, the key names in the order of the kernel's table, the notation of the 34 "
             "tile kinds and of a red five, the notation of a meld (notation.meld_notation) and "
             "the index of LazyExtra's fu breakdown memo in its INIT_SLOTS.");

static PyObject *setup_output(PyObject *self, PyObject *args) {
    PyObject *rt, *le, *aw, *src, *langs, *fields, *keys, *yh, *b, *ym, *kinds, *red, *mt;
    Py_ssize_t i, fs;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOO!O!O!O!UOn:setup_output", &rt, &le, &aw, &src,
                          &PyTuple_Type, &langs, &PyTuple_Type, &fields, &PyTuple_Type, &keys,
                          &PyTuple_Type, &kinds, &red, &mt, &fs))
        return NULL;
    if (fs < 0 || fs >= MAX_SLOTS) {
        PyErr_SetString(PyExc_ValueError, "setup_output: the fu memo's slot is out of range");
        return NULL;
    }
    fu_slot = fs;
    if (PyTuple_GET_SIZE(kinds) != 34 || PyUnicode_GET_LENGTH(red) != 2 || !PyCallable_Check(mt)) {
        PyErr_SetString(PyExc_ValueError, "setup_output: 34 kinds, a red five, a callable");
        return NULL;
    }
    for (i = 0; i < 34; i++) {
        PyObject *k = PyTuple_GET_ITEM(kinds, i);
        if (!PyUnicode_Check(k) || PyUnicode_GET_LENGTH(k) != 2 ||
            PyUnicode_READ_CHAR(k, 0) > 127 || PyUnicode_READ_CHAR(k, 1) > 127) {
            PyErr_SetString(PyExc_ValueError, "setup_output: a kind's notation is 2 ASCII chars");
            return NULL;
        }
        kind_digit[i] = (char)PyUnicode_READ_CHAR(k, 0);
        kind_letter[i] = (char)PyUnicode_READ_CHAR(k, 1);
    }
    if (PyUnicode_READ_CHAR(red, 0) > 127) {
        PyErr_SetString(PyExc_ValueError, "setup_output: a red five's notation is ASCII");
        return NULL;
    }
    red_digit = (char)PyUnicode_READ_CHAR(red, 0);
    set_ref(&meld_text, mt);
    if (!PyType_Check(rt) || !PyType_Check(le) || !PyType_Check(aw) || !PyType_Check(src) ||
        PyTuple_GET_SIZE(keys) != NKEYS) {
        PyErr_Format(PyExc_ValueError, "setup_output: four types and %d keys expected", NKEYS);
        return NULL;
    }
    for (i = 0; i < NKEYS; i++)
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(keys, i))) {
            PyErr_SetString(PyExc_TypeError, "setup_output: keys are strings");
            return NULL;
        }
    yh = PyUnicode_FromString("yaku_han");
    b = PyUnicode_FromString("b");
    ym = PyUnicode_FromString("yakuman");
    best_yaku_han = best_b = best_yakuman = -1;
    for (i = 0; yh && b && ym && i < PyTuple_GET_SIZE(fields); i++) {
        PyObject *f = PyTuple_GET_ITEM(fields, i);
        if (PyUnicode_Check(f) && PyUnicode_Compare(f, yh) == 0) best_yaku_han = i;
        if (PyUnicode_Check(f) && PyUnicode_Compare(f, b) == 0) best_b = i;
        if (PyUnicode_Check(f) && PyUnicode_Compare(f, ym) == 0) best_yakuman = i;
    }
    Py_XDECREF(yh);
    Py_XDECREF(b);
    Py_XDECREF(ym);
    if (PyErr_Occurred()) return NULL;
    if (best_yaku_han < 0 || best_b < 0 || best_yakuman < 0) {
        PyErr_SetString(PyExc_ValueError, "setup_output: Best has no yaku_han, b or yakuman");
        return NULL;
    }
    best_len = PyTuple_GET_SIZE(fields);
    for (i = 0; i < NKEYS; i++) {
        PyObject *k = Py_NewRef(PyTuple_GET_ITEM(keys, i));
        PyUnicode_InternInPlace(&k);
        Py_XSETREF(out_keys[i], k);
    }
    best_awards = -1;
    for (i = 0; i < best_len; i++) {
        PyObject *f = PyTuple_GET_ITEM(fields, i);
        if (PyUnicode_Check(f) && PyUnicode_Compare(f, out_keys[K_AWARDS]) == 0) best_awards = i;
        if (PyErr_Occurred()) return NULL;
    }
    if (best_awards < 0) {
        PyErr_SetString(PyExc_ValueError, "setup_output: Best has no awards");
        return NULL;
    }
    set_ref(&out_result, rt);
    set_ref(&out_extra, le);
    set_ref(&out_award, aw);
    set_ref(&out_source, src);
    set_ref(&out_langs, langs);
    if (s_explain == NULL && (s_explain = PyUnicode_InternFromString("explain")) == NULL)
        return NULL;
    output_ok = 1;
    Py_RETURN_NONE;
}

#define KEY(k) out_keys[K_##k]

/* out[key] = value, stealing value; -1 on error */
static int put(PyObject *out, PyObject *key, PyObject *value) {
    int rc;
    if (value == NULL) return -1;
    rc = PyDict_SetItem(out, key, value);
    Py_DECREF(value);
    return rc;
}

/* the pattern object of one award (Award.to_dict() and its `ja` name), NULL with no error
 * for an award the kernel leaves to Python; `located`: the award's tiles when the award is
 * not located yet (LazyExtra.award_tiles), NULL or None to read its own */
static PyObject *pattern_of(PyObject *a, PyObject *ja_names, PyObject *located) {
    PyObject *out = NULL, *names = NULL, *id = NULL, *en, *it, *tiles = NULL, *list, *ja;
    Py_ssize_t i, n;
    if ((PyObject *)Py_TYPE(a) != out_award) return NULL;
    names = PyObject_GetAttr(a, KEY(NAMES));
    if (names == NULL || !PyDict_CheckExact(names)) goto done;
    en = PyDict_GetItemWithError(names, KEY(EN)); /* borrowed */
    if (en == NULL) goto done;                    /* KeyError: the Python path raises it */
    it = PyDict_GetItemWithError(names, KEY(IT));
    if (it == NULL && PyErr_Occurred()) goto done;
    id = PyObject_GetAttr(a, KEY(ID));
    if (id == NULL || (out = PyDict_New()) == NULL) goto done;
    if (PyDict_SetItem(out, KEY(ID), id) < 0 || PyDict_SetItem(out, KEY(EN), en) < 0 ||
        PyDict_SetItem(out, KEY(IT), it ? it : en) < 0 ||
        put(out, KEY(VALUE), PyObject_GetAttr(a, KEY(VALUE))) < 0 ||
        put(out, KEY(UNIT), PyObject_GetAttr(a, KEY(UNIT))) < 0)
        goto fail;
    tiles = located != NULL && located != Py_None ? Py_NewRef(located)
                                                  : PyObject_GetAttr(a, KEY(TILES));
    if (tiles == NULL) goto fail;
    if (tiles != Py_None) {
        if (!PyTuple_CheckExact(tiles)) goto bail;
        n = PyTuple_GET_SIZE(tiles);
        list = PyList_New(n);
        if (list == NULL || put(out, KEY(TILES), list) < 0) goto fail;
        for (i = 0; i < n; i++) {
            PyObject *t = PyTuple_GET_ITEM(tiles, i), *d, *meld;
            if ((PyObject *)Py_TYPE(t) != out_source) goto bail;
            d = PyDict_New();
            if (d == NULL) goto fail;
            PyList_SET_ITEM(list, i, d);
            if (put(d, KEY(WHERE), PyObject_GetAttr(t, KEY(WHERE))) < 0 ||
                put(d, KEY(TILES), PyObject_GetAttr(t, KEY(NOTATION))) < 0)
                goto fail;
            meld = PyObject_GetAttr(t, KEY(MELD));
            if (meld == NULL) goto fail;
            if (meld != Py_None && PyDict_SetItem(d, KEY(MELD), meld) < 0) {
                Py_DECREF(meld);
                goto fail;
            }
            Py_DECREF(meld);
        }
    }
    ja = PyDict_GetItemWithError(ja_names, id); /* names.get(pat["id"]) */
    if (ja == NULL && PyErr_Occurred()) goto fail;
    if (ja != NULL) {
        int truth = PyObject_IsTrue(ja);
        if (truth < 0 || (truth && PyDict_SetItem(out, KEY(JA), ja) < 0)) goto fail;
    }
    goto done;
bail:
    Py_CLEAR(out);
    goto done;
fail:
    Py_CLEAR(out);
done:
    Py_XDECREF(names);
    Py_XDECREF(id);
    Py_XDECREF(tiles);
    return out;
}

/* notation.format_hand of a riichi result's hand: the concealed tiles with the winning tile
 * after its equals, grouped by suit, then each meld's notation and `+` the winning tile;
 * NULL with no error for a hand left to Python (flowers, no winning tile, a tile outside
 * the kernel), NULL with an error on error */
#define MAX_TEXT 64
static PyObject *hand_text(PyObject *hand) {
    PyObject *conc = NULL, *melds = NULL, *win = NULL, *bonus = NULL, *parts = NULL,
             *sep = NULL, *out = NULL, *t;
    int codes[MAX_TEXT], wcode, wkey, lo, hi, at, i, n, len = 0;
    char buf[2 * MAX_TEXT + 8], letter = 0;
    Py_ssize_t m;
    bonus = PyObject_GetAttr(hand, s_bonus);
    conc = PyObject_GetAttr(hand, s_concealed);
    melds = PyObject_GetAttr(hand, s_melds);
    win = PyObject_GetAttr(hand, s_winning);
    if (bonus == NULL || conc == NULL || melds == NULL || win == NULL) goto done;
    if (!PyTuple_CheckExact(bonus) || PyTuple_GET_SIZE(bonus) != 0 || win == Py_None ||
        !PyTuple_CheckExact(conc) || PyTuple_GET_SIZE(conc) >= MAX_TEXT - 1 ||
        !PyTuple_CheckExact(melds))
        goto done;
    n = (int)PyTuple_GET_SIZE(conc);
    for (i = 0; i < n; i++)
        if ((codes[i] = tile_code(PyTuple_GET_ITEM(conc, i))) < 0) goto done;
    if ((wcode = tile_code(win)) < 0) goto done;
    /* bisect_right by (kind, not red): a red five sorts before the other fives */
    wkey = (wcode & ~1) | !(wcode & 1);
    lo = 0;
    hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2, key = (codes[mid] & ~1) | !(codes[mid] & 1);
        if (wkey < key)
            hi = mid;
        else
            lo = mid + 1;
    }
    at = lo;
    memmove(codes + at + 1, codes + at, (size_t)(n - at) * sizeof(int));
    codes[at] = wcode;
    n++;
    for (i = 0; i < n; i++) { /* format_tiles */
        int kind = codes[i] >> 1;
        if (letter && kind_letter[kind] != letter) buf[len++] = letter;
        letter = kind_letter[kind];
        buf[len++] = codes[i] & 1 ? red_digit : kind_digit[kind];
    }
    buf[len++] = letter;
    parts = PyList_New(0);
    if (parts == NULL || (t = PyUnicode_FromStringAndSize(buf, len)) == NULL) goto done;
    if (PyList_Append(parts, t) < 0) {
        Py_DECREF(t);
        goto done;
    }
    Py_DECREF(t);
    for (m = 0; m < PyTuple_GET_SIZE(melds); m++) {
        t = PyObject_CallOneArg(meld_text, PyTuple_GET_ITEM(melds, m));
        if (t == NULL || PyList_Append(parts, t) < 0) {
            Py_XDECREF(t);
            goto done;
        }
        Py_DECREF(t);
    }
    buf[0] = '+';
    buf[1] = wcode & 1 ? red_digit : kind_digit[wcode >> 1];
    buf[2] = kind_letter[wcode >> 1];
    if ((t = PyUnicode_FromStringAndSize(buf, 3)) == NULL) goto done;
    if (PyList_Append(parts, t) < 0) {
        Py_DECREF(t);
        goto done;
    }
    Py_DECREF(t);
    if ((sep = PyUnicode_FromStringAndSize(" ", 1)) != NULL) out = PyUnicode_Join(sep, parts);
done:
    Py_XDECREF(bonus);
    Py_XDECREF(conc);
    Py_XDECREF(melds);
    Py_XDECREF(win);
    Py_XDECREF(parts);
    Py_XDECREF(sep);
    return out;
}
#undef MAX_TEXT

/* LazyExtra["fu_breakdown"]: the memo, else the reference view's fu lines with their
 * labels ({"en", "it", "fu", "ref"} each), kept as the memo as LazyExtra.__getitem__ keeps
 * it; anything unexpected goes through that __getitem__ (which raises what Python raises) */
static PyObject *fu_breakdown(PyObject *extra) {
    PyObject *slot, *memo, *core = NULL, *fu = NULL, *items = NULL, *labels = NULL,
                            *out = NULL;
    Py_ssize_t i, n;
    if (fu_slot < 0 || fu_slot >= n_extra_slots) goto python;
    slot = extra_slots[fu_slot];
    memo = Py_TYPE(slot)->tp_descr_get(slot, extra, out_extra);
    if (memo == NULL) return NULL;
    if (memo != Py_None) return memo;
    Py_DECREF(memo);
    core = PyObject_CallMethodNoArgs(extra, KEY(CORE));
    if (core == NULL || (fu = PyObject_GetAttr(core, KEY(FU))) == NULL) goto done;
    items = fu == Py_None ? PyTuple_New(0) : PyObject_GetAttr(fu, KEY(ITEMS));
    if (items == NULL || (labels = PyObject_CallMethodNoArgs(extra, KEY(FU_LABELS))) == NULL)
        goto done;
    if (!PyTuple_CheckExact(items) || !PyTuple_CheckExact(labels) ||
        PyTuple_GET_SIZE(items) != PyTuple_GET_SIZE(labels))
        goto other;
    n = PyTuple_GET_SIZE(items);
    if ((out = PyList_New(n)) == NULL) goto done;
    for (i = 0; i < n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(labels, i), *item = PyTuple_GET_ITEM(items, i), *d;
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) {
            Py_CLEAR(out);
            goto other;
        }
        d = PyDict_New();
        if (d == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, d);
        if (PyDict_SetItem(d, KEY(EN), PyTuple_GET_ITEM(pair, 0)) < 0 ||
            PyDict_SetItem(d, KEY(IT), PyTuple_GET_ITEM(pair, 1)) < 0 ||
            put(d, KEY(FU), PyObject_GetAttr(item, KEY(FU))) < 0 ||
            put(d, KEY(REF), PyObject_GetAttr(item, KEY(REF))) < 0) {
            Py_CLEAR(out);
            goto done;
        }
    }
    if (Py_TYPE(slot)->tp_descr_set(slot, extra, out) < 0) Py_CLEAR(out);
    goto done;
other:
    Py_XDECREF(core);
    Py_XDECREF(fu);
    Py_XDECREF(items);
    Py_XDECREF(labels);
python:
    return PyObject_GetItem(extra, KEY(FU_BREAKDOWN));
done:
    Py_XDECREF(core);
    Py_XDECREF(fu);
    Py_XDECREF(items);
    Py_XDECREF(labels);
    return out;
}

PyDoc_STRVAR(output_doc,
             "output(result, ja_names): RiichiResult.to_dict() with the `ja` name of each "
             "pattern (RiichiEma.score_dict's output object), or NotImplemented for a result "
             "the kernel leaves to the Python path.");

/* d[key] borrowed; NULL with no error when missing */
#define FIELD(key) PyDict_GetItemWithError(d, KEY(key))

static PyObject *output(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *r, *ja_names, *d = NULL, *out = NULL, *v = NULL, *list, *extra, *c = NULL, *f,
             *located = NULL;
    Py_ssize_t i, n;
    static const int optional[5] = {K_HAN, K_FU, K_FAN, K_POINTS, K_DOUBLES};
    (void)self;
    if (nargs != 2 || !output_ok || !front_ok || !PyDict_CheckExact(args[1]))
        Py_RETURN_NOTIMPLEMENTED;
    r = args[0];
    ja_names = args[1];
    if ((PyObject *)Py_TYPE(r) != out_result) Py_RETURN_NOTIMPLEMENTED;
    d = PyObject_GetAttr(r, s_dict);
    if (d == NULL) return NULL;
    if (!PyDict_CheckExact(d)) goto bail;
    extra = FIELD(EXTRA); /* borrowed, kept alive by d */
    if (extra == NULL || (PyObject *)Py_TYPE(extra) != out_extra) goto check;
    if (FIELD(PATTERN_KEYS) != NULL) goto bail; /* an instance's own pattern keys */
    if (PyErr_Occurred()) goto fail;
    v = PyObject_GetAttr(r, KEY(PATTERN_KEYS)); /* the class default: () */
    if (v == NULL) goto fail;
    if (!PyTuple_CheckExact(v) || PyTuple_GET_SIZE(v) != 0) goto bail;
    Py_CLEAR(v);
    c = Py_TYPE(extra_slots[0])->tp_descr_get(extra_slots[0], extra, out_extra); /* ._c */
    if (c == NULL) goto fail;
    if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != best_len) goto bail;
    if ((out = PyDict_New()) == NULL) goto fail;
    if (PyDict_SetItem(out, KEY(OK), Py_True) < 0) goto fail;
    if ((f = FIELD(RULES)) == NULL || PyDict_SetItem(out, KEY(RULES), f) < 0) goto check;
    if ((f = FIELD(HAND)) == NULL) goto check;
    if ((PyObject *)Py_TYPE(f) == hand_type) { /* pending: formatted here, kept as the field */
        PyObject *text = hand_text(f);
        if (text == NULL && PyErr_Occurred()) goto fail;
        if (text != NULL && PyDict_SetItem(d, KEY(HAND), text) < 0) {
            Py_DECREF(text);
            goto fail;
        }
        if (text != NULL && put(out, KEY(HAND), text) < 0) goto fail;
    }
    if (PyDict_GetItemWithError(out, KEY(HAND)) == NULL) {
        if (PyErr_Occurred() || put(out, KEY(HAND), PyObject_GetAttr(r, KEY(HAND))) < 0)
            goto fail;
    }
    if ((f = FIELD(VALID)) == NULL || PyDict_SetItem(out, KEY(VALID_WIN), f) < 0) goto check;
    if ((f = FIELD(REASON)) == NULL) goto check;
    if (f != Py_None && PyDict_SetItem(out, KEY(REASON), f) < 0) goto fail;
    if ((f = FIELD(AWARDS)) == NULL) goto check;
    if (f == extra) { /* pending: the best reading's awards and the tiles their locators name
                         (the located Award objects are made only if the field is read) */
        located = PyObject_CallMethodNoArgs(extra, KEY(AWARD_TILES));
        if (located == NULL) goto fail;
        v = Py_NewRef(PyTuple_GET_ITEM(c, best_awards));
        if (!PyTuple_CheckExact(located) || !PyTuple_CheckExact(v) ||
            PyTuple_GET_SIZE(located) != PyTuple_GET_SIZE(v))
            goto bail;
    } else if ((v = PyObject_GetAttr(r, KEY(AWARDS))) == NULL)
        goto fail;
    if (!PyTuple_CheckExact(v)) goto bail;
    n = PyTuple_GET_SIZE(v);
    list = PyList_New(n);
    if (list == NULL || put(out, KEY(PATTERNS), list) < 0) goto fail;
    for (i = 0; i < n; i++) {
        PyObject *p = pattern_of(PyTuple_GET_ITEM(v, i), ja_names,
                                 located ? PyTuple_GET_ITEM(located, i) : NULL);
        if (p == NULL) goto check;
        PyList_SET_ITEM(list, i, p);
    }
    Py_CLEAR(v);
    Py_CLEAR(located);
    for (i = 0; i < 5; i++) {
        f = PyDict_GetItemWithError(d, out_keys[optional[i]]);
        if (f == NULL) goto check;
        if (f != Py_None && PyDict_SetItem(out, out_keys[optional[i]], f) < 0) goto fail;
    }
    if ((f = FIELD(LIMIT)) == NULL || PyDict_SetItem(out, KEY(LIMIT), f) < 0) goto check;
    if ((f = FIELD(VALUE)) == NULL || PyDict_SetItem(out, KEY(VALUE), f) < 0) goto check;
    v = PyObject_GetAttr(r, KEY(PAYMENTS));
    if (v == NULL) goto fail;
    if (v != Py_None) {
        if (!PyDict_CheckExact(v)) goto bail;
        if (put(out, KEY(PAYMENTS), PyDict_Copy(v)) < 0) goto fail;
    }
    Py_CLEAR(v);
    /* out.update(extra): LazyExtra's keys and values */
    if (PyDict_SetItem(out, KEY(YAKU_HAN), PyTuple_GET_ITEM(c, best_yaku_han)) < 0 ||
        put(out, KEY(FU_BREAKDOWN), fu_breakdown(extra)) < 0 ||
        PyDict_SetItem(out, KEY(BASIC_POINTS), PyTuple_GET_ITEM(c, best_b)) < 0)
        goto fail;
    f = PyTuple_GET_ITEM(c, best_yakuman);
    i = PyObject_IsTrue(f);
    if (i < 0 || (i && PyDict_SetItem(out, KEY(YAKUMAN), f) < 0)) goto fail;
    if ((f = FIELD(EXPLANATION)) == NULL) goto check;
    if (f == extra) { /* pending: the lines of each language, as LazyLines makes them */
        PyObject *expl = PyDict_New();
        if (expl == NULL || put(out, KEY(EXPLANATION), expl) < 0) goto fail;
        for (i = 0; i < PyTuple_GET_SIZE(out_langs); i++) {
            PyObject *lang = PyTuple_GET_ITEM(out_langs, i), *lines;
            lines = PyObject_CallMethodOneArg(extra, s_explain, lang);
            if (lines == NULL) goto fail;
            if (put(expl, lang, PySequence_List(lines)) < 0) {
                Py_DECREF(lines);
                goto fail;
            }
            Py_DECREF(lines);
        }
        if (PyTuple_GET_SIZE(out_langs) == 0 && PyDict_DelItem(out, KEY(EXPLANATION)) < 0)
            goto fail;
    } else
        goto bail; /* already made: the Python path reads it */
    Py_DECREF(c);
    Py_DECREF(d);
    return out;
check: /* a missing field (or an error while reading one) */
    if (PyErr_Occurred()) goto fail;
bail:
    Py_XDECREF(c);
    Py_XDECREF(d);
    Py_XDECREF(v);
    Py_XDECREF(located);
    Py_XDECREF(out);
    Py_RETURN_NOTIMPLEMENTED;
fail:
    Py_XDECREF(c);
    Py_XDECREF(d);
    Py_XDECREF(v);
    Py_XDECREF(located);
    Py_XDECREF(out);
    return NULL;
}

#undef FIELD
#undef KEY

/* ------------------------------------------------------------------ the fu of a reading */

/* count_fu(ctx, *, pinfu): fu.count_fu (EMA-FU-1..10) over a WinContext's fields, the same
 * Fu of the same FuItems (its pure reference, fu._pure_count_fu, is also the fallback: a
 * context whose fields are not of the types below is handed to it before any work, so every
 * answer and every error is the reference's). What the lines say (label keys, rule ids, fu
 * of each set, the fixed lines) is handed over by setup_fu from fu.py; the kernel holds no
 * rule text. */
enum { FU_SEVEN, FU_PINFU_RON, FU_PINFU_TSUMO, FU_BASE_RON, FU_BASE, FU_TSUMO, FU_OPEN_PINFU,
       NFIXED };
enum { FU_REF_SET, FU_REF_PAIR, FU_KEY_DRAGON, FU_KEY_SEAT, FU_KEY_ROUND, FU_STANDARD,
       FU_SEVEN_PAIRS, FU_PUNG, FU_KONG, FU_PAIR, FU_WIN_TSUMO, FU_WIN_RON, FU_PAIR_FU,
       NFUWORDS };
static PyObject *fu_pure = NULL;           /* fu._pure_count_fu */
static PyTypeObject *fu_type = NULL;       /* fu.Fu */
static PyTypeObject *fu_item_type = NULL;  /* fu.FuItem */
static PyObject *fu_fixed[NFIXED];         /* the Fu/FuItem constants of fu.py */
static PyObject *fu_words[NFUWORDS]; /* rule ids, label keys, shapes, kinds, wins, pair fu */
static PyObject *fu_sets[8];               /* (fu, key) by kong * 4 + head * 2 + closed */
static PyObject *fu_waits = NULL;          /* fu._WAIT_FU: WaitKind -> FuItem */
static PyObject *fu_heads = NULL;          /* terminals and honours */
static PyObject *fu_dragons = NULL;        /* the dragons */
static PyObject *lb_pure = NULL;           /* fu._pure_labels */
static PyObject *lb_pairs = NULL;          /* fu._PAIRS: (key, group text) -> labels */
static PyObject *lb_empty = NULL;          /* "": the text of no group */
static Py_ssize_t lb_items = -1, lb_key = -1, lb_group = -1; /* Fu.items, FuItem.key/group */
static PyObject *s_decomposition, *s_shape, *s_groups, *s_win, *s_reading, *s_group, *s_wait,
    *s_seat_wind, *s_round_wind, *s_hand, *s_tile, *s_pinfu;

PyDoc_STRVAR(setup_fu_doc,
             "setup_fu(pure, fu, item, fixed, words, sets, waits, heads, dragons, labels_pure, "
             "pairs, positions): the Python side of count_fu and fu_labels (see fu.py): the "
             "reference, Fu, FuItem, the fixed Fu/FuItem values, the words the lines and the "
             "context use (and a pair's fu), the (fu, key) of each set, the wait lines by "
             "WaitKind, the terminal/honour and dragon kinds; Fu.labels' reference and memo "
             "and the positions of Fu.items, FuItem.key and FuItem.group.");

/* whether `t` is a tuple subclass whose instances are plain tuples (a named tuple) */
static int plain_tuple_type(PyObject *t) {
    PyTypeObject *tp = (PyTypeObject *)t;
    return PyType_Check(t) && PyType_IsSubtype(tp, &PyTuple_Type) &&
           tp->tp_basicsize == PyTuple_Type.tp_basicsize &&
           tp->tp_itemsize == PyTuple_Type.tp_itemsize && tp->tp_dictoffset == 0;
}

static PyObject *setup_fu(PyObject *self, PyObject *args) {
    PyObject *pure, *fu, *item, *fixed, *words, *sets, *waits, *heads, *dragons, *lpure, *pairs;
    Py_ssize_t i, items_at, key_at, group_at;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO!O!O!O!OOOO!(nnn):setup_fu", &pure, &fu, &item,
                          &PyTuple_Type, &fixed, &PyTuple_Type, &words, &PyTuple_Type, &sets,
                          &PyDict_Type, &waits, &heads, &dragons, &lpure, &PyDict_Type, &pairs,
                          &items_at, &key_at, &group_at))
        return NULL;
    if (!PyCallable_Check(lpure) || items_at < 0 || key_at < 0 || group_at < 0) {
        PyErr_SetString(PyExc_ValueError, "setup_fu: a callable and positions >= 0");
        return NULL;
    }
    if (lb_empty == NULL && (lb_empty = PyUnicode_FromString("")) == NULL) return NULL;
    if (!PyCallable_Check(pure) || !plain_tuple_type(fu) || !plain_tuple_type(item) ||
        PyTuple_GET_SIZE(fixed) != NFIXED || PyTuple_GET_SIZE(words) != NFUWORDS ||
        PyTuple_GET_SIZE(sets) != 8) {
        PyErr_Format(PyExc_ValueError,
                     "setup_fu: a callable, two named tuple types, %d fixed values, %d words "
                     "and 8 sets expected", NFIXED, NFUWORDS);
        return NULL;
    }
    if (!PyLong_CheckExact(PyTuple_GET_ITEM(words, FU_PAIR_FU))) {
        PyErr_SetString(PyExc_TypeError, "setup_fu: a pair's fu is an int");
        return NULL;
    }
    {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(waits, &pos, &key, &value))
            if (!PyObject_TypeCheck(value, (PyTypeObject *)item) || PyTuple_GET_SIZE(value) < 2) {
                PyErr_SetString(PyExc_TypeError, "setup_fu: the wait lines are FuItems");
                return NULL;
            }
    }
    for (i = 0; i < 8; i++) {
        PyObject *s = PyTuple_GET_ITEM(sets, i);
        if (!PyTuple_CheckExact(s) || PyTuple_GET_SIZE(s) != 2 ||
            !PyLong_CheckExact(PyTuple_GET_ITEM(s, 0))) {
            PyErr_SetString(PyExc_TypeError, "setup_fu: each set is (fu, key)");
            return NULL;
        }
    }
    for (i = 0; i < NFIXED; i++) /* (a FuItem's fu is its item 1: read by count_fu) */
        if (!PyObject_TypeCheck(PyTuple_GET_ITEM(fixed, i),
                                (PyTypeObject *)(i <= FU_PINFU_TSUMO ? fu : item)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(fixed, i)) < 2) {
            PyErr_SetString(PyExc_TypeError, "setup_fu: the fixed values are 3 Fu, 4 FuItems");
            return NULL;
        }
    set_ref(&fu_pure, pure);
    set_ref((PyObject **)&fu_type, fu);
    set_ref((PyObject **)&fu_item_type, item);
    for (i = 0; i < NFIXED; i++) set_ref(&fu_fixed[i], PyTuple_GET_ITEM(fixed, i));
    for (i = 0; i < NFUWORDS; i++) set_ref(&fu_words[i], PyTuple_GET_ITEM(words, i));
    for (i = 0; i < 8; i++) set_ref(&fu_sets[i], PyTuple_GET_ITEM(sets, i));
    set_ref(&fu_waits, waits);
    set_ref(&fu_heads, heads);
    set_ref(&fu_dragons, dragons);
    set_ref(&lb_pure, lpure);
    set_ref(&lb_pairs, pairs);
    lb_items = items_at;
    lb_key = key_at;
    lb_group = group_at;
    Py_RETURN_NONE;
}

/* a new instance of the named tuple type `type` holding the n values (new references) */
static PyObject *named(PyTypeObject *type, Py_ssize_t n, PyObject *const *values) {
    PyObject *t = type->tp_alloc(type, n);
    Py_ssize_t i;
    if (t == NULL) return NULL;
    for (i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, Py_NewRef(values[i]));
    return t;
}

/* items.append(FuItem(key, fu, ref, group)); -1 on error */
static int add_item(PyObject *items, PyObject *key, PyObject *fu, PyObject *ref, PyObject *g) {
    PyObject *values[4] = {key, fu, ref, g};
    PyObject *item = named(fu_item_type, 4, values);
    int rc;
    if (item == NULL) return -1;
    rc = PyList_Append(items, item);
    Py_DECREF(item);
    return rc;
}

/* the attributes count_fu reads: new references, or -1 (an error set) */
static int fu_attrs(PyObject *ctx, PyObject **d, PyObject **shape, PyObject **win,
                    PyObject **melds, PyObject **groups, PyObject **reading, PyObject **seat,
                    PyObject **rnd) {
    PyObject *hand;
    if ((*d = PyObject_GetAttr(ctx, s_decomposition)) == NULL ||
        (*shape = PyObject_GetAttr(*d, s_shape)) == NULL ||
        (*win = PyObject_GetAttr(ctx, s_win)) == NULL ||
        (hand = PyObject_GetAttr(ctx, s_hand)) == NULL)
        return -1;
    *melds = PyObject_GetAttr(hand, s_melds);
    Py_DECREF(hand);
    if (*melds == NULL || (*groups = PyObject_GetAttr(*d, s_groups)) == NULL ||
        (*reading = PyObject_GetAttr(ctx, s_reading)) == NULL ||
        (*seat = PyObject_GetAttr(ctx, s_seat_wind)) == NULL ||
        (*rnd = PyObject_GetAttr(ctx, s_round_wind)) == NULL)
        return -1;
    return 0;
}

PyDoc_STRVAR(count_fu_doc,
             "count_fu(ctx, *, pinfu): fu.count_fu in C (the same Fu), or what "
             "fu._pure_count_fu answers for a context of other types.");

static PyObject *count_fu(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"ctx", "pinfu", NULL};
    PyObject *ctx, *flag, *d = NULL, *shape = NULL, *win = NULL, *melds = NULL,
                          *groups = NULL, *reading = NULL, *seat = NULL, *rnd = NULL,
                          *by_ron = NULL, *wait = NULL, *items = NULL, *out = NULL, *values[3];
    int pinfu, tsumo, concealed = 1, standard;
    long raw = 0;
    Py_ssize_t i, n;
    (void)self;
    if (fu_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "count_fu: setup_fu was not called");
        return NULL;
    }
    pinfu = 0;
    if (PyTuple_GET_SIZE(args) == 1 && kw != NULL && PyDict_GET_SIZE(kw) == 1 &&
        (flag = PyDict_GetItemWithError(kw, s_pinfu)) != NULL) { /* the call's own spelling */
        ctx = PyTuple_GET_ITEM(args, 0);
        if ((pinfu = PyObject_IsTrue(flag)) < 0) goto pure_on_error;
    } else if (PyErr_Occurred() || kw == NULL || PyDict_GetItemWithError(kw, s_pinfu) == NULL ||
               !PyArg_ParseTupleAndKeywords(args, kw, "O|$p:count_fu", kwlist, &ctx, &pinfu)) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception)) return NULL;
        PyErr_Clear(); /* the reference's own TypeError (a missing or unknown argument) */
        goto pure;
    }
    /* every field first: a context of other types (or one whose reads fail) goes to the
     * reference, which reads what it needs and answers or raises its own way */
    if (fu_attrs(ctx, &d, &shape, &win, &melds, &groups, &reading, &seat, &rnd) < 0)
        goto pure_on_error;
    if (!PyUnicode_CheckExact(shape) || !PyTuple_CheckExact(melds) ||
        !PyTuple_CheckExact(groups))
        goto pure;
    if (PyUnicode_Compare(shape, fu_words[FU_SEVEN_PAIRS]) == 0) {
        out = Py_NewRef(fu_fixed[FU_SEVEN]);
        goto done;
    }
    if (PyErr_Occurred()) goto done;
    tsumo = win == fu_words[FU_WIN_TSUMO];
    if (pinfu) {
        out = Py_NewRef(fu_fixed[tsumo ? FU_PINFU_TSUMO : FU_PINFU_RON]);
        goto done;
    }
    { /* all([m.concealed for m in melds]): every meld's read before any is judged */
        PyObject *flags[4];
        Py_ssize_t got;
        n = PyTuple_GET_SIZE(melds);
        if (n > 4) goto pure; /* (a hand declares at most four) */
        for (got = 0; got < n; got++)
            if ((flags[got] = PyObject_GetAttr(PyTuple_GET_ITEM(melds, got), s_concealed)) ==
                NULL)
                break;
        if (got == n) /* (no truth asked with a read's error set) */
            for (i = 0; i < n && concealed > 0; i++) concealed = PyObject_IsTrue(flags[i]);
        for (i = 0; i < got; i++) Py_DECREF(flags[i]);
        if (got < n) goto pure_on_error;
        if (concealed < 0) goto done;
    }
    n = PyTuple_GET_SIZE(groups);
    if (reading != Py_None && win == fu_words[FU_WIN_RON]) {
        PyObject *at = PyObject_GetAttr(reading, s_group);
        Py_ssize_t k;
        if (at == NULL) goto pure_on_error;
        k = PyLong_CheckExact(at) ? PyLong_AsSsize_t(at) : -1;
        Py_DECREF(at);
        if (k == -1 && PyErr_Occurred()) PyErr_Clear();
        if (k < 0 || k >= n) goto pure; /* the reference indexes (or raises) its own way */
        by_ron = PyTuple_GET_ITEM(groups, k);
    }
    if (reading != Py_None && (wait = PyObject_GetAttr(reading, s_wait)) == NULL)
        goto pure_on_error;
    standard = PyUnicode_Compare(shape, fu_words[FU_STANDARD]) == 0;
    if (PyErr_Occurred()) goto done;
    if ((items = PyList_New(0)) == NULL ||
        PyList_Append(items, fu_fixed[concealed && !tsumo ? FU_BASE_RON : FU_BASE]) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        PyObject *g = PyTuple_GET_ITEM(groups, i), *kind, *tile;
        int is_kong, is_pair, head, closed = 0, hit;
        if ((kind = PyObject_GetAttr(g, s_kind)) == NULL) goto pure_on_error;
        is_kong = kind == fu_words[FU_KONG];
        is_pair = kind == fu_words[FU_PAIR];
        hit = is_kong || kind == fu_words[FU_PUNG];
        Py_DECREF(kind);
        if (!hit && (!is_pair || !standard)) continue;
        if ((tile = PyObject_GetAttr(g, s_tile)) == NULL) goto pure_on_error;
        if (is_pair) { /* dragon, seat-wind, prevalent-wind pair: 2 fu each (EMA-FU-3) */
            PyObject *two = fu_words[FU_PAIR_FU], *ref = fu_words[FU_REF_PAIR];
            int rc = 0;
            if ((hit = PySequence_Contains(fu_dragons, tile)) < 0 ||
                (hit && add_item(items, fu_words[FU_KEY_DRAGON], two, ref, g) < 0) ||
                (hit = PyObject_RichCompareBool(tile, seat, Py_EQ)) < 0 ||
                (hit && add_item(items, fu_words[FU_KEY_SEAT], two, ref, g) < 0) ||
                (hit = PyObject_RichCompareBool(tile, rnd, Py_EQ)) < 0 ||
                (hit && add_item(items, fu_words[FU_KEY_ROUND], two, ref, g) < 0))
                rc = -1;
            Py_DECREF(tile);
            if (rc < 0) goto done;
            continue;
        }
        head = PySequence_Contains(fu_heads, tile);
        Py_DECREF(tile);
        if (head < 0) goto done;
        { /* concealed, and not completed by a discarded winning tile (EMA-FU-5) */
            PyObject *c = PyObject_GetAttr(g, s_concealed);
            if (c == NULL) goto pure_on_error;
            Py_DECREF(c); /* only compared below: True and False are static */
            if (c != Py_True && c != Py_False) goto pure; /* the reference's key, not a bool */
            closed = c == Py_True && g != by_ron;
        }
        {
            PyObject *set = fu_sets[is_kong * 4 + head * 2 + closed];
            if (add_item(items, PyTuple_GET_ITEM(set, 1), PyTuple_GET_ITEM(set, 0),
                         fu_words[FU_REF_SET], g) < 0)
                goto done;
        }
    }
    if (wait != NULL) { /* _WAIT_FU.get(wait): its keys by identity first (an enum member's
                           hash is a Python call), then by the dict's own lookup */
        PyObject *key, *line = NULL;
        Py_ssize_t pos = 0;
        while (PyDict_Next(fu_waits, &pos, &key, &line) && key != wait) line = NULL;
        if (line == NULL && (line = PyDict_GetItemWithError(fu_waits, wait)) == NULL &&
            PyErr_Occurred())
            goto done;
        if (line != NULL && (Py_TYPE(line) != fu_item_type || PyTuple_GET_SIZE(line) < 2))
            goto pure; /* (the dict is read at each call: a value set since setup_fu) */
        if (line != NULL && PyList_Append(items, line) < 0) goto done;
    }
    if (tsumo && PyList_Append(items, fu_fixed[FU_TSUMO]) < 0) goto done;
    for (i = 0; i < PyList_GET_SIZE(items); i++) {
        long f = PyLong_AsLong(PyTuple_GET_ITEM(PyList_GET_ITEM(items, i), 1));
        if (f == -1 && PyErr_Occurred()) goto done;
        raw += f;
    }
    if (raw == 20 && !concealed) {
        if (PyList_Append(items, fu_fixed[FU_OPEN_PINFU]) < 0) goto done;
        raw = 22;
    }
    values[0] = PyList_AsTuple(items);
    values[1] = PyLong_FromLong(raw);
    values[2] = PyLong_FromLong((raw / 10 + (raw % 10 > 0)) * 10); /* rounded up (EMA-FU-9) */
    if (values[0] != NULL && values[1] != NULL && values[2] != NULL)
        out = named(fu_type, 3, values);
    for (i = 0; i < 3; i++) Py_XDECREF(values[i]);
    goto done;
pure_on_error:
    if (!PyErr_ExceptionMatches(PyExc_Exception)) goto done;
    PyErr_Clear();
pure:
    Py_CLEAR(items);
    out = PyObject_Call(fu_pure, args, kw);
done:
    Py_XDECREF(d);
    Py_XDECREF(shape);
    Py_XDECREF(win);
    Py_XDECREF(melds);
    Py_XDECREF(groups);
    Py_XDECREF(reading);
    Py_XDECREF(seat);
    Py_XDECREF(rnd);
    Py_XDECREF(wait);
    Py_XDECREF(items);
    return out;
}

/* ------------------------------------------------------------------ the explanation */

/* explain(core, transfers, winner, discarder, fu_labels): RiichiEma._explain's lines, both
 * languages, from the ruleset's memos: the award lines (_AWARD_LINES by the award's id), the
 * fixed lines (_FIXED_LINES by what they say) and the transfer lines (_TRANSFER_LINES), each
 * made by its Python function on a miss; the reading's text and the fu lines by their Python
 * code (Decomposition.__str__, Fu.lines_both). Its reference, ruleset._pure_explain, is also
 * the fallback: a Core of another type or shape, or any field of other types, is handed to
 * it before any work. The words ("reading: ", ...) are handed over by setup_explain. */
enum { EX_READING_EN, EX_READING_IT, EX_INVALID_EN, EX_INVALID_IT, EX_DEALER, EX_TSUMO,
       NEXWORDS };
enum { EX_CTX, EX_AWARDS, EX_VALID, EX_REASON, EX_HAN, EX_YAKU_HAN, EX_YAKUMAN, EX_FU, EX_B,
       EX_LIMIT, NEXFIELDS };
static PyObject *ex_pure = NULL, *ex_core = NULL, *ex_award_memo = NULL, *ex_award_fn = NULL,
                *ex_fixed_memo = NULL, *ex_fixed_fn = NULL, *ex_transfer_memo = NULL,
                *ex_transfer_fn = NULL, *ex_words[NEXWORDS], *ex_zero = NULL, *s_lines_both;
static Py_ssize_t ex_fields[NEXFIELDS], ex_core_len = 0, ex_fu_total = -1;
static PyObject *ex_decomposition = NULL, *ex_group = NULL, *ex_group_text = NULL, *ex_space,
                *ex_colon, *s_meld, *ex_fu_lines = NULL, *ex_fu_totals = NULL;
static Py_ssize_t ex_fu_items = -1, ex_fu_raw = -1, ex_item_fu = -1, ex_item_ref = -1;

PyDoc_STRVAR(setup_explain_doc,
             "setup_explain(pure, core, fields, fu_fields, award_memo, award_fn, fixed_memo, "
             "fixed_fn, transfer_memo, transfer_fn, words, decomposition, group, group_text, "
             "item_fields, fu_lines, fu_totals): the Python side of explain (see ruleset.py): "
             "the reference, Core, the positions of its fields and of Fu's items, raw and "
             "total, the three memos with their makers, the words of the lines, Decomposition, "
             "Group and the memo of Group.__str__, the positions of a FuItem's fu and ref, the "
             "memos of Fu.lines_both.");

static PyObject *setup_explain(PyObject *self, PyObject *args) {
    PyObject *pure, *core, *fields, *am, *af, *fm, *ff, *tm, *tf, *words, *dt, *gt, *texts,
        *lines, *totals;
    Py_ssize_t total, items_at, raw_at, fu_at, ref_at, i, at_of[NEXFIELDS], core_len;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO!(nnn)O!OO!OO!OO!O!O!O!(nn)O!O!:setup_explain", &pure,
                          &core, &PyTuple_Type, &fields, &items_at, &raw_at, &total,
                          &PyDict_Type, &am, &af, &PyDict_Type, &fm, &ff, &PyDict_Type, &tm,
                          &tf, &PyTuple_Type, &words, &PyType_Type, &dt, &PyType_Type, &gt,
                          &PyDict_Type, &texts, &fu_at, &ref_at, &PyDict_Type, &lines,
                          &PyDict_Type, &totals))
        return NULL;
    if (items_at < 0 || raw_at < 0 || fu_at < 0 || ref_at < 0) {
        PyErr_SetString(PyExc_ValueError, "setup_explain: positions are >= 0");
        return NULL;
    }
    if (!PyCallable_Check(pure) || !plain_tuple_type(core) || !PyCallable_Check(af) ||
        !PyCallable_Check(ff) || !PyCallable_Check(tf) || PyTuple_GET_SIZE(fields) != NEXFIELDS ||
        PyTuple_GET_SIZE(words) != NEXWORDS || total < 0) {
        PyErr_Format(PyExc_ValueError,
                     "setup_explain: callables, a named tuple type, %d fields, %d words",
                     NEXFIELDS, NEXWORDS);
        return NULL;
    }
    for (i = 0; i < NEXWORDS; i++)
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(words, i)) && i != EX_TSUMO) {
            PyErr_SetString(PyExc_TypeError, "setup_explain: the words are strings");
            return NULL;
        }
    core_len = 0; /* (checked whole before any is kept: a refused call changes nothing) */
    for (i = 0; i < NEXFIELDS; i++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(fields, i));
        if (at == -1 && PyErr_Occurred()) return NULL;
        if (at < 0 || at == PY_SSIZE_T_MAX) { /* (its length, at + 1, is a Py_ssize_t) */
            PyErr_SetString(PyExc_ValueError,
                            "setup_explain: a field's position is >= 0 and < sys.maxsize");
            return NULL;
        }
        at_of[i] = at;
        if (at >= core_len) core_len = at + 1;
    }
    if (ex_zero == NULL && (ex_zero = PyLong_FromLong(0)) == NULL) return NULL;
    if (ex_space == NULL && (ex_space = PyUnicode_FromString(" ")) == NULL) return NULL;
    if (ex_colon == NULL && (ex_colon = PyUnicode_FromString(": ")) == NULL) return NULL;
    if (s_meld == NULL && (s_meld = PyUnicode_InternFromString("meld")) == NULL) return NULL;
    memcpy(ex_fields, at_of, sizeof ex_fields);
    ex_core_len = core_len;
    ex_fu_items = items_at;
    ex_fu_raw = raw_at;
    ex_item_fu = fu_at;
    ex_item_ref = ref_at;
    set_ref(&ex_fu_lines, lines);
    set_ref(&ex_fu_totals, totals);
    set_ref(&ex_decomposition, dt);
    set_ref(&ex_group, gt);
    set_ref(&ex_group_text, texts);
    ex_fu_total = total;
    set_ref(&ex_pure, pure);
    set_ref(&ex_core, core);
    set_ref(&ex_award_memo, am);
    set_ref(&ex_award_fn, af);
    set_ref(&ex_fixed_memo, fm);
    set_ref(&ex_fixed_fn, ff);
    set_ref(&ex_transfer_memo, tm);
    set_ref(&ex_transfer_fn, tf);
    for (i = 0; i < NEXWORDS; i++) set_ref(&ex_words[i], PyTuple_GET_ITEM(words, i));
    Py_RETURN_NONE;
}

/* en.append(pair[0]); it.append(pair[1]) for a tuple of at least `at + 2` items; -1 on error,
 * 1 when `pair` is not such a tuple (the caller hands the call to the reference) */
static int add_pair(PyObject *en, PyObject *it, PyObject *pair, Py_ssize_t at) {
    if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) < at + 2) return 1;
    if (PyList_Append(en, PyTuple_GET_ITEM(pair, at)) < 0 ||
        PyList_Append(it, PyTuple_GET_ITEM(pair, at + 1)) < 0)
        return -1;
    return 0;
}

/* en += a; it += b for two tuples of strings; -1 on error, 1 when they are not tuples */
static int add_lines(PyObject *en, PyObject *it, PyObject *a, PyObject *b) {
    Py_ssize_t i;
    if (!PyTuple_CheckExact(a) || !PyTuple_CheckExact(b)) return 1;
    for (i = 0; i < PyTuple_GET_SIZE(a); i++)
        if (PyList_Append(en, PyTuple_GET_ITEM(a, i)) < 0) return -1;
    for (i = 0; i < PyTuple_GET_SIZE(b); i++)
        if (PyList_Append(it, PyTuple_GET_ITEM(b, i)) < 0) return -1;
    return 0;
}

/* memo[key] (borrowed) if the memo has it, else fn(key) (new reference); NULL on error */
static PyObject *remembered(PyObject *memo, PyObject *key, PyObject *fn, PyObject *arg) {
    PyObject *found = PyDict_GetItemWithError(memo, key);
    if (found != NULL) return Py_NewRef(found);
    if (PyErr_Occurred()) return NULL;
    return PyObject_CallOneArg(fn, arg);
}

/* Fu.lines_both(labels) from its memos (fu._LINES by (fu, ref, English label, Italian
 * label), fu._TOTALS by (raw, total)) when every line is there: 0 done, -1 error, 1 not all
 * there or of other types (nothing appended: the caller calls lines_both, which makes and
 * remembers them, or raises) */
#define MAX_FU_LINES 24
static int fu_lines_of(PyObject *en, PyObject *it, PyObject *fu, PyObject *labels) {
    PyObject *items, *found[MAX_FU_LINES + 1], *key, *value;
    Py_ssize_t i, n, top, got = 0;
    int rc = 1;
    if (fu_type == NULL || Py_TYPE(fu) != fu_type || !PyTuple_CheckExact(labels)) return 1;
    top = ex_fu_items > ex_fu_raw ? ex_fu_items : ex_fu_raw;
    if (ex_fu_total > top) top = ex_fu_total;
    if (PyTuple_GET_SIZE(fu) <= top) return 1;
    items = PyTuple_GET_ITEM(fu, ex_fu_items);
    if (!PyTuple_CheckExact(items)) return 1;
    n = PyTuple_GET_SIZE(items);
    if (n != PyTuple_GET_SIZE(labels) || n > MAX_FU_LINES) return 1;
    if (!PyLong_CheckExact(PyTuple_GET_ITEM(fu, ex_fu_raw)) ||
        !PyLong_CheckExact(PyTuple_GET_ITEM(fu, ex_fu_total)))
        return 1;
    /* the memos' values, held: a lookup may compare a stored key of another type (its
     * __eq__ runs Python code, which may change the memo and free what it held) */
    for (i = 0; i <= n; i++) {
        if (i < n) {
            PyObject *item = PyTuple_GET_ITEM(items, i), *label = PyTuple_GET_ITEM(labels, i);
            if (Py_TYPE(item) != fu_item_type || PyTuple_GET_SIZE(item) <= ex_item_fu ||
                PyTuple_GET_SIZE(item) <= ex_item_ref || !PyTuple_CheckExact(label) ||
                PyTuple_GET_SIZE(label) != 2 ||
                !PyLong_CheckExact(PyTuple_GET_ITEM(item, ex_item_fu)) ||
                !PyUnicode_CheckExact(PyTuple_GET_ITEM(item, ex_item_ref)) ||
                !PyUnicode_CheckExact(PyTuple_GET_ITEM(label, 0)) ||
                !PyUnicode_CheckExact(PyTuple_GET_ITEM(label, 1)))
                goto done;
            key = PyTuple_Pack(4, PyTuple_GET_ITEM(item, ex_item_fu),
                               PyTuple_GET_ITEM(item, ex_item_ref), PyTuple_GET_ITEM(label, 0),
                               PyTuple_GET_ITEM(label, 1));
        } else {
            key = PyTuple_Pack(2, PyTuple_GET_ITEM(fu, ex_fu_raw),
                               PyTuple_GET_ITEM(fu, ex_fu_total));
        }
        if (key == NULL) {
            rc = -1;
            goto done;
        }
        value = PyDict_GetItemWithError(i < n ? ex_fu_lines : ex_fu_totals, key);
        Py_DECREF(key);
        if (value == NULL) {
            if (PyErr_Occurred()) rc = -1;
            goto done;
        }
        if (!PyTuple_CheckExact(value) || PyTuple_GET_SIZE(value) != 2) goto done;
        found[got++] = Py_NewRef(value);
    }
    for (i = 0, rc = 0; i <= n && rc == 0; i++) rc = add_pair(en, it, found[i], 0);
done:
    for (i = 0; i < got; i++) Py_DECREF(found[i]);
    return rc;
}
#undef MAX_FU_LINES

/* str(g), from Group.__str__'s memo (by kind, tile and shown without brackets: concealed, or
 * not from a meld) for a Group whose concealed is a bool: a new reference, NULL on error */
static PyObject *group_text(PyObject *g) {
    PyObject *conc, *flag, *kind, *tile, *key, *text;
    if ((PyObject *)Py_TYPE(g) != ex_group) return PyObject_Str(g);
    if ((conc = PyObject_GetAttr(g, s_concealed)) == NULL) return NULL;
    Py_DECREF(conc); /* only compared below (True and False are static), else str(g) */
    if (conc == Py_True) {
        flag = Py_True;
    } else if (conc == Py_False) {
        PyObject *meld = PyObject_GetAttr(g, s_meld);
        if (meld == NULL) return NULL;
        flag = meld == Py_None ? Py_True : Py_False;
        Py_DECREF(meld);
    } else {
        return PyObject_Str(g);
    }
    kind = PyObject_GetAttr(g, s_kind);
    tile = kind ? PyObject_GetAttr(g, s_tile) : NULL;
    key = tile ? PyTuple_Pack(3, kind, tile, flag) : NULL;
    Py_XDECREF(kind);
    Py_XDECREF(tile);
    if (key == NULL) return NULL;
    text = PyDict_GetItemWithError(ex_group_text, key);
    Py_DECREF(key);
    if (text != NULL && PyUnicode_CheckExact(text)) return Py_NewRef(text);
    return PyErr_Occurred() ? NULL : PyObject_Str(g); /* a miss: Group.__str__ makes it */
}

/* str(d): for a Decomposition, f"{shape}: " and its groups' texts (group_text) joined by
 * spaces, as Decomposition.__str__ makes it; anything else by str(d) itself */
static PyObject *reading_text(PyObject *d) {
    PyObject *shape = NULL, *groups = NULL, *texts = NULL, *joined = NULL, *head = NULL,
             *out = NULL;
    Py_ssize_t i, n;
    if ((PyObject *)Py_TYPE(d) != ex_decomposition) return PyObject_Str(d);
    if ((shape = PyObject_GetAttr(d, s_shape)) == NULL ||
        (groups = PyObject_GetAttr(d, s_groups)) == NULL)
        goto done;
    if (!PyUnicode_CheckExact(shape) || !PyTuple_CheckExact(groups)) {
        out = PyObject_Str(d);
        goto done;
    }
    n = PyTuple_GET_SIZE(groups);
    if ((texts = PyList_New(n)) == NULL) goto done;
    for (i = 0; i < n; i++) {
        PyObject *text = group_text(PyTuple_GET_ITEM(groups, i));
        if (text == NULL) goto done;
        PyList_SET_ITEM(texts, i, text);
    }
    if ((joined = PyUnicode_Join(ex_space, texts)) != NULL &&
        (head = PyUnicode_Concat(shape, ex_colon)) != NULL)
        out = PyUnicode_Concat(head, joined);
done:
    Py_XDECREF(shape);
    Py_XDECREF(groups);
    Py_XDECREF(texts);
    Py_XDECREF(joined);
    Py_XDECREF(head);
    return out;
}

PyDoc_STRVAR(fu_labels_doc,
             "fu_labels(fu): Fu.labels() from its memo (fu._PAIRS by each line's key and its "
             "group's text) when every label is there, else what fu._pure_labels answers.");

/* Fu.labels: the (English, Italian) label of each line from fu._PAIRS, by the line's key and
 * its group's text ("" for none); a miss or anything of other types goes to the reference
 * (which makes and remembers the labels) */
#define MAX_FU_LABELS 24
static PyObject *fu_labels(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames) {
    PyObject *fu, *items, *pairs[MAX_FU_LABELS], *out = NULL;
    Py_ssize_t i, n, got = 0;
    (void)self;
    if (lb_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "fu_labels: setup_fu was not called");
        return NULL;
    }
    if (nargs != 1 || kwnames != NULL) /* (a keyword: the reference's own answer or error) */
        return PyObject_Vectorcall(lb_pure, args, (size_t)nargs, kwnames);
    fu = args[0];
    if (fu_type == NULL || Py_TYPE(fu) != fu_type || PyTuple_GET_SIZE(fu) <= lb_items) goto pure;
    items = PyTuple_GET_ITEM(fu, lb_items);
    if (!PyTuple_CheckExact(items) || (n = PyTuple_GET_SIZE(items)) > MAX_FU_LABELS) goto pure;
    for (i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(items, i), *group, *text, *key, *pair;
        if (Py_TYPE(item) != fu_item_type || PyTuple_GET_SIZE(item) <= lb_key ||
            PyTuple_GET_SIZE(item) <= lb_group ||
            !PyUnicode_CheckExact(PyTuple_GET_ITEM(item, lb_key)))
            goto pure;
        group = PyTuple_GET_ITEM(item, lb_group);
        text = group == Py_None ? Py_NewRef(lb_empty) : group_text(group);
        if (text == NULL) goto done;
        if (!PyUnicode_CheckExact(text)) { /* (a str subclass: the reference's own key) */
            Py_DECREF(text);
            goto pure;
        }
        key = PyTuple_Pack(2, PyTuple_GET_ITEM(item, lb_key), text);
        Py_DECREF(text);
        if (key == NULL) goto done;
        pair = PyDict_GetItemWithError(lb_pairs, key);
        Py_DECREF(key);
        if (pair == NULL) {
            if (PyErr_Occurred()) goto done;
            goto pure;
        }
        pairs[got++] = Py_NewRef(pair); /* (a group's str() may run Python code) */
    }
    if ((out = PyTuple_New(n)) == NULL) goto done;
    for (i = 0; i < n; i++) PyTuple_SET_ITEM(out, i, pairs[i]);
    got = 0; /* the tuple holds them now */
    goto done;
pure:
    out = PyObject_Vectorcall(lb_pure, args, (size_t)nargs, NULL);
done:
    for (i = 0; i < got; i++) Py_DECREF(pairs[i]);
    return out;
}
#undef MAX_FU_LABELS

PyDoc_STRVAR(explain_doc,
             "explain(core, transfers, winner, discarder, fu_labels): RiichiEma._explain's "
             "(English, Italian) lines, or what ruleset._pure_explain answers for other types.");

static PyObject *explain(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
    PyObject *core, *transfers, *winner, *discarder, *labels, *ctx, *awards, *fu, *yakuman,
        *en = NULL, *it = NULL, *text = NULL, *line = NULL, *key = NULL, *found = NULL,
        *out = NULL;
    Py_ssize_t i;
    int valid, rc, dealer, tsumo;
    (void)self;
    if (ex_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "explain: setup_explain was not called");
        return NULL;
    }
    if (nargs != 5 || kwnames != NULL) goto pure; /* (keywords: the reference's spelling) */
    core = args[0];
    transfers = args[1];
    winner = args[2];
    discarder = args[3];
    labels = args[4];
    if ((PyObject *)Py_TYPE(core) != ex_core || PyTuple_GET_SIZE(core) < ex_core_len ||
        !PyList_CheckExact(transfers) || !PyUnicode_CheckExact(winner))
        goto pure;
    ctx = PyTuple_GET_ITEM(core, ex_fields[EX_CTX]);
    awards = PyTuple_GET_ITEM(core, ex_fields[EX_AWARDS]);
    fu = PyTuple_GET_ITEM(core, ex_fields[EX_FU]);
    yakuman = PyTuple_GET_ITEM(core, ex_fields[EX_YAKUMAN]);
    if (!PyTuple_CheckExact(awards) ||
        (fu != Py_None && (fu_type == NULL || Py_TYPE(fu) != fu_type ||
                           PyTuple_GET_SIZE(fu) <= ex_fu_total)))
        goto pure; /* (a Fu: its total is read by position) */
    /* the reading */
    if ((line = PyObject_GetAttr(ctx, s_decomposition)) == NULL) goto pure_on_error;
    text = reading_text(line);
    Py_CLEAR(line);
    if (text == NULL) goto done;
    if ((en = PyList_New(1)) == NULL || (it = PyList_New(1)) == NULL) goto done;
    if ((line = PyUnicode_Concat(ex_words[EX_READING_EN], text)) == NULL) goto done;
    PyList_SET_ITEM(en, 0, line);
    if ((line = PyUnicode_Concat(ex_words[EX_READING_IT], text)) == NULL) goto done;
    PyList_SET_ITEM(it, 0, line);
    line = NULL;
    /* the award lines: (award, en, it) by the award's id */
    for (i = 0; i < PyTuple_GET_SIZE(awards); i++) {
        PyObject *a = PyTuple_GET_ITEM(awards, i);
        if ((key = PyLong_FromVoidPtr(a)) == NULL) goto done;
        found = PyDict_GetItemWithError(ex_award_memo, key);
        Py_CLEAR(key);
        if (found == NULL && PyErr_Occurred()) goto done;
        if (found != NULL && PyTuple_CheckExact(found) && PyTuple_GET_SIZE(found) == 3 &&
            PyTuple_GET_ITEM(found, 0) == a)
            Py_INCREF(found);
        else if ((found = PyObject_CallOneArg(ex_award_fn, a)) == NULL)
            goto done;
        rc = add_pair(en, it, found, 1);
        Py_CLEAR(found);
        if (rc < 0) goto done;
        if (rc > 0) goto pure;
    }
    valid = PyObject_IsTrue(PyTuple_GET_ITEM(core, ex_fields[EX_VALID]));
    if (valid < 0) goto done;
    if (!valid) {
        PyObject *reason = PyObject_Str(PyTuple_GET_ITEM(core, ex_fields[EX_REASON]));
        if (reason == NULL) goto done;
        line = PyUnicode_Concat(ex_words[EX_INVALID_EN], reason);
        rc = line == NULL || PyList_Append(en, line) < 0;
        Py_CLEAR(line);
        if (!rc) {
            line = PyUnicode_Concat(ex_words[EX_INVALID_IT], reason);
            rc = line == NULL || PyList_Append(it, line) < 0;
            Py_CLEAR(line);
        }
        Py_DECREF(reason);
        if (rc) goto done;
        goto finish;
    }
    /* the fixed lines, by (yakuman, limit, B, han, yaku han, fu, tsumo, dealer, discarder) */
    if ((line = PyObject_GetAttr(ctx, s_win)) == NULL) goto pure_on_error;
    tsumo = line == ex_words[EX_TSUMO];
    Py_CLEAR(line);
    dealer = PyUnicode_Compare(winner, ex_words[EX_DEALER]) == 0;
    key = PyTuple_Pack(9, yakuman, PyTuple_GET_ITEM(core, ex_fields[EX_LIMIT]),
                       PyTuple_GET_ITEM(core, ex_fields[EX_B]),
                       PyTuple_GET_ITEM(core, ex_fields[EX_HAN]),
                       PyTuple_GET_ITEM(core, ex_fields[EX_YAKU_HAN]),
                       fu == Py_None ? ex_zero : PyTuple_GET_ITEM(fu, ex_fu_total),
                       tsumo ? Py_True : Py_False, dealer ? Py_True : Py_False, discarder);
    if (key == NULL || (found = remembered(ex_fixed_memo, key, ex_fixed_fn, key)) == NULL)
        goto done;
    Py_CLEAR(key);
    if ((rc = add_pair(en, it, found, 0)) != 0) goto fixed_failed;
    if (fu != Py_None && (rc = PyObject_IsTrue(yakuman)) <= 0) {
        PyObject *both;
        if (rc < 0) goto fixed_failed;
        if ((rc = fu_lines_of(en, it, fu, labels)) < 0) goto fixed_failed;
        if (rc == 0) goto fu_done;
        both = PyObject_CallMethodOneArg(fu, s_lines_both, labels);
        if (both == NULL) {
            rc = -1;
            goto fixed_failed;
        }
        rc = PyTuple_CheckExact(both) && PyTuple_GET_SIZE(both) == 2
                 ? add_lines(en, it, PyTuple_GET_ITEM(both, 0), PyTuple_GET_ITEM(both, 1))
                 : 1;
        Py_DECREF(both);
        if (rc != 0) goto fixed_failed;
    }
fu_done:
    rc = PyTuple_CheckExact(found) && PyTuple_GET_SIZE(found) == 4
             ? add_lines(en, it, PyTuple_GET_ITEM(found, 2), PyTuple_GET_ITEM(found, 3))
             : 1;
fixed_failed:
    Py_CLEAR(found);
    if (rc < 0) goto done;
    if (rc > 0) goto pure;
    /* the transfers */
    for (i = 0; i < PyList_GET_SIZE(transfers); i++) {
        PyObject *t = PyList_GET_ITEM(transfers, i);
        Py_INCREF(t); /* (the list may change while a maker runs) */
        found = PyTuple_CheckExact(t) ? remembered(ex_transfer_memo, t, ex_transfer_fn, t)
                                      : NULL;
        Py_DECREF(t);
        if (found == NULL) {
            if (PyErr_Occurred()) goto done;
            goto pure;
        }
        rc = add_pair(en, it, found, 0);
        Py_CLEAR(found);
        if (rc < 0) goto done;
        if (rc > 0) goto pure;
    }
finish:
    {
        PyObject *a = PyList_AsTuple(en), *b = a ? PyList_AsTuple(it) : NULL;
        if (b != NULL) out = PyTuple_Pack(2, a, b);
        Py_XDECREF(a);
        Py_XDECREF(b);
    }
    goto done;
pure_on_error:
    if (!PyErr_ExceptionMatches(PyExc_Exception)) goto done;
    PyErr_Clear();
pure:
    out = PyObject_Vectorcall(ex_pure, args, (size_t)nargs, kwnames);
done:
    Py_XDECREF(en);
    Py_XDECREF(it);
    Py_XDECREF(text);
    Py_XDECREF(line);
    Py_XDECREF(key);
    Py_XDECREF(found);
    return out;
}

/* ------------------------------------------------------------------ the chosen decomposition */

/* build_decomposition(hand, shape, splits): fast.build_decomposition for a standard reading
 * (its three SuitSplits): each suit's groups by its split's group codes into SPLIT_GROUPS,
 * the honours' pungs and pairs from the same table, the melds' groups (meld_group), in a
 * Decomposition whose slots are set through their descriptors, as the reference sets them.
 * Anything else (another shape, splits or counts of other types, a code outside the table)
 * is handed to the reference, fast._pure_build_decomposition, before any work. */
static PyObject *dec_pure = NULL, *dec_table = NULL, *dec_meld_group = NULL, *dec_type = NULL,
                *dec_shape_slot = NULL, *dec_groups_slot = NULL, *dec_standard = NULL,
                *dec_split_type = NULL, *s_concealed_counts = NULL;
static Py_ssize_t dec_groups_field = -1;

PyDoc_STRVAR(setup_decomposition_doc,
             "setup_decomposition(pure, table, meld_group, decomposition, split, groups_field, "
             "standard): the Python side of build_decomposition (see fast.py): the reference, "
             "SPLIT_GROUPS, analysis.shapes.meld_group, Decomposition, SuitSplit and the "
             "position of its groups, the standard shape's id.");

static PyObject *setup_decomposition(PyObject *self, PyObject *args) {
    PyObject *pure, *table, *mg, *type, *split, *standard, *shape_slot, *groups_slot;
    Py_ssize_t field;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!OO!O!nU:setup_decomposition", &pure, &PyTuple_Type, &table,
                          &mg, &PyType_Type, &type, &PyType_Type, &split, &field, &standard))
        return NULL;
    if (!PyCallable_Check(pure) || !PyCallable_Check(mg) || field < 0 ||
        !plain_tuple_type(split) || PyTuple_GET_SIZE(table) != 3 * 34) {
        PyErr_SetString(PyExc_ValueError,
                        "setup_decomposition: callables, a table of 3 x 34 groups, a field");
        return NULL;
    }
    shape_slot = PyDict_GetItemString(((PyTypeObject *)type)->tp_dict, "shape");
    groups_slot = PyDict_GetItemString(((PyTypeObject *)type)->tp_dict, "groups");
    if (shape_slot == NULL || groups_slot == NULL || Py_TYPE(shape_slot)->tp_descr_set == NULL ||
        Py_TYPE(groups_slot)->tp_descr_set == NULL) {
        PyErr_SetString(PyExc_TypeError,
                        "setup_decomposition: Decomposition's shape and groups are slots");
        return NULL;
    }
    if (s_concealed_counts == NULL &&
        (s_concealed_counts = PyUnicode_InternFromString("concealed_counts")) == NULL)
        return NULL;
    set_ref(&dec_pure, pure);
    set_ref(&dec_table, table);
    set_ref(&dec_meld_group, mg);
    set_ref(&dec_type, type);
    set_ref(&dec_shape_slot, shape_slot);
    set_ref(&dec_groups_slot, groups_slot);
    set_ref(&dec_standard, standard);
    set_ref(&dec_split_type, split);
    dec_groups_field = field;
    Py_RETURN_NONE;
}

/* groups.append(table[at]) for a group there; 0 done, -1 error, 1 no group (the reference) */
static int add_group(PyObject *groups, Py_ssize_t at) {
    PyObject *g;
    if (at < 0 || at >= PyTuple_GET_SIZE(dec_table)) return 1;
    g = PyTuple_GET_ITEM(dec_table, at);
    if (g == Py_None) return 1;
    return PyList_Append(groups, g) < 0 ? -1 : 0;
}

/* the standard decomposition: a new reference, NULL on error, Py_NotImplemented (a new
 * reference) for what is left to the reference */
static PyObject *standard_decomposition(PyObject *hand, PyObject *shape, PyObject *splits) {
    PyObject *counts = NULL, *melds = NULL, *groups = NULL, *tuple = NULL, *out = NULL;
    Py_ssize_t s, i, t;
    int rc = 0;
    if ((counts = PyObject_GetAttr(hand, s_concealed_counts)) == NULL ||
        (melds = PyObject_GetAttr(hand, s_melds)) == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) goto done;
        PyErr_Clear();
        goto other;
    }
    if (!PyTuple_CheckExact(counts) || PyTuple_GET_SIZE(counts) != 34 ||
        !PyTuple_CheckExact(melds))
        goto other;
    for (s = 0; s < 3; s++) {
        PyObject *sp = PyTuple_GET_ITEM(splits, s);
        if ((PyObject *)Py_TYPE(sp) != dec_split_type || PyTuple_GET_SIZE(sp) <= dec_groups_field ||
            !PyTuple_CheckExact(PyTuple_GET_ITEM(sp, dec_groups_field)))
            goto other;
    }
    if ((groups = PyList_New(0)) == NULL) goto done;
    for (s = 0; s < 3 && rc == 0; s++) {
        PyObject *codes = PyTuple_GET_ITEM(PyTuple_GET_ITEM(splits, s), dec_groups_field);
        for (i = 0; i < PyTuple_GET_SIZE(codes) && rc == 0; i++) {
            PyObject *code = PyTuple_GET_ITEM(codes, i);
            Py_ssize_t at = PyLong_CheckExact(code) ? PyLong_AsSsize_t(code) : -1;
            if (at == -1 && PyErr_Occurred()) { /* past a Py_ssize_t: the reference's */
                if (!PyErr_ExceptionMatches(PyExc_OverflowError)) goto done;
                PyErr_Clear();
            }
            rc = at < 0 || at > PY_SSIZE_T_MAX - 9 * s ? 1 : add_group(groups, at + 9 * s);
        }
    }
    for (t = 27; t < 34 && rc == 0; t++) { /* an honour pair (block 2) or pung (block 1) */
        PyObject *c = PyTuple_GET_ITEM(counts, t);
        long n = PyLong_CheckExact(c) ? PyLong_AsLong(c) : -1;
        if (n == -1 && PyErr_Occurred()) { /* past a long: the reference's */
            if (!PyErr_ExceptionMatches(PyExc_OverflowError)) goto done;
            PyErr_Clear();
        }
        if (n < 0) rc = 1;
        else if (n >= 2) rc = add_group(groups, (n == 3 ? 34 : 68) + t);
    }
    if (rc < 0) goto done;
    if (rc > 0) goto other;
    for (i = 0; i < PyTuple_GET_SIZE(melds); i++) {
        PyObject *g = PyObject_CallOneArg(dec_meld_group, PyTuple_GET_ITEM(melds, i));
        if (g == NULL || PyList_Append(groups, g) < 0) {
            Py_XDECREF(g);
            goto done;
        }
        Py_DECREF(g);
    }
    if ((tuple = PyList_AsTuple(groups)) == NULL) goto done;
    out = ((PyTypeObject *)dec_type)->tp_alloc((PyTypeObject *)dec_type, 0);
    if (out != NULL &&
        (Py_TYPE(dec_shape_slot)->tp_descr_set(dec_shape_slot, out, shape) < 0 ||
         Py_TYPE(dec_groups_slot)->tp_descr_set(dec_groups_slot, out, tuple) < 0))
        Py_CLEAR(out);
    goto done;
other:
    out = Py_NewRef(Py_NotImplemented);
done:
    Py_XDECREF(counts);
    Py_XDECREF(melds);
    Py_XDECREF(groups);
    Py_XDECREF(tuple);
    return out;
}

PyDoc_STRVAR(build_decomposition_doc,
             "build_decomposition(hand, shape, splits): fast.build_decomposition in C for a "
             "standard reading, else what fast._pure_build_decomposition answers.");

static PyObject *build_decomposition(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames) {
    PyObject *out;
    int standard;
    (void)self;
    if (dec_pure == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "build_decomposition: not set up");
        return NULL;
    }
    if (nargs != 3 || kwnames != NULL || !PyUnicode_CheckExact(args[1]) ||
        !PyTuple_CheckExact(args[2]) || PyTuple_GET_SIZE(args[2]) != 3)
        return PyObject_Vectorcall(dec_pure, args, (size_t)nargs, kwnames);
    standard = PyUnicode_Compare(args[1], dec_standard);
    if (standard == -1 && PyErr_Occurred()) return NULL;
    if (standard != 0) return PyObject_Vectorcall(dec_pure, args, (size_t)nargs, NULL);
    out = standard_decomposition(args[0], args[1], args[2]);
    if (out == Py_NotImplemented) {
        Py_DECREF(out);
        out = PyObject_Vectorcall(dec_pure, args, (size_t)nargs, NULL);
    }
    return out;
}

/* ------------------------------------------------------------------ module */

static PyMethodDef methods[] = {
    {"setup", (PyCFunction)(void (*)(void))setup, METH_VARARGS | METH_KEYWORDS, setup_doc},
    {"compile", compile, METH_VARARGS, compile_doc},
    {"score_best", (PyCFunction)(void (*)(void))score_best, METH_FASTCALL, score_best_doc},
    {"setup_front", setup_front, METH_VARARGS, setup_front_doc},
    {"front", (PyCFunction)(void (*)(void))front, METH_FASTCALL, front_doc},
    {"lane", (PyCFunction)(void (*)(void))lane, METH_FASTCALL, lane_doc},
    {"setup_output", setup_output, METH_VARARGS, setup_output_doc},
    {"output", (PyCFunction)(void (*)(void))output, METH_FASTCALL, output_doc},
    {"setup_fu", setup_fu, METH_VARARGS, setup_fu_doc},
    {"count_fu", (PyCFunction)(void (*)(void))count_fu, METH_VARARGS | METH_KEYWORDS,
     count_fu_doc},
    {"setup_explain", setup_explain, METH_VARARGS, setup_explain_doc},
    {"fu_labels", (PyCFunction)(void (*)(void))fu_labels, METH_FASTCALL | METH_KEYWORDS,
     fu_labels_doc},
    {"setup_decomposition", setup_decomposition, METH_VARARGS, setup_decomposition_doc},
    {"build_decomposition", (PyCFunction)(void (*)(void))build_decomposition,
     METH_FASTCALL | METH_KEYWORDS, build_decomposition_doc},
    {"explain", (PyCFunction)(void (*)(void))explain, METH_FASTCALL | METH_KEYWORDS,
     explain_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "muraglia.rulesets.riichi_ema._criichi",
    "Optional C kernel of the table-driven riichi scorer (fast.score_best).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__criichi(void) {
    PyObject *m;
    if (PyType_Ready(&DeferredType) < 0) return NULL;
    m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    s_concealed = PyUnicode_InternFromString("concealed");
    s_melds = PyUnicode_InternFromString("melds");
    s_winning = PyUnicode_InternFromString("winning");
    s_kind = PyUnicode_InternFromString("kind");
    s_red = PyUnicode_InternFromString("red");
    s_tiles = PyUnicode_InternFromString("tiles");
    s_bonus = PyUnicode_InternFromString("bonus");
    s_resolvers = PyUnicode_InternFromString("_resolvers");
    s_honba = PyUnicode_InternFromString("honba");
    s_sticks = PyUnicode_InternFromString("riichi_sticks");
    s_discarder = PyUnicode_InternFromString("discarder");
    s_dict = PyUnicode_InternFromString("__dict__");
    s_decomposition = PyUnicode_InternFromString("decomposition");
    s_shape = PyUnicode_InternFromString("shape");
    s_groups = PyUnicode_InternFromString("groups");
    s_win = PyUnicode_InternFromString("win");
    s_reading = PyUnicode_InternFromString("reading");
    s_group = PyUnicode_InternFromString("group");
    s_wait = PyUnicode_InternFromString("wait");
    s_seat_wind = PyUnicode_InternFromString("seat_wind");
    s_round_wind = PyUnicode_InternFromString("round_wind");
    s_hand = PyUnicode_InternFromString("hand");
    s_tile = PyUnicode_InternFromString("tile");
    s_pinfu = PyUnicode_InternFromString("pinfu");
    s_lines_both = PyUnicode_InternFromString("lines_both");
    letter_objs[0] = PyUnicode_InternFromString("E");
    letter_objs[1] = PyUnicode_InternFromString("S");
    letter_objs[2] = PyUnicode_InternFromString("W");
    letter_objs[3] = PyUnicode_InternFromString("N");
    if (!s_concealed || !s_melds || !s_winning || !s_kind || !s_red || !s_tiles || !s_bonus ||
        !s_resolvers || !s_decomposition || !s_shape || !s_groups || !s_win || !s_reading ||
        !s_group || !s_wait || !s_seat_wind || !s_round_wind || !s_hand || !s_tile || !s_pinfu ||
        !s_lines_both ||
        PyModule_AddIntConstant(m, "NY", NY) < 0 || PyModule_AddIntConstant(m, "NF", NF) < 0 ||
        PyModule_AddObjectRef(m, "Deferred", (PyObject *)&DeferredType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

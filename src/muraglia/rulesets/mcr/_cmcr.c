/* Optional native kernel of the MCR scorer (MCR-ALGO-1): the decompositions of a hand (standard
 * and special shapes),
 * the readings of the winning tile, the single-tile-wait test, the fan plans' evaluation loop
 * and the resolution of the fans found (below).
 *
 * muraglia.rulesets.mcr.native is the Python side and the pure-Python reference is
 * muraglia.analysis.shapes.STANDARD.decompose: standard(counts, melds) yields exactly the same
 * Decomposition objects in exactly the same order (every suit split into chows and pungs, the
 * pair in the one part whose count is 2 mod 3; the concealed groups first, a suit's groups in
 * its split order, a part with the pair sorted by (tile, kind); then the honours in tile order,
 * then the declared melds' groups, made as analysis.shapes.meld_group makes them). The group and
 * decomposition classes and the concealed groups are the Python ones, handed over once by
 * setup()/setup_melds(): the kernel only enumerates, and sets the frozen dataclasses' slots as
 * their __init__ does. Anything unexpected (a counts
 * object that is not a tuple of 34 ints in 0-4) returns NotImplemented, and the caller falls
 * back to the reference. MURAGLIA_PURE=1 skips this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define HONOUR_MASK (0x7FULL << 27)
#define WIND_MASK (0xFULL << 27)
#define DRAGON_MASK (0x7ULL << 31)
#define SUITED_MASK ((1ULL << 27) - 1)
#define TERMINAL_MASK (1ULL | 1ULL << 8 | 1ULL << 9 | 1ULL << 17 | 1ULL << 18 | 1ULL << 26)
#define MAXPARTS 64 /* splits of one suit kept (the most a 14-tile suit has is far fewer) */

enum { CHOW = 0, PUNG = 1, PAIR = 3 }; /* the GroupKind order: chow, pung, kong, pair */

typedef struct {
    unsigned char kind, tile;
} G;

typedef struct {
    int n;
    G g[6];
} Part;

typedef struct {
    int n;
    int overflow;
    Part p[MAXPARTS];
} Parts;

static const int orphan_kinds[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static const int knit_perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static int knitted_tile(int perm, int k) { /* the k-th (0-8) tile of knitted straight perm */
    return 9 * knit_perms[perm][k / 3] + k / 3 + 3 * (k % 3);
}

static PyObject *chows = NULL;  /* tuple of 27: the concealed chow Group at each start */
static PyObject *pungs = NULL;  /* tuple of 34: the concealed pung Group of each kind */
static PyObject *pairs = NULL;  /* tuple of 34: the pair Group of each kind */
static PyObject *decomposition = NULL; /* the Decomposition class (frozen, slotted) */
static PyObject *shape_slot = NULL;    /* its slot descriptors: shape and groups */
static PyObject *groups_slot = NULL;
static PyObject *shape_id = NULL;      /* "standard" */
static PyObject *group_type = NULL;    /* the Group class (frozen, slotted) and its slots */
static PyObject *g_kind = NULL, *g_tile = NULL, *g_concealed = NULL, *g_meld = NULL;
static PyObject *tiles = NULL;      /* tuple of 34: the Tile members */
static PyObject *meld_kinds = NULL; /* (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG) */
static PyObject *group_kinds = NULL; /* (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG) */
static PyObject *str_kind = NULL, *str_tiles = NULL, *str_concealed = NULL;
static PyObject *singles = NULL;     /* tuple of 34: the single Group of each kind */
static PyObject *knitted = NULL;     /* tuple of 27: the knitted Group at each lowest tile */
static PyObject *special_ids = NULL; /* the four special shape ids */

enum { SH_STANDARD, SH_SEVEN_PAIRS, SH_ORPHANS, SH_HONOURS_KNITTED, SH_KNITTED_STRAIGHT, NSHAPES };
enum { GK_CHOW, GK_PUNG, GK_KONG, GK_PAIR, GK_KNITTED, GK_SINGLE, NKINDS };
enum { W_TWO_SIDED, W_CLOSED, W_EDGE, W_SINGLE, W_DUAL, W_SPECIAL, NWAITS };

/* A group of a decomposition as plain ints: its kind (GK_), lowest tile, whether concealed, and
 * 1 + the position of its declared meld (0: from the concealed tiles). */
typedef struct {
    int kind, tile, concealed, meld;
} GI;

/* Where an enumeration sends each decomposition (shape code, groups): a list of Python
 * Decomposition objects (py_emit) or the scorer (best). emit returns 0, or -1 on an error. */
typedef struct Sink Sink;
struct Sink {
    int (*emit)(Sink *sink, int shape, const GI *g, int n);
    PyObject *out;         /* py_emit's list */
    PyObject *meld_groups; /* the melds' Group objects, by GI.meld - 1 */
};

PyDoc_STRVAR(setup_doc,
             "setup(chows, pungs, pairs, decomposition, shape_id): the Python objects to build.");

PyDoc_STRVAR(setup_melds_doc, "setup_melds(group, tiles, meld_kinds, group_kinds): the meld groups.");

static int slot(PyObject *type, const char *name, PyObject **out) {
    Py_XSETREF(*out, PyObject_GetAttrString(type, name));
    if (*out == NULL) return -1;
    if (Py_TYPE(*out)->tp_descr_set == NULL) {
        PyErr_Format(PyExc_TypeError, "setup needs a slotted class (%s)", name);
        return -1;
    }
    return 0;
}

static PyObject *setup_melds(PyObject *self, PyObject *args) {
    PyObject *g, *t, *m, *k;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:setup_melds", &PyType_Type, &g, &PyTuple_Type, &t,
                          &PyTuple_Type, &m, &PyTuple_Type, &k))
        return NULL;
    if (PyTuple_GET_SIZE(t) != 34 || PyTuple_GET_SIZE(m) != 3 || PyTuple_GET_SIZE(k) != 3) {
        PyErr_SetString(PyExc_ValueError, "setup_melds needs 34 tiles, 3 meld and 3 group kinds");
        return NULL;
    }
    if (slot(g, "kind", &g_kind) || slot(g, "tile", &g_tile) ||
        slot(g, "concealed", &g_concealed) || slot(g, "meld", &g_meld))
        return NULL;
    Py_XSETREF(group_type, Py_NewRef(g));
    Py_XSETREF(tiles, Py_NewRef(t));
    Py_XSETREF(meld_kinds, Py_NewRef(m));
    Py_XSETREF(group_kinds, Py_NewRef(k));
    if (str_kind == NULL) {
        str_kind = PyUnicode_InternFromString("kind");
        str_tiles = PyUnicode_InternFromString("tiles");
        str_concealed = PyUnicode_InternFromString("concealed");
        if (str_kind == NULL || str_tiles == NULL || str_concealed == NULL) return NULL;
    }
    Py_RETURN_NONE;
}

/* The group a declared meld stands for, as analysis.shapes.meld_group makes it: chow, pung or
 * kong at the meld's lowest tile, concealed only for a concealed kong, the meld attached.
 * Returns NULL with no error set when the meld is not of the expected form. */
static PyObject *meld_group(PyObject *meld, GI *gi) {
    PyObject *kind, *mtiles, *conc, *group = NULL;
    int which = -1, i, concealed;
    long low = 99;
    kind = PyObject_GetAttr(meld, str_kind);
    if (kind == NULL) return NULL;
    for (i = 0; i < 3; i++)
        if (kind == PyTuple_GET_ITEM(meld_kinds, i)) which = i;
    Py_DECREF(kind);
    if (which < 0) return NULL;
    mtiles = PyObject_GetAttr(meld, str_tiles);
    if (mtiles == NULL) return NULL;
    if (!PyTuple_Check(mtiles) || PyTuple_GET_SIZE(mtiles) == 0) {
        Py_DECREF(mtiles);
        return NULL;
    }
    for (i = 0; i < PyTuple_GET_SIZE(mtiles); i++) {
        PyObject *k = PyObject_GetAttr(PyTuple_GET_ITEM(mtiles, i), str_kind);
        long v;
        if (k == NULL) {
            Py_DECREF(mtiles);
            return NULL;
        }
        v = PyLong_Check(k) ? PyLong_AsLong(k) : -1;
        Py_DECREF(k);
        if (v < 0 || v >= 34) {
            PyErr_Clear();
            Py_DECREF(mtiles);
            return NULL;
        }
        if (v < low) low = v;
    }
    Py_DECREF(mtiles);
    concealed = 0;
    if (which == 2) {
        conc = PyObject_GetAttr(meld, str_concealed);
        if (conc == NULL) return NULL;
        concealed = PyObject_IsTrue(conc);
        Py_DECREF(conc);
        if (concealed < 0) return NULL;
    }
    gi->kind = which == 0 ? GK_CHOW : which == 1 ? GK_PUNG : GK_KONG;
    gi->tile = (int)low;
    gi->concealed = concealed;
    group = ((PyTypeObject *)group_type)->tp_alloc((PyTypeObject *)group_type, 0);
    if (group == NULL) return NULL;
    if (Py_TYPE(g_kind)->tp_descr_set(g_kind, group, PyTuple_GET_ITEM(group_kinds, which)) < 0 ||
        Py_TYPE(g_tile)->tp_descr_set(g_tile, group, PyTuple_GET_ITEM(tiles, low)) < 0 ||
        Py_TYPE(g_concealed)->tp_descr_set(g_concealed, group, concealed ? Py_True : Py_False) <
            0 ||
        Py_TYPE(g_meld)->tp_descr_set(g_meld, group, meld) < 0) {
        Py_DECREF(group);
        return NULL;
    }
    return group;
}

/* A Decomposition(shape, groups) made as its frozen dataclass __init__ makes it (the two
 * slots set through their descriptors, as object.__setattr__ does), without the call. */
static PyObject *make_decomposition(PyObject *shape, PyObject *groups) {
    PyTypeObject *type = (PyTypeObject *)decomposition;
    PyObject *dec = type->tp_alloc(type, 0);
    if (dec == NULL) return NULL;
    if (Py_TYPE(shape_slot)->tp_descr_set(shape_slot, dec, shape) < 0 ||
        Py_TYPE(groups_slot)->tp_descr_set(groups_slot, dec, groups) < 0) {
        Py_DECREF(dec);
        return NULL;
    }
    return dec;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *c, *p, *q, *d, *s;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!OU:setup", &PyTuple_Type, &c, &PyTuple_Type, &p,
                          &PyTuple_Type, &q, &d, &s))
        return NULL;
    if (PyTuple_GET_SIZE(c) != 27 || PyTuple_GET_SIZE(p) != 34 || PyTuple_GET_SIZE(q) != 34) {
        PyErr_SetString(PyExc_ValueError, "setup needs 27 chows, 34 pungs and 34 pairs");
        return NULL;
    }
    Py_XSETREF(chows, Py_NewRef(c));
    Py_XSETREF(pungs, Py_NewRef(p));
    Py_XSETREF(pairs, Py_NewRef(q));
    Py_XSETREF(decomposition, Py_NewRef(d));
    Py_XSETREF(shape_id, Py_NewRef(s));
    Py_XSETREF(shape_slot, PyObject_GetAttrString(d, "shape"));
    Py_XSETREF(groups_slot, PyObject_GetAttrString(d, "groups"));
    if (shape_slot == NULL || groups_slot == NULL) return NULL;
    if (!PyType_Check(d) || Py_TYPE(shape_slot)->tp_descr_set == NULL ||
        Py_TYPE(groups_slot)->tp_descr_set == NULL) {
        PyErr_SetString(PyExc_TypeError, "setup needs a slotted Decomposition class");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Every split of one suit's nine counts into chows and pungs, in the reference's order
 * (sorted (kind, offset) sequences: at the lowest tile held, the chow before the pung). */
static void split(int *c, G *cur, int depth, int base, Parts *out) {
    int i = 0;
    while (i < 9 && c[i] == 0) i++;
    if (i == 9) {
        if (out->n < MAXPARTS) {
            out->p[out->n].n = depth;
            memcpy(out->p[out->n].g, cur, sizeof(G) * (size_t)depth);
            out->n++;
        } else {
            out->overflow = 1;
        }
        return;
    }
    if (depth >= 5) return; /* more than 15 tiles in a suit: impossible with 14 */
    if (i <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        cur[depth].kind = CHOW;
        cur[depth].tile = (unsigned char)(base + i);
        split(c, cur, depth + 1, base, out);
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
    if (c[i] >= 3) {
        c[i] -= 3;
        cur[depth].kind = PUNG;
        cur[depth].tile = (unsigned char)(base + i);
        split(c, cur, depth + 1, base, out);
        c[i] += 3;
    }
}

static int group_key(const G *g) { return g->tile * 4 + g->kind; }

/* The splits of one suit with one pair: pair positions in tile order, each part's groups
 * sorted by (tile, kind) as the reference sorts them. */
static void split_paired(int *c, int base, Parts *out) {
    G cur[6];
    int r, k, i, j;
    for (r = 0; r < 9; r++) {
        int first;
        if (c[r] < 2) continue;
        c[r] -= 2;
        first = out->n;
        split(c, cur, 0, base, out);
        c[r] += 2;
        for (k = first; k < out->n; k++) {
            Part *p = &out->p[k];
            G pair;
            pair.kind = PAIR;
            pair.tile = (unsigned char)(base + r);
            p->g[p->n++] = pair;
            for (i = 1; i < p->n; i++) /* insertion sort: a split may hold a pung before a chow */
                for (j = i; j > 0 && group_key(&p->g[j - 1]) > group_key(&p->g[j]); j--) {
                    G t = p->g[j];
                    p->g[j] = p->g[j - 1];
                    p->g[j - 1] = t;
                }
        }
    }
}

static PyObject *shape_object(int shape) { /* the shape id of a shape code */
    return shape == SH_STANDARD ? shape_id : PyTuple_GET_ITEM(special_ids, shape - 1);
}

static PyObject *group_of(const GI *g, PyObject *meld_groups) { /* the Group object (borrowed) */
    if (g->meld) return PyTuple_GET_ITEM(meld_groups, g->meld - 1);
    switch (g->kind) {
    case GK_CHOW: return PyTuple_GET_ITEM(chows, g->tile);
    case GK_PUNG: return PyTuple_GET_ITEM(pungs, g->tile);
    case GK_PAIR: return PyTuple_GET_ITEM(pairs, g->tile);
    case GK_KNITTED: return PyTuple_GET_ITEM(knitted, g->tile);
    default: return PyTuple_GET_ITEM(singles, g->tile);
    }
}

static PyObject *decomposition_of(int shape, const GI *g, int n, PyObject *meld_groups) {
    PyObject *dec, *groups = PyTuple_New(n);
    int i;
    if (groups == NULL) return NULL;
    for (i = 0; i < n; i++) PyTuple_SET_ITEM(groups, i, Py_NewRef(group_of(&g[i], meld_groups)));
    dec = make_decomposition(shape_object(shape), groups);
    Py_DECREF(groups);
    return dec;
}

static int py_emit(Sink *sink, int shape, const GI *g, int n) { /* append the Decomposition */
    PyObject *dec = decomposition_of(shape, g, n, sink->meld_groups);
    int r;
    if (dec == NULL) return -1;
    r = PyList_Append(sink->out, dec);
    Py_DECREF(dec);
    return r;
}

static PyObject *small_ints[5]; /* 0-4 (set by PyInit): counts are compared by identity first */

static int read_counts(PyObject *seq, int *out) { /* 34 ints 0-4, else 0 (no error set) */
    Py_ssize_t i;
    if (!PyTuple_Check(seq) && !PyList_Check(seq)) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != 34) return 0;
    for (i = 0; i < 34; i++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, i);
        long n;
        int k;
        for (k = 0; k < 5 && v != small_ints[k]; k++) continue;
        if (k < 5) {
            out[i] = k;
            continue;
        }
        if (!PyLong_Check(v)) return 0;
        n = PyLong_AsLong(v);
        if (n < 0 || n > 4) {
            PyErr_Clear();
            return 0;
        }
        out[i] = (int)n;
    }
    return 1;
}

/* Read 34 counts 0-4 from a tuple and their total; 0 if it is not one (no error set). */
static int counts_of(PyObject *counts, int *c, int *total) {
    int i;
    *total = 0;
    if (!PyTuple_Check(counts) || !read_counts(counts, c)) return 0;
    for (i = 0; i < 34; i++) *total += c[i];
    return 1;
}

/* The declared melds' groups (a new tuple) and their GI (at most 4 melds); NULL with no error
 * set for a meld of another form or more than four melds. */
static PyObject *meld_groups_of(PyObject *melds, GI *gi) {
    Py_ssize_t i, n = PyTuple_GET_SIZE(melds);
    PyObject *out;
    if (n > 4) return NULL;
    out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        PyObject *g = meld_group(PyTuple_GET_ITEM(melds, i), &gi[i]);
        if (g == NULL) { /* not a meld of the expected form: the reference will say why */
            PyErr_Clear();
            Py_DECREF(out);
            return NULL;
        }
        gi[i].meld = (int)i + 1;
        PyTuple_SET_ITEM(out, i, g);
    }
    return out;
}

/* Send to `sink` the decomposition (shape, prefix + groups + suffix) of every split of the
 * counts `c` into sets and a pair (`declared` sets are elsewhere), in the reference's order.
 * Returns 0, -1 on an error, 1 when a suit has more splits than kept (the caller gives up). */
static int enum_standard(int *c, int declared, const GI *prefix, int np, const GI *suffix,
                         int ns, int shape, Sink *sink) {
    int total = 0, i, s, honor_pair = 0, nhonors = 0, mods[3], twos = 0, a, b, d;
    G honors[7];
    Parts parts[3]; /* on the stack (~3 KB): a finalizer or another thread run while emit makes
                     * Python objects may enumerate another hand meanwhile */
    for (i = 0; i < 34; i++) total += c[i];
    if (total != 14 - 3 * declared) return 0;
    for (i = 27; i < 34; i++) {
        if (c[i] == 3) {
            honors[nhonors].kind = PUNG;
            honors[nhonors++].tile = (unsigned char)i;
        } else if (c[i] == 2) {
            if (honor_pair) return 0;
            honor_pair = 1;
            honors[nhonors].kind = PAIR;
            honors[nhonors++].tile = (unsigned char)i;
        } else if (c[i]) {
            return 0;
        }
    }
    for (s = 0; s < 3; s++) {
        int sum = 0;
        for (i = 0; i < 9; i++) sum += c[9 * s + i];
        mods[s] = sum % 3;
        if (mods[s] == 1) return 0;
        if (mods[s] == 2) twos++;
    }
    if (twos + honor_pair != 1) return 0;
    for (s = 0; s < 3; s++) {
        G cur[6];
        parts[s].n = 0;
        parts[s].overflow = 0;
        if (mods[s] == 2)
            split_paired(c + 9 * s, 9 * s, &parts[s]);
        else
            split(c + 9 * s, cur, 0, 9 * s, &parts[s]);
        if (parts[s].overflow) return 1;
    }
    for (a = 0; a < parts[0].n; a++)
        for (b = 0; b < parts[1].n; b++)
            for (d = 0; d < parts[2].n; d++) {
                const Part *ps[3] = {&parts[0].p[a], &parts[1].p[b], &parts[2].p[d]};
                GI g[16];
                int n = 0, q, j;
                for (j = 0; j < np; j++) g[n++] = prefix[j];
                for (q = 0; q < 3; q++)
                    for (j = 0; j < ps[q]->n && n < 16; j++) {
                        GI x = {ps[q]->g[j].kind, ps[q]->g[j].tile, 1, 0};
                        g[n++] = x;
                    }
                for (j = 0; j < nhonors && n < 16; j++) {
                    GI x = {honors[j].kind, honors[j].tile, 1, 0};
                    g[n++] = x;
                }
                for (j = 0; j < ns && n < 16; j++) g[n++] = suffix[j];
                if (sink->emit(sink, shape, g, n) < 0) return -1;
            }
    return 0;
}

/* The list sink of standard() and special(): the melds' groups (they end every decomposition)
 * and py_emit appending to out. -1 when the melds give no groups (an exception set, or an
 * unusual meld: list_unsunk answers NotImplemented then). */
static int list_sink(PyObject *melds, GI *suffix, PyObject *out, Sink *sink) {
    sink->meld_groups = meld_groups_of(melds, suffix);
    if (sink->meld_groups == NULL) return -1;
    sink->emit = py_emit;
    sink->out = out;
    return 0;
}

static PyObject *list_unsunk(PyObject *out) {
    Py_DECREF(out);
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NOTIMPLEMENTED;
}

/* The answer of standard()/special() after the enumeration returned r: the list (0), an
 * error (-1) or NotImplemented (anything else); the sink's groups released. */
static PyObject *list_done(PyObject *out, Sink *sink, int r) {
    Py_DECREF(sink->meld_groups);
    if (r == 0) return out;
    Py_DECREF(out);
    if (r < 0) return NULL;
    Py_RETURN_NOTIMPLEMENTED;
}

PyDoc_STRVAR(standard_doc,
             "standard(counts, melds) -> list of Decomposition, or NotImplemented.\n\n"
             "counts: the 34 concealed counts (a tuple of ints 0-4); melds: the hand's declared\n"
             "melds (a tuple of Meld), whose groups end every decomposition.");

static PyObject *standard(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out;
    int c[34], total, r, ns;
    GI suffix[4];
    Sink sink;
    (void)self;
    if (chows == NULL || group_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_cmcr.setup() was not called");
        return NULL;
    }
    if (nargs != 2 || !PyTuple_Check(args[1]) || !counts_of(args[0], c, &total))
        Py_RETURN_NOTIMPLEMENTED;
    out = PyList_New(0);
    if (out == NULL) return NULL;
    if (total != 14 - 3 * (int)PyTuple_GET_SIZE(args[1])) return out;
    if (list_sink(args[1], suffix, out, &sink) < 0) return list_unsunk(out);
    ns = (int)PyTuple_GET_SIZE(sink.meld_groups);
    r = enum_standard(c, ns, NULL, 0, suffix, ns, SH_STANDARD, &sink);
    return list_done(out, &sink, r);
}

/* ------------------------------------------------------------------ special shapes
 *
 * special(shape, counts, melds) is shape.decompose for MCR's special shapes, in the reference's
 * order and with its objects (analysis.shapes): 0 seven pairs (four alike as two pairs),
 * 1 thirteen orphans, 2 honours and knitted tiles, 3 knitted straight + a set and a pair (its
 * three knitted groups by lowest tile, then the standard split of the rest, then the melds).
 */


PyDoc_STRVAR(setup_special_doc, "setup_special(singles, knitted, shape_ids): the special shapes.");

static PyObject *setup_special(PyObject *self, PyObject *args) {
    PyObject *a, *k, *ids;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!:setup_special", &PyTuple_Type, &a, &PyTuple_Type, &k,
                          &PyTuple_Type, &ids))
        return NULL;
    if (PyTuple_GET_SIZE(a) != 34 || PyTuple_GET_SIZE(k) != 27 || PyTuple_GET_SIZE(ids) != 4) {
        PyErr_SetString(PyExc_ValueError, "setup_special needs 34 singles, 27 knitted, 4 ids");
        return NULL;
    }
    Py_XSETREF(singles, Py_NewRef(a));
    Py_XSETREF(knitted, Py_NewRef(k));
    Py_XSETREF(special_ids, Py_NewRef(ids));
    Py_RETURN_NONE;
}

PyDoc_STRVAR(special_doc,
             "special(shape, counts, melds) -> list of Decomposition, or NotImplemented.");

/* Send to `sink` special shape `kind`'s decompositions (0 seven pairs, 1 thirteen orphans,
 * 2 honours and knitted tiles, 3 knitted straight) of the concealed counts c (total tiles)
 * and the melds' groups: 0, -1 on an error, 1 when the standard split gives up. */
static int special_of(int kind, int *c, int total, const GI *suffix, int ns, Sink *sink) {
    GI items[14];
    int i, perm, r = 0, n = 0, shape = kind + 1;
    if (kind < 3 && ns) return 0; /* concealed-only shapes */
    if (kind == 0) {
        if (total != 14) return 0;
        for (i = 0; i < 34; i++) {
            GI pair = {GK_PAIR, i, 1, 0};
            if (c[i] == 2 || c[i] == 4) {
                items[n++] = pair;
                if (c[i] == 4) items[n++] = pair;
            } else if (c[i]) {
                return 0;
            }
        }
        r = sink->emit(sink, shape, items, n);
    } else if (kind == 1) {
        int in_orphans = 0;
        if (total != 14) return 0;
        for (i = 0; i < 13; i++) {
            int t = orphan_kinds[i];
            if (!c[t]) return 0;
            in_orphans += c[t];
        }
        if (in_orphans != 14) return 0;
        for (i = 0; i < 13; i++) {
            int t = orphan_kinds[i];
            GI g = {c[t] == 2 ? GK_PAIR : GK_SINGLE, t, 1, 0};
            items[n++] = g;
        }
        r = sink->emit(sink, shape, items, n);
    } else if (kind == 2) {
        if (total != 14) return 0;
        for (i = 0; i < 34; i++)
            if (c[i] > 1) return 0;
        for (perm = 0; perm < 6; perm++) {
            int allowed[27] = {0}, ok = 1;
            for (i = 0; i < 9; i++) allowed[knitted_tile(perm, i)] = 1;
            for (i = 0; i < 27; i++)
                if (c[i] && !allowed[i]) ok = 0;
            if (!ok) continue;
            for (i = 0; i < 34; i++)
                if (c[i]) {
                    GI g = {GK_SINGLE, i, 1, 0};
                    items[n++] = g;
                }
            r = sink->emit(sink, shape, items, n);
            break;
        }
    } else {
        if (ns > 1 || total != 14 - 3 * ns) return 0;
        for (perm = 0; perm < 6 && r == 0; perm++) {
            int lows[3], missing = 0, x, y;
            GI prefix[3];
            for (i = 0; i < 3; i++) lows[i] = 9 * knit_perms[perm][i] + i;
            for (i = 0; i < 9; i++) missing |= !c[knitted_tile(perm, i)];
            if (missing) continue;
            for (x = 0; x < 2; x++) /* the knitted groups by lowest tile */
                for (y = 0; y < 2 - x; y++)
                    if (lows[y] > lows[y + 1]) {
                        int tmp = lows[y];
                        lows[y] = lows[y + 1];
                        lows[y + 1] = tmp;
                    }
            for (i = 0; i < 3; i++) {
                GI g = {GK_KNITTED, lows[i], 1, 0};
                prefix[i] = g;
            }
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]--;
            r = enum_standard(c, ns + 3, prefix, 3, suffix, ns, shape, sink);
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]++;
        }
    }
    return r;
}

static PyObject *special(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out;
    int c[34], total, kind, r;
    GI suffix[4];
    Sink sink;
    (void)self;
    if (singles == NULL || group_type == NULL || chows == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_cmcr.setup_special() was not called");
        return NULL;
    }
    if (nargs != 3 || !PyLong_Check(args[0]) || !PyTuple_Check(args[2]) ||
        !counts_of(args[1], c, &total))
        Py_RETURN_NOTIMPLEMENTED;
    kind = (int)PyLong_AsLong(args[0]);
    if (kind < 0 || kind > 3) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    out = PyList_New(0);
    if (out == NULL) return NULL;
    if (kind < 3 && PyTuple_GET_SIZE(args[2])) return out; /* concealed-only shapes */
    if (kind == 3 && (PyTuple_GET_SIZE(args[2]) > 1 ||
                      total != 14 - 3 * (int)PyTuple_GET_SIZE(args[2])))
        return out;
    if (list_sink(args[2], suffix, out, &sink) < 0) return list_unsunk(out);
    r = special_of(kind, c, total, suffix, (int)PyTuple_GET_SIZE(sink.meld_groups), &sink);
    return list_done(out, &sink, r);
}

/* ------------------------------------------------------------------ fan plans and resolution
 *
 * run(steps, ctx, kinds) is plan.FanPlan.run: the steps' tile masks tested against the hand's
 * kinds, the surviving predicates (Python, declared in patterns.py) called on ctx. table(ids,
 * values, excludes) takes the fan table as search.compiled() reads it from the declared
 * PatternTable (ids in table order, values per application, exclusions by index): nothing of
 * it is written here. resolve(table, found, overrides) is search's resolution (MCR-COUNT-2):
 * the fans by decreasing total then table order, each dropping what it excludes, the kept ones
 * in table order, as (id, count, value per application) triples.
 */

typedef struct {
    Py_ssize_t n, words;
    PyObject *index; /* dict: id -> position */
    long *values;
    uint64_t *excl; /* n rows of `words` bits */
} Table;

static void table_free(PyObject *capsule) {
    Table *t = (Table *)PyCapsule_GetPointer(capsule, "muraglia.mcr.table");
    if (t == NULL) return;
    Py_XDECREF(t->index);
    PyMem_Free(t->values);
    PyMem_Free(t->excl);
    PyMem_Free(t);
}

PyDoc_STRVAR(table_doc, "table(ids, values, excludes) -> the fan table for resolve().");

static PyObject *table(PyObject *self, PyObject *args) {
    PyObject *ids, *values, *excludes, *capsule;
    Table *t;
    Py_ssize_t n, i, j;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!:table", &PyTuple_Type, &ids, &PyTuple_Type, &values,
                          &PyTuple_Type, &excludes))
        return NULL;
    n = PyTuple_GET_SIZE(ids);
    if (PyTuple_GET_SIZE(values) != n || PyTuple_GET_SIZE(excludes) != n) {
        PyErr_SetString(PyExc_ValueError, "table needs as many values and exclusions as ids");
        return NULL;
    }
    t = PyMem_Calloc(1, sizeof(Table));
    if (t == NULL) return PyErr_NoMemory();
    t->n = n;
    t->words = (n + 63) / 64;
    t->values = PyMem_Calloc((size_t)(n ? n : 1), sizeof(long));
    t->excl = PyMem_Calloc((size_t)(n ? n * t->words : 1), sizeof(uint64_t));
    t->index = PyDict_New();
    capsule = PyCapsule_New(t, "muraglia.mcr.table", table_free);
    if (capsule == NULL) {
        Py_XDECREF(t->index);
        PyMem_Free(t->values);
        PyMem_Free(t->excl);
        PyMem_Free(t);
        return NULL;
    }
    if (t->values == NULL || t->excl == NULL || t->index == NULL) goto fail;
    for (i = 0; i < n; i++) {
        PyObject *pos = PyLong_FromSsize_t(i);
        if (pos == NULL || PyDict_SetItem(t->index, PyTuple_GET_ITEM(ids, i), pos) < 0) {
            Py_XDECREF(pos);
            goto fail;
        }
        Py_DECREF(pos);
        t->values[i] = PyLong_AsLong(PyTuple_GET_ITEM(values, i));
        if (t->values[i] == -1 && PyErr_Occurred()) goto fail;
    }
    for (i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(excludes, i);
        if (!PyTuple_Check(row)) {
            PyErr_SetString(PyExc_TypeError, "exclusions are tuples of positions");
            goto fail;
        }
        for (j = 0; j < PyTuple_GET_SIZE(row); j++) {
            Py_ssize_t x = PyLong_AsSsize_t(PyTuple_GET_ITEM(row, j));
            if (x == -1 && PyErr_Occurred()) goto fail;
            if (x < 0 || x >= n) {
                PyErr_SetString(PyExc_ValueError, "an exclusion outside the table");
                goto fail;
            }
            t->excl[i * t->words + x / 64] |= (uint64_t)1 << (x % 64);
        }
    }
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

typedef struct {
    Py_ssize_t pos;
    long count, per;
    PyObject *id, *n;
} Found;

static int before(const Found *a, const Found *b) { /* (-per*count, position) order */
    long x = a->per * a->count, y = b->per * b->count;
    return x != y ? x > y : a->pos < b->pos;
}

PyDoc_STRVAR(resolve_doc,
             "resolve(table, found, overrides) -> ((id, count, value), ...) kept, table order.");

static PyObject *resolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Table *t;
    PyObject *found, *over, *key, *val, *out = NULL;
    Py_ssize_t it = 0, k = 0, m, i, j, nkept = 0;
    Found *items = NULL;
    uint64_t *dropped = NULL;
    (void)self;
    if (nargs != 3 || !PyDict_Check(args[1]) || (args[2] != Py_None && !PyDict_Check(args[2]))) {
        PyErr_SetString(PyExc_TypeError, "resolve(table, found: dict, overrides: dict | None)");
        return NULL;
    }
    t = (Table *)PyCapsule_GetPointer(args[0], "muraglia.mcr.table");
    if (t == NULL) return NULL;
    found = args[1];
    over = args[2] == Py_None ? NULL : args[2];
    m = PyDict_GET_SIZE(found);
    items = PyMem_Malloc(sizeof(Found) * (size_t)(m ? m : 1));
    dropped = PyMem_Calloc((size_t)t->words ? (size_t)t->words : 1, sizeof(uint64_t));
    if (items == NULL || dropped == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    while (PyDict_Next(found, &it, &key, &val)) {
        PyObject *pos = PyDict_GetItemWithError(t->index, key), *o;
        Found f;
        if (pos == NULL) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
            goto done;
        }
        f.pos = PyLong_AsSsize_t(pos);
        f.count = PyLong_AsLong(val);
        if (f.count == -1 && PyErr_Occurred()) goto done;
        f.per = t->values[f.pos];
        if (over != NULL) {
            o = PyDict_GetItemWithError(over, key);
            if (o == NULL && PyErr_Occurred()) goto done;
            if (o != NULL) {
                f.per = PyLong_AsLong(o);
                if (f.per == -1 && PyErr_Occurred()) goto done;
            }
        }
        f.id = key;
        f.n = val;
        for (j = k; j > 0 && before(&f, &items[j - 1]); j--) items[j] = items[j - 1];
        items[j] = f;
        k++;
    }
    for (i = 0; i < k; i++) { /* keep in order, each dropping what it excludes */
        Py_ssize_t p = items[i].pos, w;
        if (dropped[p / 64] >> (p % 64) & 1) continue;
        for (w = 0; w < t->words; w++) dropped[w] |= t->excl[p * t->words + w];
        items[nkept++] = items[i];
    }
    for (i = 1; i < nkept; i++) { /* the kept ones in table order */
        Found f = items[i];
        for (j = i; j > 0 && items[j - 1].pos > f.pos; j--) items[j] = items[j - 1];
        items[j] = f;
    }
    out = PyTuple_New(nkept);
    if (out == NULL) goto done;
    for (i = 0; i < nkept; i++) {
        PyObject *per = PyLong_FromLong(items[i].per), *triple;
        if (per == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        triple = PyTuple_Pack(3, items[i].id, items[i].n, per);
        Py_DECREF(per);
        if (triple == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyTuple_SET_ITEM(out, i, triple);
    }
done:
    PyMem_Free(items);
    PyMem_Free(dropped);
    return out;
}

PyDoc_STRVAR(run_doc, "run(steps, ctx, kinds) -> {fan id: count}, as plan.FanPlan.run.");

static PyObject *run(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *steps, *ctx, *found;
    unsigned long long kinds;
    Py_ssize_t i;
    (void)self;
    if (nargs != 3 || !PyTuple_Check(args[0]) || !PyLong_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "run(steps: tuple, ctx, kinds: int)");
        return NULL;
    }
    steps = args[0];
    ctx = args[1];
    kinds = PyLong_AsUnsignedLongLong(args[2]);
    if (kinds == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    found = PyDict_New();
    if (found == NULL) return NULL;
    for (i = 0; i < PyTuple_GET_SIZE(steps); i++) {
        PyObject *step = PyTuple_GET_ITEM(steps, i), *r, *n;
        unsigned long long any, out;
        int truth;
        if (!PyTuple_Check(step) || PyTuple_GET_SIZE(step) != 4) {
            PyErr_SetString(PyExc_TypeError, "a step is (id, any mask, out mask, predicate)");
            goto fail;
        }
        any = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(step, 1));
        out = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(step, 2));
        if (PyErr_Occurred()) goto fail;
        if ((kinds & out) || !(kinds & any)) continue;
        r = PyObject_CallOneArg(PyTuple_GET_ITEM(step, 3), ctx);
        if (r == NULL) goto fail;
        truth = PyObject_IsTrue(r);
        if (truth < 0) {
            Py_DECREF(r);
            goto fail;
        }
        if (truth) {
            n = PyNumber_Long(r);
            if (n == NULL || PyDict_SetItem(found, PyTuple_GET_ITEM(step, 0), n) < 0) {
                Py_XDECREF(n);
                Py_DECREF(r);
                goto fail;
            }
            Py_DECREF(n);
        }
        Py_DECREF(r);
    }
    return found;
fail:
    Py_DECREF(found);
    return NULL;
}

/* ------------------------------------------------------------------ readings
 *
 * readings(decomposition, winning) is analysis.waits.readings: every concealed group (not a
 * meld) the winning tile completes, identical groups once (the first), with its wait: a chow
 * two-sided, closed or edge (12+3, 89+7), a pair single, a pung dual pung, any other group
 * special. The Reading class, the wait kinds and the group kinds come from setup_readings().
 */

static PyObject *reading_type = NULL, *r_group = NULL, *r_wait = NULL;
static PyObject *d_groups = NULL; /* Decomposition.groups slot */
static PyObject *w_two_sided = NULL, *w_closed = NULL, *w_edge = NULL, *w_single = NULL,
                *w_dual = NULL, *w_special = NULL;
static PyObject *k_chow = NULL, *k_pung = NULL, *k_pair = NULL, *k_knitted = NULL;

PyDoc_STRVAR(setup_readings_doc,
             "setup_readings(reading, decomposition, waits, kinds): waits (two-sided, closed,\n"
             "edge, single, dual pung, special); kinds (chow, pung, pair, knitted).");

static PyObject *setup_readings(PyObject *self, PyObject *args) {
    PyObject *r, *d, *w, *k;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:setup_readings", &PyType_Type, &r, &PyType_Type, &d,
                          &PyTuple_Type, &w, &PyTuple_Type, &k))
        return NULL;
    if (PyTuple_GET_SIZE(w) != 6 || PyTuple_GET_SIZE(k) != 4) {
        PyErr_SetString(PyExc_ValueError, "setup_readings needs 6 wait kinds and 4 group kinds");
        return NULL;
    }
    if (slot(r, "group", &r_group) || slot(r, "wait", &r_wait) || slot(d, "groups", &d_groups))
        return NULL;
    Py_XSETREF(reading_type, Py_NewRef(r));
    Py_XSETREF(w_two_sided, Py_NewRef(PyTuple_GET_ITEM(w, 0)));
    Py_XSETREF(w_closed, Py_NewRef(PyTuple_GET_ITEM(w, 1)));
    Py_XSETREF(w_edge, Py_NewRef(PyTuple_GET_ITEM(w, 2)));
    Py_XSETREF(w_single, Py_NewRef(PyTuple_GET_ITEM(w, 3)));
    Py_XSETREF(w_dual, Py_NewRef(PyTuple_GET_ITEM(w, 4)));
    Py_XSETREF(w_special, Py_NewRef(PyTuple_GET_ITEM(w, 5)));
    Py_XSETREF(k_chow, Py_NewRef(PyTuple_GET_ITEM(k, 0)));
    Py_XSETREF(k_pung, Py_NewRef(PyTuple_GET_ITEM(k, 1)));
    Py_XSETREF(k_pair, Py_NewRef(PyTuple_GET_ITEM(k, 2)));
    Py_XSETREF(k_knitted, Py_NewRef(PyTuple_GET_ITEM(k, 3)));
    Py_RETURN_NONE;
}

static PyObject *get_slot(PyObject *descr, PyObject *obj) {
    return Py_TYPE(descr)->tp_descr_get(descr, obj, (PyObject *)Py_TYPE(obj));
}

PyDoc_STRVAR(readings_doc, "readings(decomposition, winning) -> tuple of Reading, or "
                           "NotImplemented (not a decomposition of Group objects).");

/* The readings of the winning tile `win` on the groups g (analysis.waits.readings): the
 * positions of the groups completed into group[], their waits (W_ codes) into wait[]; returns
 * how many. */
static int readings_of(const GI *g, int n, int win, int *group, int *wait) {
    int i, j, count = 0;
    for (i = 0; i < n; i++) {
        int offset = win - g[i].tile, dup = 0;
        if (!g[i].concealed || g[i].meld) continue;
        if (!(offset == 0 || (g[i].kind == GK_CHOW && offset > 0 && offset <= 2) ||
              (g[i].kind == GK_KNITTED && (offset == 3 || offset == 6))))
            continue;
        for (j = 0; j < count; j++)
            if (g[group[j]].kind == g[i].kind && g[group[j]].tile == g[i].tile) dup = 1;
        if (dup) continue; /* identical groups once, the first */
        group[count] = i;
        if (g[i].kind == GK_CHOW) {
            int rank = g[i].tile % 9 + 1;
            if (offset == 1)
                wait[count] = W_CLOSED;
            else if (offset == 0)
                wait[count] = rank == 7 ? W_EDGE : W_TWO_SIDED;
            else
                wait[count] = rank == 1 ? W_EDGE : W_TWO_SIDED;
        } else if (g[i].kind == GK_PAIR) {
            wait[count] = W_SINGLE;
        } else if (g[i].kind == GK_PUNG) {
            wait[count] = W_DUAL;
        } else {
            wait[count] = W_SPECIAL;
        }
        count++;
    }
    return count;
}

static PyObject *make_reading(int group, int wait) { /* a Reading(group, wait), as __init__ */
    PyObject *waits[NWAITS] = {w_two_sided, w_closed, w_edge, w_single, w_dual, w_special};
    PyObject *rd = ((PyTypeObject *)reading_type)->tp_alloc((PyTypeObject *)reading_type, 0);
    PyObject *idx;
    if (rd == NULL) return NULL;
    idx = PyLong_FromLong(group);
    if (idx == NULL || Py_TYPE(r_group)->tp_descr_set(r_group, rd, idx) < 0 ||
        Py_TYPE(r_wait)->tp_descr_set(r_wait, rd, waits[wait]) < 0) {
        Py_XDECREF(idx);
        Py_DECREF(rd);
        return NULL;
    }
    Py_DECREF(idx);
    return rd;
}

/* The groups of a Decomposition object as GI (at most 16): their number, -1 on an error, -2
 * for anything else (not Group objects, too many). */
static int groups_of(PyObject *dec, GI *g) {
    PyObject *groups = get_slot(d_groups, dec);
    Py_ssize_t i, n;
    if (groups == NULL) return -1;
    if (!PyTuple_Check(groups) || PyTuple_GET_SIZE(groups) > 16) {
        Py_DECREF(groups);
        return -2;
    }
    n = PyTuple_GET_SIZE(groups);
    for (i = 0; i < n; i++) {
        PyObject *x = PyTuple_GET_ITEM(groups, i), *o;
        long tile;
        int truth;
        if (Py_TYPE(x) != (PyTypeObject *)group_type) {
            Py_DECREF(groups);
            return -2;
        }
        o = get_slot(g_kind, x);
        if (o == NULL) goto error;
        Py_DECREF(o); /* the GroupKind members live in the class */
        g[i].kind = o == k_chow                                ? GK_CHOW
                    : o == k_pung                              ? GK_PUNG
                    : o == PyTuple_GET_ITEM(group_kinds, 2)    ? GK_KONG
                    : o == k_pair                              ? GK_PAIR
                    : o == k_knitted                           ? GK_KNITTED
                                                               : GK_SINGLE;
        o = get_slot(g_tile, x);
        if (o == NULL) goto error;
        tile = PyLong_AsLong(o);
        Py_DECREF(o);
        if (tile == -1 && PyErr_Occurred()) goto error;
        g[i].tile = (int)tile;
        o = get_slot(g_concealed, x);
        if (o == NULL) goto error;
        truth = PyObject_IsTrue(o);
        Py_DECREF(o);
        if (truth < 0) goto error;
        g[i].concealed = truth;
        o = get_slot(g_meld, x);
        if (o == NULL) goto error;
        g[i].meld = o != Py_None;
        Py_DECREF(o);
    }
    Py_DECREF(groups);
    return (int)n;
error:
    Py_DECREF(groups);
    return -1;
}

static PyObject *readings(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out;
    GI g[16];
    long win;
    int n, count, group[16], wait[16], i;
    (void)self;
    if (reading_type == NULL || group_type == NULL || group_kinds == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_cmcr.setup_readings() was not called");
        return NULL;
    }
    if (nargs != 2 || Py_TYPE(args[0]) != (PyTypeObject *)decomposition ||
        !PyLong_Check(args[1]))
        Py_RETURN_NOTIMPLEMENTED;
    win = PyLong_AsLong(args[1]);
    if (win == -1 && PyErr_Occurred()) return NULL;
    n = groups_of(args[0], g);
    if (n == -1) return NULL;
    if (n == -2) Py_RETURN_NOTIMPLEMENTED;
    count = readings_of(g, n, (int)win, group, wait);
    out = PyTuple_New(count);
    if (out == NULL) return NULL;
    for (i = 0; i < count; i++) {
        PyObject *rd = make_reading(group[i], wait[i]);
        if (rd == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, rd);
    }
    return out;
}

/* ------------------------------------------------------------------ single-tile wait
 *
 * single_tile_wait(concealed13, melds, held) is counting.single_tile_wait (MCR-COUNT-7):
 * whether exactly one tile kind, not already held four times, completes the 13-tile hand under
 * an MCR shape: four sets and a pair, seven pairs (four alike as two pairs), thirteen orphans,
 * honours and knitted tiles, a knitted straight with a set (or meld) and a pair.
 */


static int suit_sets(int *c) { /* nine counts split into chows and pungs only */
    int i = 0, ok = 0;
    while (i < 9 && c[i] == 0) i++;
    if (i == 9) return 1;
    if (c[i] >= 3) {
        c[i] -= 3;
        ok = suit_sets(c);
        c[i] += 3;
        if (ok) return 1;
    }
    if (i <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        ok = suit_sets(c);
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
    return ok;
}


static int sets_and_pair(int *c) { /* four sets (chows, pungs) and one pair */
    int s, i, rem[3], pair_suit = -1, honour_pairs = 0;
    for (i = 27; i < 34; i++) {
        if (c[i] % 3 == 1) return 0;
        honour_pairs += c[i] == 2;
    }
    if (honour_pairs > 1) return 0;
    for (s = 0; s < 3; s++) {
        int sum = 0;
        for (i = 0; i < 9; i++) sum += c[9 * s + i];
        rem[s] = sum % 3;
        if (rem[s] == 1) return 0;
        if (rem[s] == 2) {
            if (pair_suit >= 0 || honour_pairs) return 0;
            pair_suit = s;
        }
    }
    if (pair_suit < 0 && !honour_pairs) return 0;
    for (s = 0; s < 3; s++)
        if (s != pair_suit && !suit_sets(c + 9 * s)) return 0;
    if (honour_pairs) return 1;
    for (i = 9 * pair_suit; i < 9 * pair_suit + 9; i++) {
        int ok;
        if (c[i] < 2) continue;
        c[i] -= 2;
        ok = suit_sets(c + 9 * pair_suit);
        c[i] += 2;
        if (ok) return 1;
    }
    return 0;
}

static uint64_t knit_masks[6], orphan_mask; /* set by PyInit */

/* Whether the 14 - 3 x melds counts c (kinds: their kind mask, distinct: how many kinds, odd:
 * how many odd counts) take an MCR winning shape. */
static int complete(int *c, int melds, uint64_t kinds, int distinct, int odd) {
    int i, perm;
    if (sets_and_pair(c)) return 1;
    if (melds == 0) {
        if (!odd) return 1;                 /* seven pairs (four alike as two pairs) */
        if (kinds == orphan_mask) return 1; /* thirteen orphans */
        if (distinct == 14)
            for (perm = 0; perm < 6; perm++)
                if ((kinds & SUITED_MASK & ~knit_masks[perm]) == 0) return 1; /* honours, knitted */
    }
    if (melds <= 1)
        for (perm = 0; perm < 6; perm++) {
            int ok;
            if ((kinds & knit_masks[perm]) != knit_masks[perm]) continue;
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]--;
            ok = sets_and_pair(c);
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]++;
            if (ok) return 1; /* knitted straight, a set and a pair */
        }
    return 0;
}

/* Whether exactly one tile kind not held four times completes the 13 - 3 x melds counts c. */
static int one_kind_wins(int *c, int melds, const int *held) {
    int t, kinds = 0, distinct = 0, odd = 0;
    uint64_t mask = 0;
    for (t = 0; t < 34; t++) {
        if (c[t]) mask |= 1ULL << t, distinct++;
        odd += c[t] % 2;
    }
    for (t = 0; t < 34 && kinds < 2; t++) {
        if (held[t] >= 4 || c[t] >= 4) continue;
        c[t]++;
        kinds += complete(c, melds, mask | 1ULL << t, distinct + (c[t] == 1),
                          odd + (c[t] % 2 ? 1 : -1));
        c[t]--;
    }
    return kinds == 1;
}

PyDoc_STRVAR(single_tile_wait_doc,
             "single_tile_wait(concealed13, melds, held) -> bool, or NotImplemented.");

static PyObject *single_tile_wait(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int c[34], held[34], total = 0, i;
    long melds;
    (void)self;
    if (nargs != 3 || !read_counts(args[0], c) || !read_counts(args[2], held) ||
        !PyLong_Check(args[1]))
        Py_RETURN_NOTIMPLEMENTED;
    melds = PyLong_AsLong(args[1]);
    if (melds < 0 || melds > 4) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    for (i = 0; i < 34; i++) total += c[i];
    if (total != 13 - 3 * (int)melds) Py_RETURN_NOTIMPLEMENTED;
    return PyBool_FromLong(one_kind_wins(c, (int)melds, held));
}

/* ------------------------------------------------------------------ fans (MCR-FAN, MCR-COUNT)
 *
 * best(fans, concealed_counts, melds, counts, winning, tsumo, seat, round, flags, flowers)
 * enumerates the decompositions of the hand under every MCR shape (the enumerators above, as
 * plain group arrays), reads the winning tile on each, and scores every reading as
 * McrRules._scored does with the declared predicates of patterns.py, keeping the first best
 * (MCR-WIN-3, MCR-GAP-36): the fans below are those predicates (rule ids in the comments of
 * fan_ids), evaluated on plain arrays, then the options, then the resolution (MCR-COUNT-2)
 * over the table handed to table(). It covers exactly the ids of fan_ids, which fans() checks
 * against native.KERNEL_IDS; the positions, values, exclusions, shape families (which fans are
 * tried on each shape, shapes.families) and the tile sets of the tile-set fans come from the
 * declared table at fans() time: no value or exclusion is written here. Only the best reading
 * becomes Python objects: (decomposition, its awards located on first read (setup_locate),
 * awards in table order, fan total without flowers, V with them, flowers); None when no decomposition has a reading, or
 * NotImplemented for anything it does not take (counts that are not 34 ints 0-4, a meld of
 * another form, more than four melds): the caller then runs the declared predicates.
 */

enum {
    PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS,
    PUNG_OF_TERMINALS_OR_HONOURS, MELDED_KONG, ONE_VOIDED_SUIT, NO_HONOURS, EDGE_WAIT,
    CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES, DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND,
    CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS, CONCEALED_KONG,
    ALL_SIMPLES, OUTSIDE_HAND, FULLY_CONCEALED_HAND, TWO_KONGS, LAST_TILE, ALL_PUNGS, HALF_FLUSH,
    MIXED_SHIFTED_CHOWS, ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGON_PUNGS,
    MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW, MIXED_SHIFTED_PUNGS, CHICKEN_HAND,
    LAST_TILE_DRAW, LAST_TILE_CLAIM, OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG,
    LESSER_HONOURS_AND_KNITTED_TILES, KNITTED_STRAIGHT, UPPER_FOUR, LOWER_FOUR, BIG_THREE_WINDS,
    PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVES, TRIPLE_PUNG,
    THREE_CONCEALED_PUNGS, SEVEN_PAIRS, GREATER_HONOURS_AND_KNITTED_TILES, ALL_EVEN_PUNGS,
    FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS, UPPER_TILES, MIDDLE_TILES, LOWER_TILES,
    FOUR_SHIFTED_CHOWS, THREE_KONGS, ALL_TERMINALS_AND_HONOURS, QUADRUPLE_CHOW,
    FOUR_PURE_SHIFTED_PUNGS, ALL_TERMINALS, LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS, ALL_HONOURS,
    FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS, BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN,
    NINE_GATES, FOUR_KONGS, SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS, NFANS
};

/* The ids this kernel detects, by code (native.KERNEL_IDS must list the same, in this order). */
static const char *const fan_ids[NFANS] = {
    "pure_double_chow",                  /* MCR-FAN-01, MCR-COUNT-6 (chow combinations) */
    "mixed_double_chow",                 /* MCR-FAN-02, MCR-COUNT-6 */
    "short_straight",                    /* MCR-FAN-03, MCR-COUNT-6 */
    "two_terminal_chows",                /* MCR-FAN-04, MCR-COUNT-6 */
    "pung_of_terminals_or_honours",      /* MCR-FAN-05: per pung; not value or wind-fan winds */
    "melded_kong",                       /* MCR-FAN-06 */
    "one_voided_suit",                   /* MCR-FAN-07: exactly two suits (MCR-GAP-20) */
    "no_honours",                        /* MCR-FAN-08 */
    "edge_wait",                         /* MCR-FAN-09: one winning kind (MCR-COUNT-7) */
    "closed_wait",                       /* MCR-FAN-10: one winning kind (MCR-COUNT-7) */
    "single_wait",                       /* MCR-FAN-11: one winning kind (MCR-COUNT-7) */
    "self_drawn",                        /* MCR-FAN-12 */
    "flower_tiles",                      /* MCR-FAN-13: per flower (MCR-WIN-4) */
    "dragon_pung",                       /* MCR-FAN-14: per pung */
    "prevalent_wind",                    /* MCR-FAN-15 */
    "seat_wind",                         /* MCR-FAN-16 */
    "concealed_hand",                    /* MCR-FAN-17 */
    "all_chows",                         /* MCR-FAN-18 */
    "tile_hog",                          /* MCR-FAN-19: per kind, never a kong (MCR-GAP-31) */
    "double_pung",                       /* MCR-FAN-20 */
    "two_concealed_pungs",               /* MCR-FAN-21, MCR-COUNT-8 */
    "concealed_kong",                    /* MCR-FAN-22 */
    "all_simples",                       /* MCR-FAN-23 */
    "outside_hand",                      /* MCR-FAN-24: four sets and a pair (MCR-GAP-21) */
    "fully_concealed_hand",              /* MCR-FAN-25 */
    "two_kongs",                         /* MCR-FAN-26: option two_kongs_mixed (MCR-GAP-4) */
    "last_tile",                         /* MCR-FAN-27 (MCR-GAP-19) */
    "all_pungs",                         /* MCR-FAN-28 */
    "half_flush",                        /* MCR-FAN-29 */
    "mixed_shifted_chows",               /* MCR-FAN-30, MCR-COUNT-6 */
    "all_types",                         /* MCR-FAN-31: five groups (MCR-GAP-6) */
    "melded_hand",                       /* MCR-FAN-32 (MCR-GAP-23) */
    "two_concealed_kongs",               /* MCR-FAN-33 */
    "two_dragon_pungs",                  /* MCR-FAN-34 */
    "mixed_straight",                    /* MCR-FAN-35, MCR-COUNT-6 */
    "reversible_tiles",                  /* MCR-FAN-36: tiles from the table's declaration */
    "mixed_triple_chow",                 /* MCR-FAN-37, MCR-COUNT-6 */
    "mixed_shifted_pungs",               /* MCR-FAN-38 */
    "chicken_hand",                      /* MCR-FAN-39: never tried; the caller (MCR-GAP-2) */
    "last_tile_draw",                    /* MCR-FAN-40 */
    "last_tile_claim",                   /* MCR-FAN-41 */
    "out_with_replacement_tile",         /* MCR-FAN-42 */
    "robbing_the_kong",                  /* MCR-FAN-43 */
    "lesser_honours_and_knitted_tiles",  /* MCR-FAN-44 */
    "knitted_straight",                  /* MCR-FAN-45 (MCR-GAP-9) */
    "upper_four",                        /* MCR-FAN-46 */
    "lower_four",                        /* MCR-FAN-47 */
    "big_three_winds",                   /* MCR-FAN-48 */
    "pure_straight",                     /* MCR-FAN-49, MCR-COUNT-6 */
    "three_suited_terminal_chows",       /* MCR-FAN-50, MCR-COUNT-6 */
    "pure_shifted_chows",                /* MCR-FAN-51, MCR-COUNT-6 */
    "all_fives",                         /* MCR-FAN-52: four sets and a pair (MCR-GAP-21) */
    "triple_pung",                       /* MCR-FAN-53 */
    "three_concealed_pungs",             /* MCR-FAN-54 */
    "seven_pairs",                       /* MCR-FAN-55 */
    "greater_honours_and_knitted_tiles", /* MCR-FAN-56 */
    "all_even_pungs",                    /* MCR-FAN-57 */
    "full_flush",                        /* MCR-FAN-58 */
    "pure_triple_chow",                  /* MCR-FAN-59, MCR-COUNT-6 */
    "pure_shifted_pungs",                /* MCR-FAN-60 */
    "upper_tiles",                       /* MCR-FAN-61 */
    "middle_tiles",                      /* MCR-FAN-62 */
    "lower_tiles",                       /* MCR-FAN-63 */
    "four_shifted_chows",                /* MCR-FAN-64, MCR-COUNT-6 */
    "three_kongs",                       /* MCR-FAN-65 */
    "all_terminals_and_honours",         /* MCR-FAN-66 (MCR-TV-28) */
    "quadruple_chow",                    /* MCR-FAN-67, MCR-COUNT-6 */
    "four_pure_shifted_pungs",           /* MCR-FAN-68 */
    "all_terminals",                     /* MCR-FAN-69 */
    "little_four_winds",                 /* MCR-FAN-70 */
    "little_three_dragons",              /* MCR-FAN-71 */
    "all_honours",                       /* MCR-FAN-72 */
    "four_concealed_pungs",              /* MCR-FAN-73 (MCR-GAP-10) */
    "pure_terminal_chows",               /* MCR-FAN-74, MCR-COUNT-6 */
    "big_four_winds",                    /* MCR-FAN-75 */
    "big_three_dragons",                 /* MCR-FAN-76 */
    "all_green",                         /* MCR-FAN-77: tiles from the table's declaration */
    "nine_gates",                        /* MCR-FAN-78 */
    "four_kongs",                        /* MCR-FAN-79 */
    "seven_shifted_pairs",               /* MCR-FAN-80 */
    "thirteen_orphans",                  /* MCR-FAN-81 */
};

enum { FL_LAST_TILE = 1, FL_REPLACEMENT = 2, FL_ROBBING_KONG = 4, FL_LAST_OF_KIND = 8 };


typedef struct {
    PyObject *table;  /* the Table capsule of table() */
    PyObject *ids;    /* the NFANS ids (str) */
    PyObject *shapes; /* the NSHAPES shape ids, in SH_ order */
    PyObject *kinds;  /* the NKINDS GroupKind members, in GK_ order */
    Py_ssize_t pos[NFANS];           /* table position of each fan */
    long per[NFANS];                 /* value per application under the ruleset's edition */
    unsigned char family[NSHAPES][NFANS]; /* fans tried on each shape (shapes.families) */
    uint64_t reversible, green;      /* tiles of MCR-FAN-36 and MCR-FAN-77 as declared */
    int two_kongs_mixed, seven_pairs_all_types, single_wait_four_concealed;
    PyObject *make_award;            /* make_award(id, count, per) -> the table's Award */
    PyObject *awards[NFANS][9];      /* its answers at the usual value, counts 1-8 */
} Fans;

static void fans_free(PyObject *capsule) {
    Fans *f = (Fans *)PyCapsule_GetPointer(capsule, "muraglia.mcr.fans");
    if (f == NULL) return;
    Py_XDECREF(f->table);
    Py_XDECREF(f->ids);
    Py_XDECREF(f->shapes);
    Py_XDECREF(f->kinds);
    Py_XDECREF(f->make_award);
    for (int i = 0; i < NFANS; i++)
        for (int n = 0; n < 9; n++) Py_XDECREF(f->awards[i][n]);
    PyMem_Free(f);
}

static int long_of(PyObject *o, long *out) {
    *out = PyLong_AsLong(o);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static uint64_t mask_of_tuple(PyObject *o, int *err) {
    uint64_t m = 0;
    Py_ssize_t i;
    if (!PyTuple_Check(o)) {
        *err = 1;
        return 0;
    }
    for (i = 0; i < PyTuple_GET_SIZE(o); i++) {
        long t = PyLong_AsLong(PyTuple_GET_ITEM(o, i));
        if (t < 0 || t >= 34) {
            *err = 1;
            return 0;
        }
        m |= 1ULL << t;
    }
    return m;
}

PyDoc_STRVAR(fans_doc,
             "fans(table, ids, positions, values, families, shapes, kinds, tiles, options,\n"
             "make_award)\n"
             "-> the state of best(): ids the kernel's (checked against its own), positions in\n"
             "the table, values per application, the kernel ids tried on each shape, the shape\n"
             "ids and group kinds in the kernel's order, (reversible, green) tile kinds, options\n"
             "(two_kongs_mixed, seven_pairs_all_types, single_wait_four_concealed), and\n"
             "make_award(id, count, value per application) -> the table's Award.");

static PyObject *fans(PyObject *self, PyObject *args) {
    PyObject *tab, *ids, *positions, *values, *families, *shapes, *kinds, *tileset, *options;
    PyObject *capsule, *make_award;
    Fans *f;
    Table *t;
    Py_ssize_t i, j;
    int err = 0;
    long o[3];
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!O!O!O!O!O!O!O!O:fans", &tab, &PyTuple_Type, &ids,
                          &PyTuple_Type, &positions, &PyTuple_Type, &values, &PyTuple_Type,
                          &families, &PyTuple_Type, &shapes, &PyTuple_Type, &kinds,
                          &PyTuple_Type, &tileset, &PyTuple_Type, &options, &make_award))
        return NULL;
    if (!PyCallable_Check(make_award)) {
        PyErr_SetString(PyExc_TypeError, "fans: make_award must be callable");
        return NULL;
    }
    t = (Table *)PyCapsule_GetPointer(tab, "muraglia.mcr.table");
    if (t == NULL) return NULL;
    if (PyTuple_GET_SIZE(ids) != NFANS || PyTuple_GET_SIZE(positions) != NFANS ||
        PyTuple_GET_SIZE(values) != NFANS || PyTuple_GET_SIZE(families) != NSHAPES ||
        PyTuple_GET_SIZE(shapes) != NSHAPES || PyTuple_GET_SIZE(kinds) != NKINDS ||
        PyTuple_GET_SIZE(tileset) != 2 || PyTuple_GET_SIZE(options) != 3 || t->words > 4) {
        PyErr_SetString(PyExc_ValueError, "fans: unexpected sizes");
        return NULL;
    }
    for (i = 0; i < NFANS; i++) {
        PyObject *id = PyTuple_GET_ITEM(ids, i);
        if (!PyUnicode_Check(id) || PyUnicode_CompareWithASCIIString(id, fan_ids[i]) != 0) {
            PyErr_Format(PyExc_ValueError, "fans: kernel id %zd is %s, not %R", i, fan_ids[i],
                         id);
            return NULL;
        }
    }
    f = PyMem_Calloc(1, sizeof(Fans));
    if (f == NULL) return PyErr_NoMemory();
    capsule = PyCapsule_New(f, "muraglia.mcr.fans", fans_free);
    if (capsule == NULL) {
        PyMem_Free(f);
        return NULL;
    }
    f->table = Py_NewRef(tab);
    f->ids = Py_NewRef(ids);
    f->shapes = Py_NewRef(shapes);
    f->kinds = Py_NewRef(kinds);
    f->make_award = Py_NewRef(make_award);
    for (i = 0; i < NFANS; i++) {
        long p;
        if (long_of(PyTuple_GET_ITEM(positions, i), &p) ||
            long_of(PyTuple_GET_ITEM(values, i), &f->per[i]))
            goto fail;
        if (p < 0 || p >= t->n) {
            PyErr_SetString(PyExc_ValueError, "fans: a position outside the table");
            goto fail;
        }
        f->pos[i] = p;
    }
    for (i = 0; i < NSHAPES; i++) {
        PyObject *row = PyTuple_GET_ITEM(families, i);
        if (!PyTuple_Check(row)) {
            PyErr_SetString(PyExc_TypeError, "fans: families are tuples of kernel positions");
            goto fail;
        }
        for (j = 0; j < PyTuple_GET_SIZE(row); j++) {
            long k;
            if (long_of(PyTuple_GET_ITEM(row, j), &k)) goto fail;
            if (k < 0 || k >= NFANS) {
                PyErr_SetString(PyExc_ValueError, "fans: a family member outside the kernel");
                goto fail;
            }
            f->family[i][k] = 1;
        }
    }
    f->reversible = mask_of_tuple(PyTuple_GET_ITEM(tileset, 0), &err);
    f->green = mask_of_tuple(PyTuple_GET_ITEM(tileset, 1), &err);
    if (err) {
        PyErr_SetString(PyExc_ValueError, "fans: tile sets are tuples of kinds 0-33");
        goto fail;
    }
    for (i = 0; i < 3; i++)
        if (long_of(PyTuple_GET_ITEM(options, i), &o[i])) goto fail;
    f->two_kongs_mixed = (int)o[0];
    f->seven_pairs_all_types = o[1] != 0;
    f->single_wait_four_concealed = o[2] != 0;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

typedef struct {
    int shape, n;
    GI g[16];
    int chow[4], nchows, pung[16], npungs, nkongs, melded_kongs, concealed_kongs;
    int pairs[16], npairs, pair, nknitted, nsets, nmelds, concealed_melds, shown;
    int combo[NFANS];
} Dec;

typedef struct {
    int counts[34], c13[34], held13[34];
    uint64_t kinds;
    int nsuits, honours, concealed, tsumo, seat, rnd, flags, flowers, winning, count4, nmelds;
} HandInfo;

/* ---- chow combinations (counting.chow_combinations, MCR-COUNT-3...6) */

static const int two_chow[4] = {PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT,
                                TWO_TERMINAL_CHOWS};

static int relation(int x, int y) { /* the two-chow fan of two chow starts (two_chow index) */
    if (x > y) {
        int t = x;
        x = y;
        y = t;
    }
    if (x / 9 == y / 9) {
        if (x == y) return 0;
        if (y - x == 3) return 2;
        if (x % 9 == 0 && y - x == 6) return 3;
        return -1;
    }
    return x % 9 == y % 9 ? 1 : -1;
}

static int three(int a, int b, int c) { /* the three-chow fan of three chows, or -1 */
    int r[3] = {a % 9, b % 9, c % 9}, i, j, nsuits, step;
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2 - i; j++)
            if (r[j] > r[j + 1]) {
                int t = r[j];
                r[j] = r[j + 1];
                r[j + 1] = t;
            }
    nsuits = 1 + (b / 9 != a / 9) + (c / 9 != a / 9 && c / 9 != b / 9);
    if (nsuits == 1) {
        if (a == b && b == c) return PURE_TRIPLE_CHOW;
        if (r[0] == 0 && r[1] == 3 && r[2] == 6) return PURE_STRAIGHT;
        step = r[1] - r[0];
        if ((step == 1 || step == 2) && r[2] - r[1] == step) return PURE_SHIFTED_CHOWS;
        return -1;
    }
    if (nsuits == 3) {
        if (r[0] == r[2]) return MIXED_TRIPLE_CHOW;
        if (r[0] == 0 && r[1] == 3 && r[2] == 6) return MIXED_STRAIGHT;
        if (r[1] == r[0] + 1 && r[2] == r[1] + 1) return MIXED_SHIFTED_CHOWS;
    }
    return -1;
}

static int four(const int *ch, int pair) { /* the four-chow fan of four sorted chows, or -1 */
    int a = ch[0], b = ch[1], c = ch[2], d = ch[3], s, step, n[3] = {0}, r0[3] = {0}, r6[3] = {0};
    if (a / 9 == d / 9) {
        if (a == d) return QUADRUPLE_CHOW;
        step = b - a;
        if ((step == 1 || step == 2) && c - b == step && d - c == step) return FOUR_SHIFTED_CHOWS;
        if (a % 9 == 0 && a == b && c == d && c == a + 6 && pair == a + 4)
            return PURE_TERMINAL_CHOWS;
        return -1;
    }
    for (s = 0; s < 4; s++) {
        n[ch[s] / 9]++;
        r0[ch[s] / 9] += ch[s] % 9 == 0;
        r6[ch[s] / 9] += ch[s] % 9 == 6;
    }
    for (s = 0; s < 3; s++) /* two suits of 123+789, the pair of 5s in the third */
        if (n[s] == 0 && pair == 9 * s + 4) {
            int x = (s + 1) % 3, y = (s + 2) % 3;
            if (n[x] == 2 && r0[x] == 1 && r6[x] == 1 && n[y] == 2 && r0[y] == 1 && r6[y] == 1)
                return THREE_SUITED_TERMINAL_CHOWS;
        }
    return -1;
}

static int root(int *parent, int x) {
    while (parent[x] != x) x = parent[x];
    return x;
}

/* The largest admissible forest of two-chow fans (MCR-COUNT-6c): (count, counts by kind). */
static void forest(const int *ch, int n, int *best_count, int *best_kinds) {
    int ei[6], ej[6], ek[6], ne = 0, i, j, mask;
    *best_count = 0;
    best_kinds[0] = best_kinds[1] = best_kinds[2] = best_kinds[3] = 0;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            int k = relation(ch[i], ch[j]);
            if (k >= 0) ei[ne] = i, ej[ne] = j, ek[ne++] = k;
        }
    for (mask = 1; mask < 1 << ne; mask++) {
        int used[4] = {0}, parent[4] = {0, 1, 2, 3}, counts[4] = {0}, count = 0, ok = 1, e;
        for (e = 0; e < ne && ok; e++) {
            int ri, rj;
            if (!(mask >> e & 1)) continue;
            if (used[ei[e]] >> ek[e] & 1 || used[ej[e]] >> ek[e] & 1) ok = 0;
            used[ei[e]] |= 1 << ek[e];
            used[ej[e]] |= 1 << ek[e];
            ri = root(parent, ei[e]);
            rj = root(parent, ej[e]);
            if (ri == rj) ok = 0;
            parent[ri] = rj;
            counts[ek[e]]++;
            count++;
        }
        if (!ok) continue;
        for (e = 0; e < 5; e++) { /* (count, counts by kind) compared as tuples */
            int mine = e == 0 ? count : counts[e - 1];
            int theirs = e == 0 ? *best_count : best_kinds[e - 1];
            if (mine != theirs) {
                if (mine > theirs) {
                    *best_count = count;
                    for (i = 0; i < 4; i++) best_kinds[i] = counts[i];
                }
                break;
            }
        }
    }
}

static int excludes(const Fans *f, const Table *t, int a, int b) { /* fan a excludes fan b */
    Py_ssize_t x = f->pos[a], y = f->pos[b];
    return (int)(t->excl[x * t->words + y / 64] >> (y % 64) & 1);
}

/* The chow fans of sorted chow starts (at most 4) and the pair (-1: none) into out. */
static void chow_combinations(const Fans *f, const Table *t, const int *ch, int n, int pair,
                              int *out) {
    int count, kinds[4], best_value = -1, best_second = -1, items[4], counts[4], nitems = 0;
    int i, j, k;
    if (n < 2) return;
    if (n == 4) {
        int fan = four(ch, pair);
        if (fan >= 0) {
            out[fan] = 1;
            return;
        }
    }
    forest(ch, n, &count, kinds);
    if (count) {
        best_value = count;
        best_second = 0;
        for (k = 0; k < 4; k++)
            if (kinds[k]) items[nitems] = two_chow[k], counts[nitems++] = kinds[k];
    }
    if (n >= 3)
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                for (k = j + 1; k < n; k++) {
                    int fan = three(ch[i], ch[j], ch[k]), value, extra = -1, rel[4] = {0}, x;
                    if (fan < 0) continue;
                    value = (int)t->values[f->pos[fan]];
                    if (n == 4) {
                        int rest = 6 - i - j - k, r;
                        r = relation(ch[rest], ch[i]);
                        if (r >= 0) rel[r] = 1;
                        r = relation(ch[rest], ch[j]);
                        if (r >= 0) rel[r] = 1;
                        r = relation(ch[rest], ch[k]);
                        if (r >= 0) rel[r] = 1;
                        for (x = 0; x < 4 && extra < 0; x++)
                            if (rel[x] && !excludes(f, t, fan, two_chow[x])) extra = two_chow[x];
                        if (extra >= 0) value += (int)t->values[f->pos[extra]];
                    }
                    if (value > best_value ||
                        (value == best_value && t->values[f->pos[fan]] > best_second)) {
                        best_value = value;
                        best_second = (int)t->values[f->pos[fan]];
                        nitems = 0;
                        items[nitems] = fan, counts[nitems++] = 1;
                        if (extra >= 0) items[nitems] = extra, counts[nitems++] = 1;
                    }
                }
    for (i = 0; i < nitems; i++) out[items[i]] = counts[i];
}

/* ---- one decomposition's groups counted */

static void dec_of(const Fans *f, const Table *t, int shape, const GI *g, int n, int winning,
                   Dec *out) {
    int i, x, y;
    memset(out, 0, sizeof(Dec));
    out->shape = shape;
    out->n = n;
    out->pair = -1;
    memcpy(out->g, g, sizeof(GI) * (size_t)n);
    for (i = 0; i < n; i++) {
        const GI *gi = &g[i];
        if (gi->kind == GK_KONG) {
            out->nkongs++;
            if (gi->concealed)
                out->concealed_kongs++;
            else
                out->melded_kongs++;
        }
        if (gi->kind == GK_CHOW) {
            if (out->nchows < 4) out->chow[out->nchows] = gi->tile;
            out->nchows++;
            out->nsets++;
        } else if (gi->kind == GK_PUNG || gi->kind == GK_KONG) { /* kongs are pungs too */
            out->pung[out->npungs++] = i;
            out->nsets++;
        } else if (gi->kind == GK_PAIR) {
            out->pairs[out->npairs++] = gi->tile;
        } else if (gi->kind == GK_KNITTED) {
            out->nknitted++;
        }
        if (gi->meld) {
            out->nmelds++;
            out->concealed_melds += gi->concealed;
            if (!gi->concealed) { /* copies of the winning tile in the exposed melds */
                if (gi->kind == GK_CHOW)
                    out->shown += winning >= gi->tile && winning <= gi->tile + 2;
                else if (gi->tile == winning)
                    out->shown += gi->kind == GK_KONG ? 4 : 3;
            }
        }
    }
    if (out->npairs == 1) out->pair = out->pairs[0];
    for (x = 1; x < out->nchows && x < 4; x++) /* sorted chow starts */
        for (y = x; y > 0 && out->chow[y - 1] > out->chow[y]; y--) {
            int tmp = out->chow[y];
            out->chow[y] = out->chow[y - 1];
            out->chow[y - 1] = tmp;
        }
    if (out->nchows <= 4) /* four sets at most: always */
        chow_combinations(f, t, out->chow, out->nchows, out->pair, out->combo);
}

/* ---- the predicates of one reading (patterns.py, same names) */

static uint64_t rank_mask(int lo, int hi) { /* suit tiles of ranks lo..hi (1-9), three suits */
    uint64_t m = 0;
    int s, r;
    for (s = 0; s < 3; s++)
        for (r = lo; r <= hi; r++) m |= 1ULL << (9 * s + r - 1);
    return m;
}

/* The suit tiles of: 6-9, 1-4, 2/4/6/8, 7-9, 4-6, 1-3 (set by PyInit). */
static uint64_t rank_masks[6];

static int ranks_within(const HandInfo *h, uint64_t allowed) { /* only suit tiles of allowed */
    return !h->honours && (h->kinds & ~allowed) == 0;
}

static int consecutive_pungs(uint64_t have, int length, int mixed) {
    int t, second, k;
    if (__builtin_popcountll(have) < length) return 0;
    for (t = 0; t < 27; t++) {
        int r = t % 9, suit = t / 9, ok = 1;
        if (!(have >> t & 1)) continue;
        if (mixed) {
            if (r > 6) continue;
            for (second = 0; second < 3; second++)
                if (second != suit && have >> (9 * second + r + 1) & 1 &&
                    have >> (9 * (3 - suit - second) + r + 2) & 1)
                    return 1;
            continue;
        }
        if (r > 9 - length) continue;
        for (k = 1; k < length; k++) ok &= (int)(have >> (t + k) & 1);
        if (ok) return 1;
    }
    return 0;
}

static int has_head(const GI *g) { /* a terminal or an honour in the group */
    if (g->kind == GK_CHOW) return g->tile % 9 == 0 || g->tile % 9 == 6;
    if (g->kind == GK_KNITTED) return 0;
    return g->tile >= 27 || g->tile % 9 == 0 || g->tile % 9 == 8;
}

static int has_five(const GI *g) { /* a suit 5 in the group */
    if (g->kind == GK_CHOW) return g->tile % 9 >= 2 && g->tile % 9 <= 4;
    if (g->kind == GK_KNITTED) return g->tile % 9 == 1;
    return g->tile < 27 && g->tile % 9 == 4;
}

static int nine_gates(const HandInfo *h) { /* pure nine gates: 1112345678999 + one of them */
    static const int need[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    int base = 9 * (h->winning / 9), i, total = 0;
    if (h->nmelds || h->nsuits != 1 || h->honours || h->winning >= 27) return 0;
    for (i = 0; i < 9; i++) total += h->counts[base + i];
    if (total != 14) return 0;
    for (i = 0; i < 9; i++)
        if (h->counts[base + i] - (base + i == h->winning) != need[i]) return 0;
    return 1;
}

static void evaluate(const Fans *f, const HandInfo *h, const Dec *d, int gi, int wait,
                     int unique, int *found) {
    int standard = d->shape == SH_STANDARD, seven = d->shape == SH_SEVEN_PAIRS;
    int honours_knitted = d->shape == SH_HONOURS_KNITTED;
    int knitted = d->shape == SH_KNITTED_STRAIGHT || (d->nknitted == 3 && d->nsets == 1);
    int ron = !h->tsumo, i, terminal_pungs = 0, winds = 0, dragons = 0, seat = 0, rnd = 0;
    int value_winds = 0, concealed_pungs = 0, by_rank[9] = {0}, heads = 1, fives = 1;
    uint64_t kinds = h->kinds, have = 0;
    for (i = 0; i < d->npungs; i++) {
        const GI *g = &d->g[d->pung[i]];
        int t = g->tile;
        if (t < 27) {
            have |= 1ULL << t;
            by_rank[t % 9]++;
            terminal_pungs += t % 9 == 0 || t % 9 == 8;
        } else if (t < 31) {
            winds++;
            value_winds += t == h->seat || t == h->rnd;
        } else {
            dragons++;
        }
        seat |= t == h->seat;
        rnd |= t == h->rnd;
        concealed_pungs += g->concealed && !(ron && d->pung[i] == gi); /* MCR-COUNT-8 */
    }
    for (i = 0; i < d->n; i++) {
        heads &= has_head(&d->g[i]);
        fives &= has_five(&d->g[i]);
    }
    memcpy(found, d->combo, sizeof(int) * NFANS); /* MCR-FAN-01...04, 30, 35, 37, 49...51, ... */
    found[PUNG_OF_TERMINALS_OR_HONOURS] = terminal_pungs + (winds < 3 ? winds - value_winds : 0);
    found[MELDED_KONG] = d->melded_kongs == 1;
    found[ONE_VOIDED_SUIT] = h->nsuits == 2;
    found[NO_HONOURS] = !h->honours;
    found[EDGE_WAIT] = unique && wait == W_EDGE;
    found[CLOSED_WAIT] = unique && wait == W_CLOSED;
    found[SINGLE_WAIT] = unique && wait == W_SINGLE;
    found[SELF_DRAWN] = h->tsumo;
    found[FLOWER_TILES] = h->flowers;
    found[DRAGON_PUNG] = dragons;
    found[PREVALENT_WIND] = rnd;
    found[SEAT_WIND] = seat;
    found[CONCEALED_HAND] = ron && h->concealed;
    found[ALL_CHOWS] = d->pair >= 0 && d->pair < 27 &&
                       ((standard && d->nchows == 4) || (knitted && d->nchows == 1));
    found[TILE_HOG] = h->count4 - d->nkongs;
    for (i = 0; i < 9; i++) found[DOUBLE_PUNG] += by_rank[i] == 2;
    found[TWO_CONCEALED_PUNGS] = concealed_pungs == 2;
    found[CONCEALED_KONG] = d->concealed_kongs == 1;
    found[ALL_SIMPLES] = (kinds & ~(SUITED_MASK & ~TERMINAL_MASK)) == 0;
    found[OUTSIDE_HAND] = standard && heads;
    found[FULLY_CONCEALED_HAND] = h->tsumo && h->concealed;
    found[TWO_KONGS] =
        d->nkongs == 2 && d->melded_kongs >= (f->two_kongs_mixed == 3 ? 2 : 1); /* MCR-GAP-4 */
    found[LAST_TILE] = (h->flags & FL_LAST_OF_KIND) || (h->nmelds && d->shown == 3);
    found[ALL_PUNGS] = standard && d->npungs == 4;
    found[HALF_FLUSH] = h->nsuits == 1 && h->honours;
    found[ALL_TYPES] = (standard || knitted || (seven && f->seven_pairs_all_types)) &&
                       h->nsuits == 3 && (kinds & WIND_MASK) && (kinds & DRAGON_MASK);
    found[MELDED_HAND] = ron && h->nmelds == 4 && !d->concealed_melds && wait == W_SINGLE;
    found[TWO_CONCEALED_KONGS] = d->concealed_kongs == 2;
    found[TWO_DRAGON_PUNGS] = dragons == 2;
    found[REVERSIBLE_TILES] = (kinds & ~f->reversible) == 0;
    found[MIXED_SHIFTED_PUNGS] = consecutive_pungs(have, 3, 1);
    found[LAST_TILE_DRAW] = h->tsumo && (h->flags & FL_LAST_TILE);
    found[LAST_TILE_CLAIM] = ron && (h->flags & FL_LAST_TILE);
    found[OUT_WITH_REPLACEMENT_TILE] = h->tsumo && (h->flags & FL_REPLACEMENT);
    found[ROBBING_THE_KONG] = ron && (h->flags & FL_ROBBING_KONG);
    found[LESSER_HONOURS_AND_KNITTED_TILES] =
        honours_knitted && __builtin_popcountll(kinds & HONOUR_MASK) < 7;
    found[KNITTED_STRAIGHT] = knitted;
    if (!knitted && honours_knitted) {
        int perm;
        for (perm = 0; perm < 6 && !found[KNITTED_STRAIGHT]; perm++) {
            int all = 1;
            for (i = 0; i < 9; i++) all &= h->counts[knitted_tile(perm, i)] > 0;
            found[KNITTED_STRAIGHT] = all;
        }
    }
    found[UPPER_FOUR] = ranks_within(h, rank_masks[0]);
    found[LOWER_FOUR] = ranks_within(h, rank_masks[1]);
    found[BIG_THREE_WINDS] = winds == 3;
    found[ALL_FIVES] = standard && fives;
    found[TRIPLE_PUNG] = 0;
    for (i = 0; i < 9; i++)
        found[TRIPLE_PUNG] |= (int)(have >> i & have >> (i + 9) & have >> (i + 18) & 1);
    found[THREE_CONCEALED_PUNGS] = concealed_pungs == 3;
    found[SEVEN_PAIRS] = seven;
    found[GREATER_HONOURS_AND_KNITTED_TILES] =
        honours_knitted && __builtin_popcountll(kinds & HONOUR_MASK) == 7;
    found[ALL_EVEN_PUNGS] = standard && d->npungs == 4 &&
                            ranks_within(h, rank_masks[2]);
    found[FULL_FLUSH] = h->nsuits == 1 && !h->honours;
    found[PURE_SHIFTED_PUNGS] = consecutive_pungs(have, 3, 0);
    found[UPPER_TILES] = ranks_within(h, rank_masks[3]);
    found[MIDDLE_TILES] = ranks_within(h, rank_masks[4]);
    found[LOWER_TILES] = ranks_within(h, rank_masks[5]);
    found[THREE_KONGS] = d->nkongs == 3;
    found[ALL_TERMINALS_AND_HONOURS] = (kinds & ~(TERMINAL_MASK | HONOUR_MASK)) == 0 &&
                                       h->honours && (kinds & TERMINAL_MASK);
    found[FOUR_PURE_SHIFTED_PUNGS] = consecutive_pungs(have, 4, 0);
    found[ALL_TERMINALS] = (kinds & ~TERMINAL_MASK) == 0;
    found[LITTLE_FOUR_WINDS] = winds == 3 && d->pair >= 27 && d->pair < 31;
    found[LITTLE_THREE_DRAGONS] = dragons == 2 && d->pair >= 31;
    found[ALL_HONOURS] = (kinds & ~HONOUR_MASK) == 0;
    found[FOUR_CONCEALED_PUNGS] = concealed_pungs == 4;
    found[BIG_FOUR_WINDS] = winds == 4;
    found[BIG_THREE_DRAGONS] = dragons == 3;
    found[ALL_GREEN] = (kinds & ~f->green) == 0;
    found[NINE_GATES] = nine_gates(h);
    found[FOUR_KONGS] = d->nkongs == 4;
    found[SEVEN_SHIFTED_PAIRS] = 0;
    if (seven && h->nsuits == 1 && !h->honours && d->npairs == 7) {
        int low = 9, seen = 0;
        for (i = 0; i < 7; i++) {
            int r = d->pairs[i] % 9;
            if (r < low) low = r;
            seen |= 1 << r;
        }
        found[SEVEN_SHIFTED_PAIRS] = seen == 0x7F << low;
    }
    found[THIRTEEN_ORPHANS] = d->shape == SH_ORPHANS;
    for (i = 0; i < NFANS; i++) /* only the fans of the shape's family are tried */
        if (!f->family[d->shape][i]) found[i] = 0;
}

/* ---- options and resolution of one reading (McrRules._awards, search._pure_resolve_ids) */

typedef struct {
    int fan;
    long count, per;
} Kept;

static int ahead(const Fans *f, const Kept *a, const Kept *b) { /* (-per*count, position) */
    long x = a->per * a->count, y = b->per * b->count;
    return x != y ? x > y : f->pos[a->fan] < f->pos[b->fan];
}

/* The awards kept from found (table order) into kept; returns the fan total without flowers. */
static long settle_reading(const Fans *f, const Table *t, int *found, int seven, int ckongs,
                           Kept *kept, int *nkept) {
    Kept items[NFANS + 1];
    uint64_t dropped[4] = {0};
    int n = 0, i, j, w;
    long total = 0;
    if (!f->single_wait_four_concealed && found[FOUR_CONCEALED_PUNGS])
        found[SINGLE_WAIT] = 0; /* MCR-GAP-10 option */
    for (i = 0; i < NFANS; i++) {
        Kept k;
        if (!found[i]) continue;
        k.fan = i;
        k.count = found[i];
        k.per = f->per[i];
        if (i == TWO_KONGS && f->two_kongs_mixed == 5 && ckongs == 1) k.per = 5;
        for (j = n; j > 0 && ahead(f, &k, &items[j - 1]); j--) items[j] = items[j - 1];
        items[j] = k;
        n++;
    }
    *nkept = 0;
    for (i = 0; i < n; i++) { /* MCR-COUNT-2: each kept fan drops what it excludes */
        Py_ssize_t p = f->pos[items[i].fan];
        if (dropped[p / 64] >> (p % 64) & 1) continue;
        for (w = 0; w < t->words; w++) dropped[w] |= t->excl[p * t->words + w];
        kept[(*nkept)++] = items[i];
    }
    if (seven && found[ALL_TYPES]) { /* option seven_pairs_all_types: given after resolution */
        Kept k = {ALL_TYPES, 1, t->values[f->pos[ALL_TYPES]]};
        kept[(*nkept)++] = k;
    }
    for (i = 1; i < *nkept; i++) { /* table order, stable */
        Kept k = kept[i];
        for (j = i; j > 0 && f->pos[kept[j - 1].fan] > f->pos[k.fan]; j--) kept[j] = kept[j - 1];
        kept[j] = k;
    }
    for (i = 0; i < *nkept; i++)
        if (kept[i].fan != FLOWER_TILES) total += kept[i].per * kept[i].count;
    return total;
}

/* The table's Award of a kept fan (new reference), cached at the usual value. */
static PyObject *award_of(Fans *f, const Kept *k) {
    PyObject *a;
    int cached = k->per == f->per[k->fan] && k->count >= 1 && k->count <= 8;
    if (cached && f->awards[k->fan][k->count] != NULL)
        return Py_NewRef(f->awards[k->fan][k->count]);
    a = PyObject_CallFunction(f->make_award, "Oll", PyTuple_GET_ITEM(f->ids, k->fan), k->count,
                              k->per);
    if (a != NULL && cached) /* (make_award may have run a nested best that cached it) */
        Py_XSETREF(f->awards[k->fan][k->count], Py_NewRef(a));
    return a;
}

static int read_hand(PyObject *const *args, HandInfo *h) { /* 1 ok, 0 not taken */
    long v[7];
    int i, s;
    if (!read_counts(args[3], h->counts) || !read_counts(args[1], h->c13)) return 0;
    for (i = 0; i < 7; i++) {
        if (i == 1) { /* is_concealed: from the melds */
            v[i] = 1;
            continue;
        }
        PyObject *o = args[i == 0 ? 4 : 3 + i]; /* winning, -, tsumo, seat, round, flags, ... */
        if (!PyLong_Check(o)) return 0;
        v[i] = PyLong_AsLong(o);
        if (v[i] == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    }
    if (v[0] < 0 || v[0] >= 34 || v[3] < 27 || v[3] > 30 || v[4] < 27 || v[4] > 30 || v[5] < 0 ||
        v[5] > 15 || v[6] < 0 || v[6] > 8) /* eight flowers and seasons (and no overflow) */
        return 0;
    h->winning = (int)v[0];
    h->concealed = v[1] != 0;
    h->tsumo = v[2] != 0;
    h->seat = (int)v[3];
    h->rnd = (int)v[4];
    h->flags = (int)v[5];
    h->flowers = (int)v[6];
    if (!h->counts[h->winning] || !h->c13[h->winning]) return 0;
    h->kinds = 0;
    h->count4 = 0;
    h->nmelds = 0;
    for (i = 0; i < 34; i++) {
        if (h->counts[i]) h->kinds |= 1ULL << i;
        h->count4 += h->counts[i] == 4;
        h->held13[i] = h->counts[i];
        if (h->c13[i] > h->counts[i]) return 0;
    }
    h->c13[h->winning]--;
    h->held13[h->winning]--;
    h->nsuits = 0;
    for (s = 0; s < 3; s++) h->nsuits += (h->kinds >> (9 * s) & 0x1FF) != 0;
    h->honours = (h->kinds & HONOUR_MASK) != 0;
    return 1;
}

static PyObject *deferred_type = NULL, *deferred_make = NULL, *partial_type = NULL;
static PyObject *locate_fn = NULL;

PyDoc_STRVAR(setup_locate_doc,
             "setup_locate(deferred, partial, locate): best() answers the located awards as\n"
             "deferred(partial(locate, context, awards)) (scoring.result.Deferred, made on\n"
             "first read).");

static PyObject *setup_locate(PyObject *self, PyObject *args) {
    PyObject *d, *p, *l, *make;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O:setup_locate", &PyType_Type, &d, &PyType_Type, &p, &l))
        return NULL;
    make = PyObject_GetAttrString(d, "make");
    if (make == NULL) return NULL;
    if (Py_TYPE(make)->tp_descr_set == NULL || !PyCallable_Check(l)) {
        Py_DECREF(make);
        PyErr_SetString(PyExc_TypeError, "setup_locate needs a slotted Deferred and a callable");
        return NULL;
    }
    Py_XSETREF(deferred_make, make);
    Py_XSETREF(deferred_type, Py_NewRef(d));
    Py_XSETREF(partial_type, Py_NewRef(p));
    Py_XSETREF(locate_fn, Py_NewRef(l));
    Py_RETURN_NONE;
}

/* deferred(partial(locate, context, awards)): a new reference, NULL on an error. */
static PyObject *located(PyObject *context, PyObject *awards) {
    PyObject *maker, *out;
    maker = PyObject_CallFunctionObjArgs(partial_type, locate_fn, context, awards, NULL);
    if (maker == NULL) return NULL;
    out = ((PyTypeObject *)deferred_type)->tp_alloc((PyTypeObject *)deferred_type, 0);
    if (out == NULL || Py_TYPE(deferred_make)->tp_descr_set(deferred_make, out, maker) < 0) {
        Py_XDECREF(out);
        out = NULL;
    }
    Py_DECREF(maker);
    return out;
}

/* The scorer: the sink of every decomposition of the hand, keeping the first best reading. */
typedef struct {
    Sink sink; /* first member: the scorer is its sink */
    Fans *f;
    Table *t;
    HandInfo *h;
    int unique, melds13, best_n, best_unique, best_shape, best_ng, best_group, best_wait;
    long best_fan;
    Kept best_kept[NFANS + 2];
    GI best_g[16];
} Scorer;

static int score_emit(Sink *sink, int shape, const GI *g, int n) {
    Scorer *sc = (Scorer *)sink;
    Dec d;
    Kept kept[NFANS + 2];
    int found[NFANS], group[16], wait[16], nr, r, nkept;
    int waits = shape != SH_SEVEN_PAIRS && shape != SH_ORPHANS; /* they exclude Single Wait */
    dec_of(sc->f, sc->t, shape, g, n, sc->h->winning, &d);
    nr = readings_of(g, n, sc->h->winning, group, wait);
    for (r = 0; r < nr; r++) {
        long fan;
        int one = wait[r] == W_EDGE || wait[r] == W_CLOSED || wait[r] == W_SINGLE;
        if (sc->unique < 0 && waits && one) /* MCR-COUNT-7, once per hand */
            sc->unique = one_kind_wins(sc->h->c13, sc->melds13, sc->h->held13);
        evaluate(sc->f, sc->h, &d, group[r], wait[r], sc->unique == 1 && waits, found);
        fan = settle_reading(sc->f, sc->t, found, shape == SH_SEVEN_PAIRS, d.concealed_kongs,
                             kept, &nkept);
        if (fan > sc->best_fan) { /* the first best (MCR-WIN-3, MCR-GAP-36) */
            sc->best_fan = fan;
            memcpy(sc->best_kept, kept, sizeof(Kept) * (size_t)nkept);
            sc->best_n = nkept;
            sc->best_unique = sc->unique == 1 && waits;
            sc->best_shape = shape;
            memcpy(sc->best_g, g, sizeof(GI) * (size_t)n);
            sc->best_ng = n;
            sc->best_group = group[r];
            sc->best_wait = wait[r];
        }
    }
    return 0;
}

PyDoc_STRVAR(best_doc,
             "best(fans, concealed_counts, melds, counts, winning, tsumo, seat, round, flags,\n"
             "flowers, hand, win, flag_set, options) -> (decomposition, located awards, awards,\n"
             "fan, total, flowers), None (no reading) or NotImplemented (not taken: use the\n"
             "declared predicates).");

static PyObject *best(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Fans *f;
    Table *t;
    HandInfo h;
    Scorer sc;
    GI suffix[4];
    int conc[34], total13 = 0, i, r, kind, ns, odd, distinct;
    uint64_t kinds = 0;
    long total = 0, flowers = 0;
    PyObject *meld_groups, *dec = NULL, *rd = NULL, *list = NULL, *context, *where, *out;
    (void)self;
    if (nargs != 14 || !PyTuple_Check(args[2])) Py_RETURN_NOTIMPLEMENTED;
    f = (Fans *)PyCapsule_GetPointer(args[0], "muraglia.mcr.fans");
    if (f == NULL) return NULL;
    t = (Table *)PyCapsule_GetPointer(f->table, "muraglia.mcr.table");
    if (t == NULL) return NULL;
    if (reading_type == NULL || group_type == NULL || decomposition == NULL || singles == NULL ||
        locate_fn == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_cmcr set-up was not called");
        return NULL;
    }
    if (!read_hand(args, &h)) Py_RETURN_NOTIMPLEMENTED;
    for (i = 0; i < 34; i++) total13 += h.c13[i];
    h.nmelds = (int)PyTuple_GET_SIZE(args[2]);
    if (total13 != 13 - 3 * h.nmelds) Py_RETURN_NOTIMPLEMENTED;
    meld_groups = meld_groups_of(args[2], suffix);
    if (meld_groups == NULL) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    ns = h.nmelds;
    for (i = 0; i < ns; i++) h.concealed &= suffix[i].concealed; /* concealed kongs only */
    sc.sink.emit = score_emit;
    sc.sink.out = NULL;
    sc.sink.meld_groups = meld_groups;
    sc.f = f;
    sc.t = t;
    sc.h = &h;
    sc.unique = -1;
    sc.melds13 = ns;
    sc.best_fan = -1;
    sc.best_n = sc.best_unique = sc.best_shape = sc.best_ng = sc.best_group = sc.best_wait = 0;
    for (i = 0; i < 34; i++) conc[i] = h.c13[i] + (i == h.winning);
    /* every MCR shape, in search.possible_shapes's order (a shape that cannot hold gives none) */
    r = enum_standard(conc, ns, NULL, 0, suffix, ns, SH_STANDARD, &sc.sink);
    for (i = 0, odd = 0, distinct = 0; i < 34; i++) {
        if (conc[i]) kinds |= 1ULL << i, distinct++;
        odd += conc[i] % 2;
    }
    for (kind = 0; kind < 4 && r == 0; kind++) {
        /* the special shapes' own first tests (special_of makes them too), on kind masks */
        int knit = 0, perm;
        for (perm = 0; perm < 6; perm++) knit |= (kinds & knit_masks[perm]) == knit_masks[perm];
        if ((kind == 0 && (ns || odd)) || (kind == 1 && (ns || kinds != orphan_mask)) ||
            (kind == 2 && (ns || distinct != 14)) || (kind == 3 && (ns > 1 || !knit)))
            continue;
        r = special_of(kind, conc, 14 - 3 * ns, suffix, ns, &sc.sink);
    }
    if (r != 0) {
        Py_DECREF(meld_groups);
        if (r < 0) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (sc.best_fan < 0) {
        Py_DECREF(meld_groups);
        Py_RETURN_NONE;
    }
    if (sc.best_fan == 0) { /* MCR-GAP-2: Chicken Hand, in table order */
        Kept chicken = {CHICKEN_HAND, 1, t->values[f->pos[CHICKEN_HAND]]};
        for (i = sc.best_n; i > 0 && f->pos[sc.best_kept[i - 1].fan] > f->pos[CHICKEN_HAND]; i--)
            sc.best_kept[i] = sc.best_kept[i - 1];
        sc.best_kept[i] = chicken;
        sc.best_n++;
        sc.best_fan = chicken.per;
    }
    dec = decomposition_of(sc.best_shape, sc.best_g, sc.best_ng, meld_groups);
    Py_DECREF(meld_groups);
    if (dec == NULL) return NULL;
    rd = make_reading(sc.best_group, sc.best_wait);
    if (rd == NULL) goto fail;
    list = PyTuple_New(sc.best_n);
    if (list == NULL) goto fail;
    for (i = 0; i < sc.best_n; i++) { /* V (MCR-PAY-1) and the flowers: over every award */
        PyObject *award = award_of(f, &sc.best_kept[i]);
        if (award == NULL) goto fail;
        PyTuple_SET_ITEM(list, i, award);
        total += sc.best_kept[i].per * sc.best_kept[i].count;
        if (sc.best_kept[i].fan == FLOWER_TILES) flowers += sc.best_kept[i].count;
    }
    /* the reading's context, made only if the awards' tiles are read: (hand, decomposition,
     * reading, win, seat wind, round wind, flags, options, unique wait, flowers) */
    context = PyTuple_New(10);
    if (context == NULL) goto fail;
    {
        PyObject *items[10] = {args[10], dec, rd, args[11], args[6], args[7], args[12], args[13],
                               sc.best_unique ? Py_True : Py_False, NULL};
        items[9] = PyLong_FromLong(h.flowers);
        if (items[9] == NULL) {
            Py_DECREF(context);
            goto fail;
        }
        for (i = 0; i < 9; i++) PyTuple_SET_ITEM(context, i, Py_NewRef(items[i]));
        PyTuple_SET_ITEM(context, 9, items[9]);
    }
    where = located(context, list);
    Py_DECREF(context);
    if (where == NULL) goto fail;
    Py_DECREF(rd);
    out = PyTuple_New(6);
    if (out == NULL) {
        Py_DECREF(where);
        rd = NULL;
        goto fail;
    }
    PyTuple_SET_ITEM(out, 0, dec);
    PyTuple_SET_ITEM(out, 1, where);
    PyTuple_SET_ITEM(out, 2, list);
    PyTuple_SET_ITEM(out, 3, PyLong_FromLong(sc.best_fan));
    PyTuple_SET_ITEM(out, 4, PyLong_FromLong(total));
    PyTuple_SET_ITEM(out, 5, PyLong_FromLong(flowers));
    if (PyTuple_GET_ITEM(out, 3) == NULL || PyTuple_GET_ITEM(out, 4) == NULL ||
        PyTuple_GET_ITEM(out, 5) == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
fail:
    Py_XDECREF(dec);
    Py_XDECREF(rd);
    Py_XDECREF(list);
    return NULL;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, setup_doc},
    {"setup_melds", setup_melds, METH_VARARGS, setup_melds_doc},
    {"standard", (PyCFunction)(void (*)(void))standard, METH_FASTCALL, standard_doc},
    {"setup_special", setup_special, METH_VARARGS, setup_special_doc},
    {"special", (PyCFunction)(void (*)(void))special, METH_FASTCALL, special_doc},
    {"table", table, METH_VARARGS, table_doc},
    {"resolve", (PyCFunction)(void (*)(void))resolve, METH_FASTCALL, resolve_doc},
    {"run", (PyCFunction)(void (*)(void))run, METH_FASTCALL, run_doc},
    {"setup_readings", setup_readings, METH_VARARGS, setup_readings_doc},
    {"readings", (PyCFunction)(void (*)(void))readings, METH_FASTCALL, readings_doc},
    {"single_tile_wait", (PyCFunction)(void (*)(void))single_tile_wait, METH_FASTCALL,
     single_tile_wait_doc},
    {"fans", fans, METH_VARARGS, fans_doc},
    {"best", (PyCFunction)(void (*)(void))best, METH_FASTCALL, best_doc},
    {"setup_locate", setup_locate, METH_VARARGS, setup_locate_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cmcr", "Native kernel of the MCR scorer (decompositions, fan plans, resolution).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cmcr(void) {
    int perm, i;
    for (i = 0; i < 5; i++) {
        small_ints[i] = PyLong_FromLong(i);
        if (small_ints[i] == NULL) return NULL;
    }
    rank_masks[0] = rank_mask(6, 9);
    rank_masks[1] = rank_mask(1, 4);
    rank_masks[2] = rank_mask(2, 2) | rank_mask(4, 4) | rank_mask(6, 6) | rank_mask(8, 8);
    rank_masks[3] = rank_mask(7, 9);
    rank_masks[4] = rank_mask(4, 6);
    rank_masks[5] = rank_mask(1, 3);
    for (perm = 0; perm < 6; perm++)
        for (i = 0; i < 9; i++) knit_masks[perm] |= 1ULL << knitted_tile(perm, i);
    for (i = 0; i < 13; i++) orphan_mask |= 1ULL << orphan_kinds[i];
    return PyModule_Create(&module);
}

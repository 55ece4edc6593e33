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
static PyObject *meld_group(PyObject *meld) {
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

static PyObject *group_object(const G *g) {
    if (g->kind == CHOW) return PyTuple_GET_ITEM(chows, g->tile);
    if (g->kind == PUNG) return PyTuple_GET_ITEM(pungs, g->tile);
    return PyTuple_GET_ITEM(pairs, g->tile);
}

static int read_counts(PyObject *seq, int *out) { /* 34 ints 0-4, else 0 (no error set) */
    Py_ssize_t i;
    if (!PyTuple_Check(seq) && !PyList_Check(seq)) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != 34) return 0;
    for (i = 0; i < 34; i++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, i);
        long n;
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

/* The declared melds' groups (a new tuple); NULL with no error set for a meld of another form. */
static PyObject *meld_groups_of(PyObject *melds) {
    Py_ssize_t i, n = PyTuple_GET_SIZE(melds);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        PyObject *g = meld_group(PyTuple_GET_ITEM(melds, i));
        if (g == NULL) { /* not a meld of the expected form: the reference will say why */
            PyErr_Clear();
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, g);
    }
    return out;
}

/* Append the Decomposition of (shape, groups) to out; takes the reference to groups. */
static int append_decomposition(PyObject *out, PyObject *shape, PyObject *groups) {
    PyObject *dec = make_decomposition(shape, groups);
    Py_DECREF(groups);
    if (dec == NULL || PyList_Append(out, dec) < 0) {
        Py_XDECREF(dec);
        return -1;
    }
    Py_DECREF(dec);
    return 0;
}

/* Append to `out` a Decomposition(shape, prefix + groups + suffix) for every split of the
 * counts `c` into sets and a pair (`declared` sets are elsewhere), in the reference's order.
 * Returns 0, -1 on an error, 1 when a suit has more splits than kept (the caller gives up). */
static int enum_standard(int *c, int declared, PyObject *prefix, PyObject *suffix,
                         PyObject *shape, PyObject *out) {
    int total = 0, i, s, honor_pair = 0, nhonors = 0, mods[3], twos = 0, a, b, d;
    G honors[7];
    static Parts parts[3];
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
                const Part *ps[3];
                Py_ssize_t n, k = 0, j, np = prefix ? PyTuple_GET_SIZE(prefix) : 0;
                int q;
                PyObject *groups;
                ps[0] = &parts[0].p[a];
                ps[1] = &parts[1].p[b];
                ps[2] = &parts[2].p[d];
                n = np + ps[0]->n + ps[1]->n + ps[2]->n + nhonors + PyTuple_GET_SIZE(suffix);
                groups = PyTuple_New(n);
                if (groups == NULL) return -1;
                for (j = 0; j < np; j++)
                    PyTuple_SET_ITEM(groups, k++, Py_NewRef(PyTuple_GET_ITEM(prefix, j)));
                for (q = 0; q < 3; q++)
                    for (j = 0; j < ps[q]->n; j++)
                        PyTuple_SET_ITEM(groups, k++, Py_NewRef(group_object(&ps[q]->g[j])));
                for (j = 0; j < nhonors; j++)
                    PyTuple_SET_ITEM(groups, k++, Py_NewRef(group_object(&honors[j])));
                for (j = 0; j < PyTuple_GET_SIZE(suffix); j++)
                    PyTuple_SET_ITEM(groups, k++, Py_NewRef(PyTuple_GET_ITEM(suffix, j)));
                if (append_decomposition(out, shape, groups) < 0) return -1;
            }
    return 0;
}

PyDoc_STRVAR(standard_doc,
             "standard(counts, melds) -> list of Decomposition, or NotImplemented.\n\n"
             "counts: the 34 concealed counts (a tuple of ints 0-4); melds: the hand's declared\n"
             "melds (a tuple of Meld), whose groups end every decomposition.");

static PyObject *standard(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *meld_groups, *out;
    int c[34], total, r;
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
    meld_groups = meld_groups_of(args[1]);
    if (meld_groups == NULL) {
        Py_DECREF(out);
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    r = enum_standard(c, (int)PyTuple_GET_SIZE(args[1]), NULL, meld_groups, shape_id, out);
    Py_DECREF(meld_groups);
    if (r == 0) return out;
    Py_DECREF(out);
    if (r < 0) return NULL;
    Py_RETURN_NOTIMPLEMENTED;
}

/* ------------------------------------------------------------------ special shapes
 *
 * special(shape, counts, melds) is shape.decompose for MCR's special shapes, in the reference's
 * order and with its objects (analysis.shapes): 0 seven pairs (four alike as two pairs),
 * 1 thirteen orphans, 2 honours and knitted tiles, 3 knitted straight + a set and a pair (its
 * three knitted groups by lowest tile, then the standard split of the rest, then the melds).
 */

static PyObject *singles = NULL;  /* tuple of 34: the single Group of each kind */
static PyObject *knitted = NULL;  /* tuple of 27: the knitted Group at each lowest tile */
static PyObject *special_ids = NULL; /* the four shape ids */

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

static int append_groups(PyObject *out, PyObject *shape, PyObject **items, Py_ssize_t n) {
    Py_ssize_t i;
    PyObject *groups = PyTuple_New(n);
    if (groups == NULL) return -1;
    for (i = 0; i < n; i++) PyTuple_SET_ITEM(groups, i, Py_NewRef(items[i]));
    return append_decomposition(out, shape, groups);
}

PyDoc_STRVAR(special_doc,
             "special(shape, counts, melds) -> list of Decomposition, or NotImplemented.");

static PyObject *special(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *out, *shape, *items[14];
    int c[34], total, i, kind, perm, r = 0;
    Py_ssize_t nmelds, n = 0;
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
    shape = PyTuple_GET_ITEM(special_ids, kind);
    nmelds = PyTuple_GET_SIZE(args[2]);
    out = PyList_New(0);
    if (out == NULL) return NULL;
    if (kind < 3 && nmelds) return out; /* concealed-only shapes */
    if (kind == 0) {
        if (total != 14) return out;
        for (i = 0; i < 34; i++) {
            if (c[i] == 2 || c[i] == 4) {
                items[n++] = PyTuple_GET_ITEM(pairs, i);
                if (c[i] == 4) items[n++] = PyTuple_GET_ITEM(pairs, i);
            } else if (c[i]) {
                return out;
            }
        }
        r = append_groups(out, shape, items, n);
    } else if (kind == 1) {
        int in_orphans = 0;
        if (total != 14) return out;
        for (i = 0; i < 13; i++) {
            int t = orphan_kinds[i];
            if (!c[t]) return out;
            in_orphans += c[t];
        }
        if (in_orphans != 14) return out;
        for (i = 0; i < 13; i++) {
            int t = orphan_kinds[i];
            items[n++] = PyTuple_GET_ITEM(c[t] == 2 ? pairs : singles, t);
        }
        r = append_groups(out, shape, items, n);
    } else if (kind == 2) {
        if (total != 14) return out;
        for (i = 0; i < 34; i++)
            if (c[i] > 1) return out;
        for (perm = 0; perm < 6; perm++) {
            int allowed[27] = {0}, ok = 1;
            for (i = 0; i < 9; i++) allowed[knitted_tile(perm, i)] = 1;
            for (i = 0; i < 27; i++)
                if (c[i] && !allowed[i]) ok = 0;
            if (!ok) continue;
            for (i = 0; i < 34; i++)
                if (c[i]) items[n++] = PyTuple_GET_ITEM(singles, i);
            r = append_groups(out, shape, items, n);
            break;
        }
    } else {
        PyObject *meld_groups;
        if (nmelds > 1 || total != 14 - 3 * (int)nmelds) return out;
        meld_groups = meld_groups_of(args[2]);
        if (meld_groups == NULL) {
            Py_DECREF(out);
            if (PyErr_Occurred()) return NULL;
            Py_RETURN_NOTIMPLEMENTED;
        }
        for (perm = 0; perm < 6 && r == 0; perm++) {
            int lows[3], missing = 0, x, y;
            PyObject *prefix;
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
            prefix = PyTuple_Pack(3, PyTuple_GET_ITEM(knitted, lows[0]),
                                  PyTuple_GET_ITEM(knitted, lows[1]),
                                  PyTuple_GET_ITEM(knitted, lows[2]));
            if (prefix == NULL) {
                r = -1;
                break;
            }
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]--;
            r = enum_standard(c, (int)nmelds + 3, prefix, meld_groups, shape, out);
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]++;
            Py_DECREF(prefix);
        }
        Py_DECREF(meld_groups);
    }
    if (r == 0) return out;
    Py_DECREF(out);
    if (r < 0) return NULL;
    Py_RETURN_NOTIMPLEMENTED;
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

static PyObject *readings(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *groups, *out = NULL, *list;
    long win;
    Py_ssize_t i, n;
    long seen_tile[16];
    PyObject *seen_kind[16];
    int nseen = 0;
    (void)self;
    if (reading_type == NULL || group_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_cmcr.setup_readings() was not called");
        return NULL;
    }
    if (nargs != 2 || Py_TYPE(args[0]) != (PyTypeObject *)decomposition ||
        !PyLong_Check(args[1]))
        Py_RETURN_NOTIMPLEMENTED;
    win = PyLong_AsLong(args[1]);
    if (win == -1 && PyErr_Occurred()) return NULL;
    groups = get_slot(d_groups, args[0]);
    if (groups == NULL) return NULL;
    if (!PyTuple_Check(groups) || PyTuple_GET_SIZE(groups) > 16) {
        Py_DECREF(groups);
        Py_RETURN_NOTIMPLEMENTED;
    }
    list = PyList_New(0);
    if (list == NULL) goto done;
    n = PyTuple_GET_SIZE(groups);
    for (i = 0; i < n; i++) {
        PyObject *g = PyTuple_GET_ITEM(groups, i), *kind, *tile, *conc, *meld, *wait, *rd, *idx;
        long low, offset;
        int concealed, j, dup = 0;
        if (Py_TYPE(g) != (PyTypeObject *)group_type) {
            Py_CLEAR(list);
            Py_DECREF(groups);
            Py_RETURN_NOTIMPLEMENTED;
        }
        conc = get_slot(g_concealed, g);
        if (conc == NULL) goto fail;
        concealed = PyObject_IsTrue(conc);
        Py_DECREF(conc);
        if (concealed < 0) goto fail;
        meld = get_slot(g_meld, g);
        if (meld == NULL) goto fail;
        Py_DECREF(meld);
        if (!concealed || meld != Py_None) continue;
        kind = get_slot(g_kind, g);
        if (kind == NULL) goto fail;
        Py_DECREF(kind); /* the GroupKind members live in the class */
        tile = get_slot(g_tile, g);
        if (tile == NULL) goto fail;
        low = PyLong_AsLong(tile);
        Py_DECREF(tile);
        if (low == -1 && PyErr_Occurred()) goto fail;
        offset = win - low;
        if (!(offset == 0 || (kind == k_chow && offset > 0 && offset <= 2) ||
              (kind == k_knitted && (offset == 3 || offset == 6))))
            continue;
        for (j = 0; j < nseen; j++)
            if (seen_kind[j] == kind && seen_tile[j] == low) dup = 1;
        if (dup) continue;
        seen_kind[nseen] = kind;
        seen_tile[nseen++] = low;
        if (kind == k_chow) {
            long rank = low % 9 + 1;
            if (win == low + 1)
                wait = w_closed;
            else if (win == low)
                wait = rank == 7 ? w_edge : w_two_sided;
            else
                wait = rank == 1 ? w_edge : w_two_sided;
        } else if (kind == k_pair) {
            wait = w_single;
        } else if (kind == k_pung) {
            wait = w_dual;
        } else {
            wait = w_special;
        }
        rd = ((PyTypeObject *)reading_type)->tp_alloc((PyTypeObject *)reading_type, 0);
        if (rd == NULL) goto fail;
        idx = PyLong_FromSsize_t(i);
        if (idx == NULL || Py_TYPE(r_group)->tp_descr_set(r_group, rd, idx) < 0 ||
            Py_TYPE(r_wait)->tp_descr_set(r_wait, rd, wait) < 0 || PyList_Append(list, rd) < 0) {
            Py_XDECREF(idx);
            Py_DECREF(rd);
            goto fail;
        }
        Py_DECREF(idx);
        Py_DECREF(rd);
    }
    out = PyList_AsTuple(list);
fail:
    Py_XDECREF(list);
done:
    Py_DECREF(groups);
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

static int sets_only(int *c) {
    int i;
    for (i = 27; i < 34; i++)
        if (c[i] % 3) return 0;
    return suit_sets(c) && suit_sets(c + 9) && suit_sets(c + 18);
}

static int sets_and_pair(int *c) {
    int p, total = 0, ok;
    for (p = 0; p < 34; p++) total += c[p];
    if (total % 3 != 2) return 0;
    for (p = 0; p < 34; p++) {
        if (c[p] < 2) continue;
        c[p] -= 2;
        ok = sets_only(c);
        c[p] += 2;
        if (ok) return 1;
    }
    return 0;
}


static int complete(int *c, int melds) { /* 14 - 3 x melds tiles: any MCR winning shape */
    int i, perm, n = 0, distinct = 0;
    if (sets_and_pair(c)) return 1;
    for (i = 0; i < 34; i++) distinct += c[i] > 0;
    if (melds == 0) {
        int odd = 0, orphans = 1;
        for (i = 0; i < 34; i++) odd += c[i] % 2;
        if (!odd) return 1; /* seven pairs (four alike as two pairs) */
        for (i = 0; i < 34; i++) {
            int is_orphan = 0, j;
            for (j = 0; j < 13; j++) is_orphan |= orphan_kinds[j] == i;
            if (c[i] && !is_orphan) orphans = 0;
            if (is_orphan && !c[i]) orphans = 0;
        }
        if (orphans) return 1;
        if (distinct == 14)
            for (perm = 0; perm < 6; perm++) {
                int mask[27] = {0}, ok = 1;
                for (i = 0; i < 9; i++) mask[knitted_tile(perm, i)] = 1;
                for (i = 0; i < 27; i++)
                    if (c[i] && !mask[i]) ok = 0;
                if (ok) return 1; /* honours and knitted tiles */
            }
    }
    if (melds <= 1)
        for (perm = 0; perm < 6; perm++) {
            int ok;
            for (i = 0, n = 0; i < 9; i++) n += c[knitted_tile(perm, i)] > 0;
            if (n < 9) continue;
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]--;
            ok = sets_and_pair(c);
            for (i = 0; i < 9; i++) c[knitted_tile(perm, i)]++;
            if (ok) return 1; /* knitted straight, a set and a pair */
        }
    return 0;
}


PyDoc_STRVAR(single_tile_wait_doc,
             "single_tile_wait(concealed13, melds, held) -> bool, or NotImplemented.");

static PyObject *single_tile_wait(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int c[34], held[34], t, kinds = 0, total = 0, i;
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
    for (t = 0; t < 34 && kinds < 2; t++) {
        if (held[t] >= 4 || c[t] >= 4) continue;
        c[t]++;
        kinds += complete(c, (int)melds);
        c[t]--;
    }
    return PyBool_FromLong(kinds == 1);
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
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cmcr", "Native kernel of the MCR scorer (decompositions, fan plans, resolution).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cmcr(void) { return PyModule_Create(&module); }

/* Optional native accelerator of the engine's turn loop (muraglia.engine.legal).
 *
 * The pure-Python functions of muraglia/engine/legal.py stay the reference and the fallback
 * (MURAGLIA_PURE=1 skips this module): each function here is the same algorithm on the same
 * objects (the deal's slotted records, the seats' wait caches, the flow's hooks, the interned
 * actions), asks the flow's hooks the same questions in the same order and gives the same
 * answers, so that every legal action, event and choice of a deal is the same on both paths
 * (bench/engine_trace.py, tests/engine/test_engine_trace.py, tests/engine/test_cdeal.py).
 * Anything outside the common path (a bonus tile in hand, kong candidates, a standing riichi
 * with a drawn tile to check...) is handed to the pure function before anything is changed.
 *
 *   claim_shapes(counts)                 per kind: pair (2) | run shape (1), as bytes
 *   claimants(deal, tile, robbing)       the claim window's seats and their options
 *   completes(deal, seat, tile)          the seat's completion memo
 *   mark_missed(deal, tile, discarder, winners)   the close of a window's furiten marks
 *   act_actions(deal, seat)              the seat in turn's legal actions
 *
 * legal.py calls setup(namespace) once with its module globals; the helpers that stay in
 * Python (claim_options, win_value, riichi_discards, red_discards, shanten_all, the pure
 * act_actions) are looked up in that namespace at each call, so a rebinding (the tests' pure
 * run) is followed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define NUM_KINDS 34
#define NUM_SUITED 27
#define RANKS 9
#define COPIES 4
#define RUN_ONLY 1

static PyObject *ns = NULL;          /* legal.py's globals */
static PyObject *OUT = NULL;         /* SeatStatus.OUT */
static PyObject *CHOW = NULL;        /* CallKind.CHOW */
static PyObject *PUNG_KIND = NULL;   /* MeldKind.PUNG */
static PyObject *TILES = NULL;       /* Tile members by value (tuple of 34) */
static PyObject *DISCARD = NULL;     /* interned plain discards by seat, kind */
static PyObject *WIN = NULL;         /* interned wins by seat */
static PyObject *DECLARE = NULL;     /* the Declare class */
static PyObject *DISCARD_CLS = NULL; /* the Discard class */
static PyObject *NO_DISCARD = NULL;  /* the NoDiscard class */
static PyObject *FLOW_COMPLETE = NULL; /* DealFlow.is_complete (the default) */
static PyObject *PASS_TABLE = NULL;  /* interned passes by seat */

#define MAX_SEATS 4
static PyObject *red_discard[MAX_SEATS][NUM_KINDS]; /* Discard(seat, kind, False, red=True) */
static PyObject *acted_discard[MAX_SEATS][NUM_KINDS]; /* Acted(the interned plain discard) */
static PyObject *acted_pass[MAX_SEATS];              /* Acted(the interned pass) */

static void clear_interned(void) {
    int s, k;
    for (s = 0; s < MAX_SEATS; s++) {
        for (k = 0; k < NUM_KINDS; k++) {
            Py_CLEAR(red_discard[s][k]);
            Py_CLEAR(acted_discard[s][k]);
        }
        Py_CLEAR(acted_pass[s]);
    }
}

/* interned attribute and keyword names */
static PyObject *s_seats, *s_riichi_seats, *s_red_seats, *s_flow, *s_players, *s_claim_from,
    *s_status, *s_wait_cache, *s_counts, *s_melds, *s_standing, *s_may_wait, *s_allowed_calls,
    *s_is_complete, *s_drawn, *s_drawn_red, *s_held, *s_live_count, *s_dead_count, *s_table,
    *s_last_drawer_discards, *s_declarations, *s_kind, *s_missed_win, *s_robbing, *s_red,
    *s_self_drawn, *s_claim_options, *s_win_value, *s_riichi_discards, *s_red_discards,
    *s_shanten_all, *s_pure_act_actions, *s_riichi;


/* ------------------------------------------------------------------ slot access
 *
 * The deal's records are slotted classes: an attribute is a member descriptor at a fixed
 * offset in the object. GA/SA read and write such a slot directly, after finding the
 * descriptor once per (type, name, type version) exactly as the generic getattr would (a
 * member descriptor is a data descriptor: nothing in an instance dict can shadow it); any
 * other attribute (a property, a class without the generic getattr/setattr, an empty slot)
 * goes through PyObject_GetAttr/PyObject_SetAttr.
 */
#include <structmember.h>

typedef struct {
    PyTypeObject *type;
    PyObject *name;
    unsigned int version;
    Py_ssize_t offset;
    int writable;
} slot_entry;

#define SLOT_TABLE 512
static slot_entry slot_table[SLOT_TABLE];

static slot_entry *slot_of(PyTypeObject *tp, PyObject *name) {
    size_t h = ((((size_t)tp) >> 4) ^ ((((size_t)name) >> 4) * 31u)) & (SLOT_TABLE - 1);
    slot_entry *e = &slot_table[h];
    PyObject *descr;
    PyMemberDef *m;
    if (e->type == tp && e->name == name && tp->tp_version_tag == e->version &&
        (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG))
        return e;
    descr = _PyType_Lookup(tp, name); /* borrowed; sets the type's version tag */
    if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type ||
        !(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG))
        return NULL;
    m = ((PyMemberDescrObject *)descr)->d_member;
    if (m->type != T_OBJECT_EX || !PyType_IsSubtype(tp, PyDescr_TYPE(descr))) return NULL;
    e->type = tp;
    e->name = name;
    e->version = tp->tp_version_tag;
    e->offset = m->offset;
    e->writable = !(m->flags & READONLY);
    return e;
}

static PyObject *GA(PyObject *obj, PyObject *name) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (tp->tp_getattro == PyObject_GenericGetAttr) {
        slot_entry *e = slot_of(tp, name);
        if (e != NULL) {
            PyObject *v = *(PyObject **)((char *)obj + e->offset);
            if (v != NULL) return Py_NewRef(v);
        }
    }
    return PyObject_GetAttr(obj, name);
}

static int SA(PyObject *obj, PyObject *name, PyObject *value) {
    PyTypeObject *tp = Py_TYPE(obj);
    if (value != NULL && tp->tp_setattro == PyObject_GenericSetAttr) {
        slot_entry *e = slot_of(tp, name);
        if (e != NULL && e->writable) {
            PyObject **p = (PyObject **)((char *)obj + e->offset);
            PyObject *old = *p;
            *p = Py_NewRef(value);
            Py_XDECREF(old);
            return 0;
        }
    }
    return PyObject_SetAttr(obj, name, value);
}

static PyObject *s_tile, *s_wall, *s_head, *s_tail; /* (with the turn's names below) */
static PyObject *DEAL_TYPE = NULL, *WALL_TYPE = NULL; /* state.py's DealState and Wall */

static PyObject *helper(PyObject *name) {
    /* a Python helper of legal.py, looked up now (borrowed); NULL with an error if missing */
    PyObject *f = PyDict_GetItemWithError(ns, name);
    if (f == NULL && !PyErr_Occurred()) PyErr_Format(PyExc_RuntimeError, "engine kernel: %U missing", name);
    return f;
}

static int ready(void) {
    if (ns == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "muraglia.engine._cdeal: setup() was not called");
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ counts */

static int read_counts(PyObject *c, unsigned char out[NUM_KINDS]) {
    /* concealed counts (a list of 34 ints in 0-4) into out; -1 with ValueError otherwise */
    Py_ssize_t i;
    if (!PyList_Check(c) || PyList_GET_SIZE(c) != NUM_KINDS) {
        PyErr_SetString(PyExc_ValueError, "concealed counts must be a list of 34 ints");
        return -1;
    }
    for (i = 0; i < NUM_KINDS; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(c, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > COPIES) {
            PyErr_Format(PyExc_ValueError, "concealed count %ld of kind %zd is outside 0-4", v, i);
            return -1;
        }
        out[i] = (unsigned char)v;
    }
    return 0;
}

static PyObject *shapes_of(const unsigned char c[NUM_KINDS]) {
    /* legal.claim_shapes: 2 * (c[k] >= 2) | a run shape with k (bytes of 34) */
    unsigned char b[NUM_KINDS];
    int k;
    for (k = 0; k < NUM_KINDS; k++) {
        int v = c[k] >= 2 ? 2 : 0;
        if (k < NUM_SUITED) {
            int r = k % RANKS;
            if ((r >= 2 && c[k - 2] && c[k - 1]) || (r >= 1 && r <= RANKS - 2 && c[k - 1] && c[k + 1]) ||
                (r <= RANKS - 3 && c[k + 1] && c[k + 2]))
                v |= RUN_ONLY;
        }
        b[k] = (unsigned char)v;
    }
    return PyBytes_FromStringAndSize((const char *)b, NUM_KINDS);
}

PyDoc_STRVAR(claim_shapes_doc, "claim_shapes(counts) -> bytes: as legal.claim_shapes.");

static PyObject *claim_shapes(PyObject *self, PyObject *counts) {
    unsigned char c[NUM_KINDS];
    (void)self;
    if (read_counts(counts, c) < 0) return NULL;
    return shapes_of(c);
}

/* ------------------------------------------------------------------ wait cache */

static PyObject *melds_len(PyObject *rec, Py_ssize_t *n) {
    /* rec.melds (new reference) and its length */
    PyObject *melds = GA(rec, s_melds);
    if (melds == NULL) return NULL;
    *n = PyObject_Length(melds);
    if (*n < 0) {
        Py_DECREF(melds);
        return NULL;
    }
    return melds;
}

static int entry_current(PyObject *entry, PyObject *c, Py_ssize_t nmelds) {
    /* entry is not None and entry[0] == c and entry[1] == nmelds: 1, 0, or -1 on error */
    PyObject *m;
    long v;
    int eq;
    if (entry == Py_None) return 0;
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 5) {
        PyErr_SetString(PyExc_TypeError, "a seat's wait_cache must be a 5-tuple or None");
        return -1;
    }
    eq = PyObject_RichCompareBool(PyTuple_GET_ITEM(entry, 0), c, Py_EQ);
    if (eq <= 0) return eq;
    m = PyTuple_GET_ITEM(entry, 1);
    v = PyLong_AsLong(m);
    if (v == -1 && PyErr_Occurred()) return -1;
    return v == (long)nmelds;
}

static PyObject *wait_entry(PyObject *flow, PyObject *rec, PyObject *c, Py_ssize_t nmelds) {
    /* legal._wait_entry's new entry, stored on rec (new reference) */
    PyObject *copy = NULL, *n = NULL, *mw = NULL, *memo = NULL, *shapes = NULL, *entry = NULL;
    unsigned char b[NUM_KINDS];
    copy = PyList_GetSlice(c, 0, PyList_GET_SIZE(c));
    if (copy == NULL) goto done;
    n = PyLong_FromSsize_t(nmelds);
    if (n == NULL) goto done;
    mw = PyObject_CallMethodObjArgs(flow, s_may_wait, c, n, NULL);
    if (mw == NULL) goto done;
    memo = PyDict_New();
    if (memo == NULL) goto done;
    if (read_counts(c, b) < 0) goto done;
    shapes = shapes_of(b);
    if (shapes == NULL) goto done;
    entry = PyTuple_Pack(5, copy, n, mw, memo, shapes);
    if (entry == NULL) goto done;
    if (SA(rec, s_wait_cache, entry) < 0) Py_CLEAR(entry);
done:
    Py_XDECREF(copy);
    Py_XDECREF(n);
    Py_XDECREF(mw);
    Py_XDECREF(memo);
    Py_XDECREF(shapes);
    return entry;
}

static PyObject *current_entry(PyObject *flow, PyObject *rec, PyObject *c, Py_ssize_t nmelds) {
    /* rec's wait cache for its hand now, made if stale (new reference) */
    int cur;
    PyObject *entry = GA(rec, s_wait_cache);
    if (entry == NULL) return NULL;
    cur = entry_current(entry, c, nmelds);
    if (cur < 0) {
        Py_DECREF(entry);
        return NULL;
    }
    if (cur) return entry;
    Py_DECREF(entry);
    return wait_entry(flow, rec, c, nmelds);
}

static int is_false_memo(PyObject *entry, PyObject *tile) {
    /* not entry[2] or entry[3].get(tile) is False: 1, 0, -1 on error */
    PyObject *got;
    int t = PyObject_IsTrue(PyTuple_GET_ITEM(entry, 2));
    if (t < 0) return -1;
    if (!t) return 1;
    got = PyDict_GetItemWithError(PyTuple_GET_ITEM(entry, 3), tile);
    if (got == NULL && PyErr_Occurred()) return -1;
    return got == Py_False;
}

static long as_index(PyObject *tile, long limit, const char *what) {
    long v = PyLong_AsLong(tile);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= limit) {
        PyErr_Format(PyExc_ValueError, "%s %ld is not a tile kind here", what, v);
        return -1;
    }
    return v;
}

/* ------------------------------------------------------------------ completes */

static PyObject *completes_rec(PyObject *flow, PyObject *rec, PyObject *tile, long k) {
    /* legal.completes for the seat record rec (new reference) */
    PyObject *status, *c = NULL, *melds = NULL, *entry = NULL, *memo, *done, *out = NULL, *n = NULL;
    Py_ssize_t nmelds;
    long have;
    int t;
    status = GA(rec, s_status);
    if (status == NULL) return NULL;
    Py_DECREF(status);
    if (status == OUT) Py_RETURN_FALSE;
    c = GA(rec, s_counts);
    if (c == NULL) return NULL;
    melds = melds_len(rec, &nmelds);
    if (melds == NULL) goto done;
    entry = current_entry(flow, rec, c, nmelds);
    if (entry == NULL) goto done;
    t = PyObject_IsTrue(PyTuple_GET_ITEM(entry, 2));
    if (t < 0) goto done;
    if (!t) {
        out = Py_NewRef(Py_False);
        goto done;
    }
    memo = PyTuple_GET_ITEM(entry, 3);
    done = PyDict_GetItemWithError(memo, tile);
    if (done != NULL) {
        out = Py_NewRef(done);
        goto done;
    }
    if (PyErr_Occurred()) goto done;
    if (!PyList_Check(c) || PyList_GET_SIZE(c) != NUM_KINDS) {
        PyErr_SetString(PyExc_ValueError, "concealed counts must be a list of 34 ints");
        goto done;
    }
    have = PyLong_AsLong(PyList_GET_ITEM(c, k));
    if (have == -1 && PyErr_Occurred()) goto done;
    if (have >= COPIES) {
        if (PyDict_SetItem(memo, tile, Py_False) < 0) goto done;
        out = Py_NewRef(Py_False);
        goto done;
    }
    {
        PyObject *up = PyLong_FromLong(have + 1), *back;
        if (up == NULL) goto done;
        PyList_SetItem(c, k, up); /* steals up */
        n = PyLong_FromSsize_t(nmelds);
        if (n != NULL) out = PyObject_CallMethodObjArgs(flow, s_is_complete, c, n, NULL);
        back = PyLong_FromLong(have);
        if (back == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SetItem(c, k, back); /* the finally: restored even after an error */
        if (out != NULL && PyDict_SetItem(memo, tile, out) < 0) Py_CLEAR(out);
    }
done:
    Py_XDECREF(n);
    Py_XDECREF(entry);
    Py_XDECREF(melds);
    Py_XDECREF(c);
    return out;
}

static PyObject *seat_item(PyObject *deal, PyObject *name, Py_ssize_t s) {
    /* deal.<name>[s] (new reference) */
    PyObject *seq = GA(deal, name), *item;
    if (seq == NULL) return NULL;
    item = PySequence_GetItem(seq, s);
    Py_DECREF(seq);
    return item;
}

PyDoc_STRVAR(completes_doc, "completes(deal, seat, tile): as legal.completes.");

static PyObject *completes(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *rec, *flow, *out;
    Py_ssize_t seat;
    long k;
    (void)self;
    if (!ready()) return NULL;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "completes(deal, seat, tile)");
        return NULL;
    }
    seat = PyLong_AsSsize_t(args[1]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    k = as_index(args[2], NUM_KINDS, "tile");
    if (k < 0) return NULL;
    rec = seat_item(args[0], s_seats, seat);
    if (rec == NULL) return NULL;
    flow = GA(args[0], s_flow);
    if (flow == NULL) {
        Py_DECREF(rec);
        return NULL;
    }
    out = completes_rec(flow, rec, args[2], k);
    Py_DECREF(flow);
    Py_DECREF(rec);
    return out;
}

/* ------------------------------------------------------------------ claimants */

/* obj.name as a C long: -1 with the exception set on failure (check PyErr_Occurred). */
static long int_attr(PyObject *obj, PyObject *name) {
    PyObject *v = GA(obj, name);
    long x;
    if (v == NULL) return -1;
    x = PyLong_AsLong(v);
    Py_DECREF(v);
    return x;
}

static int attr_true(PyObject *obj, PyObject *name) {
    PyObject *v = GA(obj, name);
    int t;
    if (v == NULL) return -1;
    t = PyObject_IsTrue(v);
    Py_DECREF(v);
    return t;
}

PyDoc_STRVAR(claimants_doc, "claimants(deal, tile, *, robbing) -> dict: as legal.claimants.");

static PyObject *claimants(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames) {
    PyObject *deal, *tile, *out = NULL, *seats = NULL, *riichi_seats = NULL, *flow = NULL;
    PyObject *from_obj = NULL;
    Py_ssize_t n, from, i, nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    long k;
    int robbing;
    (void)self;
    if (!ready()) return NULL;
    if (nargs + nkw != 3 || nargs < 2 ||
        (nkw && PyUnicode_Compare(PyTuple_GET_ITEM(kwnames, 0), s_robbing) != 0)) {
        PyErr_SetString(PyExc_TypeError, "claimants(deal, tile, *, robbing)");
        return NULL;
    }
    deal = args[0];
    tile = args[1];
    robbing = PyObject_IsTrue(args[2]);
    if (robbing < 0) return NULL;
    k = as_index(tile, NUM_KINDS, "tile");
    if (k < 0) return NULL;
    n = int_attr(deal, s_players);
    if (n == -1 && PyErr_Occurred()) return NULL;
    from_obj = GA(deal, s_claim_from);
    if (from_obj == NULL) return NULL;
    from = PyLong_AsSsize_t(from_obj);
    if (from == -1 && PyErr_Occurred()) goto fail;
    seats = GA(deal, s_seats);
    if (seats == NULL) goto fail;
    riichi_seats = GA(deal, s_riichi_seats);
    if (riichi_seats == NULL) goto fail;
    flow = GA(deal, s_flow);
    if (flow == NULL) goto fail;
    out = PyDict_New();
    if (out == NULL) goto fail;
    for (i = 1; i < n; i++) {
        Py_ssize_t s = (from + i) % n, nmelds;
        PyObject *rec, *status, *c, *melds, *entry, *opts, *seat;
        int shape, skip = 0, falsy;
        rec = PySequence_GetItem(seats, s);
        if (rec == NULL) goto fail;
        status = GA(rec, s_status);
        if (status == NULL) {
            Py_DECREF(rec);
            goto fail;
        }
        Py_DECREF(status);
        if (status == OUT) {
            Py_DECREF(rec);
            continue; /* claim_options: nothing for a seat out of the deal */
        }
        c = GA(rec, s_counts);
        if (c == NULL) {
            Py_DECREF(rec);
            goto fail;
        }
        melds = melds_len(rec, &nmelds);
        if (melds == NULL) {
            Py_DECREF(c);
            Py_DECREF(rec);
            goto fail;
        }
        Py_DECREF(melds);
        entry = current_entry(flow, rec, c, nmelds);
        Py_DECREF(c);
        Py_DECREF(rec);
        if (entry == NULL) goto fail;
        {
            PyObject *b = PyTuple_GET_ITEM(entry, 4);
            if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) <= k) {
                Py_DECREF(entry);
                PyErr_SetString(PyExc_TypeError, "a wait_cache's claim shapes must be bytes of 34");
                goto fail;
            }
            shape = (unsigned char)PyBytes_AS_STRING(b)[k];
        }
        falsy = -2; /* not entry[2] or entry[3].get(tile) is False, computed when needed */
        {
            int cond = robbing || !shape;
            if (!cond) {
                PyObject *r = PySequence_GetItem(riichi_seats, s);
                if (r == NULL) {
                    Py_DECREF(entry);
                    goto fail;
                }
                cond = attr_true(r, s_standing);
                Py_DECREF(r);
                if (cond < 0) {
                    Py_DECREF(entry);
                    goto fail;
                }
            }
            if (cond) {
                falsy = is_false_memo(entry, tile);
                if (falsy < 0) {
                    Py_DECREF(entry);
                    goto fail;
                }
                if (falsy) skip = 1; /* only a win could be claimed, and the tile does not complete */
            }
        }
        if (!skip && shape == RUN_ONLY) {
            if (falsy == -2) {
                falsy = is_false_memo(entry, tile);
                if (falsy < 0) {
                    Py_DECREF(entry);
                    goto fail;
                }
            }
            if (falsy) {
                PyObject *sobj = PyLong_FromSsize_t(s), *allowed;
                int has;
                if (sobj == NULL) {
                    Py_DECREF(entry);
                    goto fail;
                }
                allowed = PyObject_CallMethodObjArgs(flow, s_allowed_calls, deal, sobj, from_obj, tile, NULL);
                Py_DECREF(sobj);
                if (allowed == NULL) {
                    Py_DECREF(entry);
                    goto fail;
                }
                has = PySequence_Contains(allowed, CHOW);
                Py_DECREF(allowed);
                if (has < 0) {
                    Py_DECREF(entry);
                    goto fail;
                }
                if (!has) skip = 1; /* only a chow could take it, and the flow allows none */
            }
        }
        Py_DECREF(entry);
        if (skip) continue;
        {
            PyObject *fn = helper(s_claim_options), *pos, *kw;
            if (fn == NULL) goto fail;
            seat = PyLong_FromSsize_t(s);
            if (seat == NULL) goto fail;
            pos = PyTuple_Pack(3, deal, seat, tile);
            kw = pos ? Py_BuildValue("{OO}", s_robbing, robbing ? Py_True : Py_False) : NULL;
            opts = kw ? PyObject_Call(fn, pos, kw) : NULL;
            Py_XDECREF(pos);
            Py_XDECREF(kw);
            if (opts == NULL) {
                Py_DECREF(seat);
                goto fail;
            }
            {
                int tr = PyObject_IsTrue(opts);
                if (tr > 0) tr = PyDict_SetItem(out, seat, opts) < 0 ? -1 : 1;
                Py_DECREF(opts);
                Py_DECREF(seat);
                if (tr < 0) goto fail;
            }
        }
    }
    Py_DECREF(from_obj);
    Py_DECREF(seats);
    Py_DECREF(riichi_seats);
    Py_DECREF(flow);
    return out;
fail:
    Py_XDECREF(from_obj);
    Py_XDECREF(seats);
    Py_XDECREF(riichi_seats);
    Py_XDECREF(flow);
    Py_XDECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ mark_missed */

PyDoc_STRVAR(mark_missed_doc,
             "mark_missed(deal, tile, discarder, winners): as legal.mark_missed (EMA-FURI-3).");

static PyObject *mark_missed(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *deal, *tile, *winners, *seats = NULL, *flow = NULL;
    Py_ssize_t n, discarder, s;
    long k;
    (void)self;
    if (!ready()) return NULL;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "mark_missed(deal, tile, discarder, winners)");
        return NULL;
    }
    deal = args[0];
    tile = args[1];
    winners = args[3];
    k = as_index(tile, NUM_KINDS, "tile");
    if (k < 0) return NULL;
    discarder = PyLong_AsSsize_t(args[2]);
    if (discarder == -1 && PyErr_Occurred()) return NULL;
    n = int_attr(deal, s_players);
    if (n == -1 && PyErr_Occurred()) return NULL;
    seats = GA(deal, s_seats);
    if (seats == NULL) return NULL;
    flow = GA(deal, s_flow);
    if (flow == NULL) goto fail;
    for (s = 0; s < n; s++) {
        PyObject *rec, *sobj, *value;
        int missed, won;
        if (s == discarder) continue;
        rec = PySequence_GetItem(seats, s);
        if (rec == NULL) goto fail;
        missed = attr_true(rec, s_missed_win);
        if (missed != 0) {
            Py_DECREF(rec);
            if (missed < 0) goto fail;
            continue;
        }
        sobj = PyLong_FromSsize_t(s);
        if (sobj == NULL) {
            Py_DECREF(rec);
            goto fail;
        }
        won = PySequence_Contains(winners, sobj);
        Py_DECREF(sobj);
        if (won != 0) {
            Py_DECREF(rec);
            if (won < 0) goto fail;
            continue;
        }
        /* the claim window has just read this hand's facts: its memo, else completes() */
        value = completes_rec(flow, rec, tile, k);
        if (value == NULL || SA(rec, s_missed_win, value) < 0) {
            Py_XDECREF(value);
            Py_DECREF(rec);
            goto fail;
        }
        Py_DECREF(value);
        Py_DECREF(rec);
    }
    Py_DECREF(seats);
    Py_DECREF(flow);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(seats);
    Py_XDECREF(flow);
    return NULL;
}

/* ------------------------------------------------------------------ act_actions */

static PyObject *call_pure_act(PyObject *deal, PyObject *seat) {
    PyObject *fn = helper(s_pure_act_actions);
    if (fn == NULL) return NULL;
    return PyObject_CallFunctionObjArgs(fn, deal, seat, NULL);
}

static int default_complete(PyObject *flow) {
    /* type(flow).is_complete is DealFlow.is_complete */
    PyObject *m = GA((PyObject *)Py_TYPE(flow), s_is_complete);
    int same;
    if (m == NULL) return -1;
    same = m == FLOW_COMPLETE;
    Py_DECREF(m);
    return same;
}

static PyObject *red_discards_of(PyObject *deal, Py_ssize_t seat, PyObject *seat_obj, PyObject *rec,
                                 PyObject *actions) {
    /* legal.red_discards: a five of which the seat holds the red one may go as the red five
       or, while it holds a plain one too, as a plain five (EMA-TILE-2); new list */
    PyObject *reds = NULL, *held = NULL, *c = NULL, *out = NULL;
    Py_ssize_t i, n;
    reds = seat_item(deal, s_red_seats, seat);
    if (reds == NULL) goto fail;
    held = GA(reds, s_held);
    if (held == NULL) goto fail;
    c = GA(rec, s_counts);
    if (c == NULL) goto fail;
    if (!PyList_Check(actions) || !PyList_Check(c) || PyList_GET_SIZE(c) != NUM_KINDS) {
        PyErr_SetString(PyExc_TypeError, "red_discards: a list of actions and 34 counts");
        goto fail;
    }
    n = PyList_GET_SIZE(actions);
    out = PyList_New(0);
    if (out == NULL) goto fail;
    for (i = 0; i < n; i++) {
        PyObject *a = PyList_GET_ITEM(actions, i), *tile = NULL, *alt = NULL;
        long k, have;
        int is_d, in_reds, plain;
        is_d = PyObject_IsInstance(a, DISCARD_CLS);
        if (is_d < 0) goto fail;
        if (is_d) {
            tile = GA(a, s_tile);
            if (tile == NULL) goto fail;
            in_reds = PySequence_Contains(held, tile);
            if (in_reds < 0) {
                Py_DECREF(tile);
                goto fail;
            }
            if (!in_reds) Py_CLEAR(tile);
        }
        if (tile == NULL) {
            if (PyList_Append(out, a) < 0) goto fail;
            continue;
        }
        k = PyLong_AsLong(tile);
        if (k < 0 || k >= NUM_KINDS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "red_discards: not a kind");
            Py_DECREF(tile);
            goto fail;
        }
        have = PyLong_AsLong(PyList_GET_ITEM(c, k));
        if (have == -1 && PyErr_Occurred()) {
            Py_DECREF(tile);
            goto fail;
        }
        if (have > 1 && PyList_Append(out, a) < 0) {
            Py_DECREF(tile);
            goto fail;
        }
        plain = seat < MAX_SEATS && a == PyTuple_GET_ITEM(PyTuple_GET_ITEM(DISCARD, seat), k);
        if (plain && red_discard[seat][k] != NULL) {
            alt = Py_NewRef(red_discard[seat][k]);
        } else {
            PyObject *ri = GA(a, s_riichi), *pos, *kw;
            if (ri == NULL) {
                Py_DECREF(tile);
                goto fail;
            }
            pos = PyTuple_Pack(3, seat_obj, tile, ri);
            kw = pos ? Py_BuildValue("{OO}", s_red, Py_True) : NULL;
            alt = kw ? PyObject_Call(DISCARD_CLS, pos, kw) : NULL;
            Py_DECREF(ri);
            Py_XDECREF(pos);
            Py_XDECREF(kw);
            if (alt != NULL && plain) red_discard[seat][k] = Py_NewRef(alt);
        }
        Py_DECREF(tile);
        if (alt == NULL) goto fail;
        if (PyList_Append(out, alt) < 0) {
            Py_DECREF(alt);
            goto fail;
        }
        Py_DECREF(alt);
    }
    Py_DECREF(reds);
    Py_DECREF(held);
    Py_DECREF(c);
    return out;
fail:
    Py_XDECREF(reds);
    Py_XDECREF(held);
    Py_XDECREF(c);
    Py_XDECREF(out);
    return NULL;
}

static long live_count(PyObject *deal) {
    /* deal.live_count: read from the wall when deal and wall are the engine's own (the
       property's value, without two Python calls), else asked; -1 with an error */
    if (DEAL_TYPE != NULL && (PyObject *)Py_TYPE(deal) == DEAL_TYPE) {
        PyObject *w = GA(deal, s_wall);
        long head, tail;
        if (w == NULL) return -1;
        if ((PyObject *)Py_TYPE(w) == WALL_TYPE) {
            head = int_attr(w, s_head);
            tail = head == -1 && PyErr_Occurred() ? -1 : int_attr(w, s_tail);
            Py_DECREF(w);
            if (tail == -1 && PyErr_Occurred()) return -1;
            return tail - head;
        }
        Py_DECREF(w);
    }
    return int_attr(deal, s_live_count);
}

PyDoc_STRVAR(act_actions_doc, "act_actions(deal, seat) -> list: as legal.act_actions.");

static PyObject *act_actions(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *deal, *seat_obj, *drawn = NULL, *flow = NULL, *rec = NULL, *c = NULL, *melds = NULL;
    PyObject *out = NULL, *sh = NULL, *names = NULL, *table = NULL;
    unsigned char cnt[NUM_KINDS];
    Py_ssize_t seat, nmelds, i;
    long dk = -1, live, dead;
    int riichi, four = 0, added = 0, dflt;
    (void)self;
    if (!ready()) return NULL;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "act_actions(deal, seat)");
        return NULL;
    }
    deal = args[0];
    seat_obj = args[1];
    seat = PyLong_AsSsize_t(seat_obj);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (seat < 0 || seat >= PyTuple_GET_SIZE(WIN)) return call_pure_act(deal, seat_obj);
    drawn = GA(deal, s_drawn);
    if (drawn == NULL) return NULL;
    if (drawn != Py_None) {
        dk = PyLong_AsLong(drawn);
        if (dk == -1 && PyErr_Occurred()) goto done;
        if (dk < 0 || dk >= NUM_KINDS) { /* a bonus tile drawn under riichi: the pure path */
            Py_DECREF(drawn);
            return call_pure_act(deal, seat_obj);
        }
    }
    {
        PyObject *r = seat_item(deal, s_riichi_seats, seat);
        if (r == NULL) goto done;
        riichi = attr_true(r, s_standing);
        Py_DECREF(r);
        if (riichi < 0) goto done;
    }
    rec = seat_item(deal, s_seats, seat);
    if (rec == NULL) goto done;
    c = GA(rec, s_counts);
    if (c == NULL) goto done;
    if (!PyList_CheckExact(c) || PyList_GET_SIZE(c) != NUM_KINDS) goto pure;
    for (i = 0; i < NUM_KINDS; i++) {
        PyObject *v = PyList_GET_ITEM(c, i);
        long x;
        int overflow;
        if (!PyLong_CheckExact(v)) goto pure;
        x = PyLong_AsLongAndOverflow(v, &overflow); /* no error left set for the pure path */
        if (overflow || x < 0 || x > COPIES) goto pure;
        cnt[i] = (unsigned char)x;
        if (x == COPIES) four = 1;
    }
    melds = melds_len(rec, &nmelds);
    if (melds == NULL) goto done;
    if (drawn != Py_None && !riichi && nmelds) {
        for (i = 0; i < nmelds && !added; i++) {
            PyObject *m = PySequence_GetItem(melds, i), *kind;
            if (m == NULL) goto done;
            kind = GA(m, s_kind);
            Py_DECREF(m);
            if (kind == NULL) goto done;
            added = kind == PUNG_KIND;
            Py_DECREF(kind);
        }
    }
    live = live_count(deal);
    if (live == -1 && PyErr_Occurred()) goto done;
    if (four || added) {
        dead = int_attr(deal, s_dead_count);
        if (dead == -1 && PyErr_Occurred()) goto done;
        if (dead + live > 0) goto pure; /* kong candidates: the pure path */
    }
    flow = GA(deal, s_flow);
    if (flow == NULL) goto done;
    dflt = default_complete(flow);
    if (dflt < 0) goto done;
    out = PyList_New(0);
    if (out == NULL) goto done;
    if (dflt) {
        PyObject *fn = helper(s_shanten_all), *nm;
        if (fn == NULL) goto done;
        nm = PyLong_FromSsize_t(nmelds);
        if (nm == NULL) goto done;
        sh = PyObject_CallFunctionObjArgs(fn, c, nm, NULL);
        Py_DECREF(nm);
        if (sh == NULL) goto done;
    }
    if (drawn != Py_None) {
        int may_win = 1;
        if (sh != NULL) {
            long v = PyLong_AsLong(sh);
            if (v == -1 && PyErr_Occurred()) goto done;
            may_win = v < 0;
        }
        if (may_win) {
            PyObject *fn = helper(s_win_value), *pos, *kw, *got;
            int t;
            if (fn == NULL) goto done;
            pos = PyTuple_Pack(3, deal, seat_obj, drawn);
            kw = pos ? Py_BuildValue("{OO}", s_self_drawn, Py_True) : NULL;
            got = kw ? PyObject_Call(fn, pos, kw) : NULL;
            Py_XDECREF(pos);
            Py_XDECREF(kw);
            if (got == NULL) goto done;
            t = PyObject_IsTrue(got);
            Py_DECREF(got);
            if (t < 0) goto done;
            if (t && PyList_Append(out, PyTuple_GET_ITEM(WIN, seat)) < 0) goto done;
        }
    }
    /* no kong candidate here (four copies or an added kong went to the pure path, or no
       replacement tile is left) */
    names = PyObject_CallMethodObjArgs(flow, s_declarations, deal, seat_obj, NULL);
    if (names == NULL) goto done;
    {
        int t = PyObject_IsTrue(names);
        if (t < 0) goto done;
        if (t) {
            PyObject *it = PyObject_GetIter(names), *name;
            if (it == NULL) goto done;
            while ((name = PyIter_Next(it)) != NULL) {
                PyObject *a = PyObject_CallFunctionObjArgs(DECLARE, seat_obj, name, NULL);
                Py_DECREF(name);
                if (a == NULL || PyList_Append(out, a) < 0) {
                    Py_XDECREF(a);
                    Py_DECREF(it);
                    goto done;
                }
                Py_DECREF(a);
            }
            Py_DECREF(it);
            if (PyErr_Occurred()) goto done;
        }
    }
    if (drawn != Py_None && live == 0) {
        int last;
        table = GA(flow, s_table);
        if (table == NULL) goto done;
        last = attr_true(table, s_last_drawer_discards);
        if (last < 0) goto done;
        if (!last) { /* FIMJ-END-4, RAV-END-1 */
            PyObject *a = PyObject_CallFunctionObjArgs(NO_DISCARD, seat_obj, NULL);
            if (a == NULL || PyList_Append(out, a) < 0) {
                Py_XDECREF(a);
                goto done;
            }
            Py_DECREF(a);
            goto ok;
        }
    }
    if (riichi) {
        if (drawn != Py_None) {
            PyObject *red = GA(deal, s_drawn_red), *pos, *kw, *a;
            if (red == NULL) goto done;
            pos = PyTuple_Pack(2, seat_obj, drawn);
            kw = pos ? Py_BuildValue("{OO}", s_red, red) : NULL;
            a = kw ? PyObject_Call(DISCARD_CLS, pos, kw) : NULL;
            Py_DECREF(red);
            Py_XDECREF(pos);
            Py_XDECREF(kw);
            if (a == NULL || PyList_Append(out, a) < 0) {
                Py_XDECREF(a);
                goto done;
            }
            Py_DECREF(a);
        }
        goto ok;
    }
    {
        PyObject *row = PyTuple_GET_ITEM(DISCARD, seat);
        for (i = 0; i < NUM_KINDS; i++)
            if (cnt[i] && PyList_Append(out, PyTuple_GET_ITEM(row, i)) < 0) goto done;
    }
    {
        int may_riichi = 1;
        if (sh != NULL) {
            long v = PyLong_AsLong(sh);
            if (v == -1 && PyErr_Occurred()) goto done;
            may_riichi = v <= 0;
        }
        if (may_riichi) { /* a hand farther than one tile from ready cannot declare riichi */
            PyObject *fn = helper(s_riichi_discards), *kinds, *got, *it, *kind;
            if (fn == NULL) goto done;
            kinds = PyList_New(0);
            if (kinds == NULL) goto done;
            for (i = 0; i < NUM_KINDS; i++)
                if (cnt[i] && PyList_Append(kinds, PyTuple_GET_ITEM(TILES, i)) < 0) {
                    Py_DECREF(kinds);
                    goto done;
                }
            got = PyObject_CallFunctionObjArgs(fn, deal, seat_obj, kinds, sh ? sh : Py_None, NULL);
            Py_DECREF(kinds);
            if (got == NULL) goto done;
            it = PyObject_GetIter(got);
            Py_DECREF(got);
            if (it == NULL) goto done;
            while ((kind = PyIter_Next(it)) != NULL) {
                PyObject *pos = PyTuple_Pack(2, seat_obj, kind), *kw, *a;
                Py_DECREF(kind);
                kw = pos ? Py_BuildValue("{OO}", s_riichi, Py_True) : NULL;
                a = kw ? PyObject_Call(DISCARD_CLS, pos, kw) : NULL;
                Py_XDECREF(pos);
                Py_XDECREF(kw);
                if (a == NULL || PyList_Append(out, a) < 0) {
                    Py_XDECREF(a);
                    Py_DECREF(it);
                    goto done;
                }
                Py_DECREF(a);
            }
            Py_DECREF(it);
            if (PyErr_Occurred()) goto done;
        }
    }
    {
        PyObject *reds = seat_item(deal, s_red_seats, seat);
        int t;
        if (reds == NULL) goto done;
        t = attr_true(reds, s_held);
        Py_DECREF(reds);
        if (t < 0) goto done;
        if (t) {
            PyObject *got = red_discards_of(deal, seat, seat_obj, rec, out);
            if (got == NULL) goto done;
            Py_SETREF(out, got);
        }
    }
ok:
    Py_XDECREF(drawn);
    Py_XDECREF(flow);
    Py_XDECREF(rec);
    Py_XDECREF(c);
    Py_XDECREF(melds);
    Py_XDECREF(sh);
    Py_XDECREF(names);
    Py_XDECREF(table);
    return out;
pure:
    Py_XDECREF(drawn);
    Py_XDECREF(flow);
    Py_XDECREF(rec);
    Py_XDECREF(c);
    Py_XDECREF(melds);
    Py_XDECREF(out);
    Py_XDECREF(sh);
    return call_pure_act(deal, seat_obj);
done:
    Py_XDECREF(drawn);
    Py_XDECREF(flow);
    Py_XDECREF(rec);
    Py_XDECREF(c);
    Py_XDECREF(melds);
    Py_XDECREF(out);
    Py_XDECREF(sh);
    Py_XDECREF(names);
    Py_XDECREF(table);
    return NULL;
}

/* ------------------------------------------------------------------ the turn: apply */

/* state.py's objects (setup_state) */
static PyObject *sns = NULL;          /* state.py's globals */
static PyObject *PH_ACT = NULL, *PH_CLAIM = NULL;
static PyObject *TRANS = NULL;        /* TRANSITIONS */
static PyObject *ACTED = NULL, *DREW = NULL, *DREW_CACHE = NULL, *DEAL_RESULT = NULL;
static PyObject *PASS_CLS = NULL;
static PyObject *NO_WINNERS = NULL;   /* () */

static PyObject *s_phase_, *s_turn, *s_legal_, *s_late, *s_events, *s_tile, *s_seat,
    *s_riichi_pending, *s_double, *s_discards, *s_calls_made, *s_kongs_made, *s_discarded,
    *s_claim_red, *s_claimed, *s_discard_log, *s_from_draw, *s_pending_indicators,
    *s_check_void, *s_end_,
    *s_claim_tile, *s_options, *s_answers, *s_miss_any_completion, *s_robbing_concealed,
    *s_close_window_, *s_void_unclaimed, *s_late_claims, *s_live,
    *s_red_live, *s_draw_, *s_replacement, *s_drew_replacement, *s_reveal_, *s_layout,
    *s_first_indicator, *s_indicators, *s_add, *s_discard, *s_discard_, *s_goto_, *s_exhausted;

static int set_attr(PyObject *obj, PyObject *name, PyObject *value) {
    return SA(obj, name, value);
}

static int set_long(PyObject *obj, PyObject *name, long v) {
    PyObject *x = PyLong_FromLong(v);
    int r;
    if (x == NULL) return -1;
    r = SA(obj, name, x);
    Py_DECREF(x);
    return r;
}

static int goto_phase(PyObject *deal, PyObject *phase) {
    /* DealState._goto: the checked transition (the Python method raises the error) */
    PyObject *cur = GA(deal, s_phase_), *allowed;
    int ok;
    if (cur == NULL) return -1;
    allowed = PyDict_GetItemWithError(TRANS, cur);
    Py_DECREF(cur);
    if (allowed == NULL) {
        if (PyErr_Occurred()) return -1;
        ok = 0;
    } else {
        ok = PySequence_Contains(allowed, phase);
        if (ok < 0) return -1;
    }
    if (!ok) {
        PyObject *r = PyObject_CallMethodOneArg(deal, s_goto_, phase);
        if (r == NULL) return -1;
        Py_DECREF(r);
    }
    return set_attr(deal, s_phase_, phase);
}

static int end_deal(PyObject *deal, PyObject *reason) {
    /* self._end(DealResult(reason)) */
    PyObject *res = PyObject_CallOneArg(DEAL_RESULT, reason), *r;
    if (res == NULL) return -1;
    r = PyObject_CallMethodOneArg(deal, s_end_, res);
    Py_DECREF(res);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

static Py_ssize_t append_attr(PyObject *obj, PyObject *name, PyObject *item, const char *what) {
    /* obj.<name>.append(item), the list's new length (-1: an error, naming ``what``) */
    PyObject *list = GA(obj, name);
    Py_ssize_t n = -1;
    if (list == NULL) return -1;
    if (PyList_Check(list) && PyList_Append(list, item) == 0) n = PyList_GET_SIZE(list);
    if (n < 0 && !PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s must be a list", what);
    Py_DECREF(list);
    return n;
}

static int emit(PyObject *deal, PyObject *event) {
    return append_attr(deal, s_events, event, "deal.events") < 0 ? -1 : 0;
}

static int add_count(PyObject *rec, long k, long delta) {
    /* rec.counts[k] += delta */
    PyObject *c = GA(rec, s_counts), *v, *nv;
    long x;
    if (c == NULL) return -1;
    if (!PyList_Check(c) || PyList_GET_SIZE(c) != NUM_KINDS) {
        Py_DECREF(c);
        PyErr_SetString(PyExc_ValueError, "concealed counts must be a list of 34 ints");
        return -1;
    }
    v = PyList_GET_ITEM(c, k);
    x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) {
        Py_DECREF(c);
        return -1;
    }
    nv = PyLong_FromLong(x + delta);
    if (nv == NULL) {
        Py_DECREF(c);
        return -1;
    }
    PyList_SetItem(c, k, nv);
    Py_DECREF(c);
    return 0;
}

static int draw_live(PyObject *deal, PyObject *seats, Py_ssize_t seat) {
    /* DealState._draw(seat, replacement=False) of a playing tile (the caller checked) */
    PyObject *w = NULL, *live = NULL, *tile = NULL, *red_live = NULL, *red = Py_False, *key = NULL;
    PyObject *drew, *sobj = NULL, *rec = NULL;
    long head;
    int rc = -1, t;
    w = GA(deal, s_wall);
    if (w == NULL) goto done;
    head = int_attr(w, s_head);
    if (head == -1 && PyErr_Occurred()) goto done;
    live = GA(w, s_live);
    if (live == NULL) goto done;
    tile = PySequence_GetItem(live, head);
    if (tile == NULL) goto done;
    if (set_long(w, s_head, head + 1) < 0) goto done;
    red_live = GA(w, s_red_live);
    if (red_live == NULL) goto done;
    t = PyObject_IsTrue(red_live);
    if (t < 0) goto done;
    if (t) {
        PyObject *pos = PyLong_FromLong(head); /* w.head - 1 after the draw */
        if (pos == NULL) goto done;
        t = PySequence_Contains(red_live, pos);
        Py_DECREF(pos);
        if (t < 0) goto done;
        red = t ? Py_True : Py_False;
    }
    sobj = PyLong_FromSsize_t(seat);
    if (sobj == NULL) goto done;
    key = PyTuple_Pack(4, sobj, tile, Py_False, red);
    if (key == NULL) goto done;
    drew = PyDict_GetItemWithError(DREW_CACHE, key);
    if (drew == NULL) {
        if (PyErr_Occurred()) goto done;
        drew = PyObject_CallFunctionObjArgs(DREW, sobj, tile, Py_False, red, NULL);
        if (drew == NULL) goto done;
        if (PyDict_SetItem(DREW_CACHE, key, drew) < 0) {
            Py_DECREF(drew);
            goto done;
        }
        Py_DECREF(drew); /* the cache holds it */
    }
    if (emit(deal, drew) < 0) goto done;
    {
        long k = PyLong_AsLong(tile);
        if (k == -1 && PyErr_Occurred()) goto done;
        rec = PySequence_GetItem(seats, seat);
        if (rec == NULL) goto done;
        if (add_count(rec, k, 1) < 0) goto done;
    }
    if (red == Py_True) {
        PyObject *reds = seat_item(deal, s_red_seats, seat), *held, *r;
        if (reds == NULL) goto done;
        held = GA(reds, s_held);
        Py_DECREF(reds);
        if (held == NULL) goto done;
        r = PyObject_CallMethodOneArg(held, s_add, tile);
        Py_DECREF(held);
        if (r == NULL) goto done;
        Py_DECREF(r);
    }
    if (set_attr(deal, s_turn, sobj) < 0 || set_attr(deal, s_drawn, tile) < 0 ||
        set_attr(deal, s_drawn_red, red) < 0 || set_attr(deal, s_drew_replacement, Py_False) < 0)
        goto done;
    if (goto_phase(deal, PH_ACT) < 0) goto done;
    if (set_attr(deal, s_legal_, Py_None) < 0) goto done;
    rc = 0;
done:
    Py_XDECREF(w);
    Py_XDECREF(live);
    Py_XDECREF(tile);
    Py_XDECREF(red_live);
    Py_XDECREF(key);
    Py_XDECREF(sobj);
    Py_XDECREF(rec);
    return rc;
}

static int next_turn(PyObject *deal, PyObject *seats, Py_ssize_t after, Py_ssize_t n) {
    /* DealState._next_turn(after) */
    Py_ssize_t seat = after, i;
    long head, tail;
    PyObject *w, *live, *next;
    for (i = 0; i < n; i++) {
        PyObject *rec, *status;
        seat = (seat + 1) % n;
        rec = PySequence_GetItem(seats, seat);
        if (rec == NULL) return -1;
        status = GA(rec, s_status);
        Py_DECREF(rec);
        if (status == NULL) return -1;
        Py_DECREF(status);
        if (status != OUT) break;
    }
    w = GA(deal, s_wall);
    if (w == NULL) return -1;
    head = int_attr(w, s_head);
    tail = head == -1 && PyErr_Occurred() ? -1 : int_attr(w, s_tail);
    if (tail == -1 && PyErr_Occurred()) {
        Py_DECREF(w);
        return -1;
    }
    if (tail - head == 0) {
        Py_DECREF(w);
        return end_deal(deal, s_exhausted);
    }
    live = GA(w, s_live);
    Py_DECREF(w);
    if (live == NULL) return -1;
    next = head < tail ? PySequence_GetItem(live, head) : NULL;
    Py_DECREF(live);
    if (next == NULL && head < tail) return -1;
    {
        long k = next ? PyLong_AsLong(next) : -1;
        Py_XDECREF(next);
        if (k == -1 && PyErr_Occurred()) return -1;
        if (k < 0 || k >= NUM_KINDS) { /* a bonus tile (or an empty wall): the Python draw */
            PyObject *sobj = PyLong_FromSsize_t(seat), *pos, *kw, *fn, *r;
            if (sobj == NULL) return -1;
            pos = PyTuple_Pack(1, sobj);
            Py_DECREF(sobj);
            kw = pos ? Py_BuildValue("{OO}", s_replacement, Py_False) : NULL;
            fn = kw ? GA(deal, s_draw_) : NULL;
            r = fn ? PyObject_Call(fn, pos, kw) : NULL;
            Py_XDECREF(pos);
            Py_XDECREF(kw);
            Py_XDECREF(fn);
            if (r == NULL) return -1;
            Py_DECREF(r);
            return 0;
        }
    }
    return draw_live(deal, seats, seat);
}

static int close_quiet(PyObject *deal, PyObject *seats, PyObject *flow, PyObject *tile, long k,
                       Py_ssize_t discarder, Py_ssize_t n) {
    /* DealState._close_window of a window nobody could answer, no riichi discard, no kong
       robbed (the caller checked): the furiten marks, void_unclaimed, the next turn and the
       late claim's record */
    PyObject *table = NULL, *reason = NULL, *red = NULL, *drawn = NULL, *phase = NULL;
    int rc = -1, t, late;
    table = GA(flow, s_table);
    if (table == NULL) goto done;
    t = attr_true(table, s_miss_any_completion);
    if (t < 0) goto done;
    if (t) {
        int rob = attr_true(deal, s_robbing_concealed);
        if (rob < 0) goto done;
        if (!rob) { /* any completing tile, yaku or not (EMA-FURI-3) */
            PyObject *d = PyLong_FromSsize_t(discarder), *args[4], *r;
            if (d == NULL) goto done;
            args[0] = deal;
            args[1] = tile;
            args[2] = d;
            args[3] = NO_WINNERS;
            r = mark_missed(NULL, args, 4);
            Py_DECREF(d);
            if (r == NULL) goto done;
            Py_DECREF(r);
        }
    }
    reason = PyObject_CallMethodOneArg(flow, s_void_unclaimed, deal); /* e.g. four kongs */
    if (reason == NULL) goto done;
    if (reason != Py_None) {
        rc = end_deal(deal, reason);
        goto done;
    }
    late = attr_true(table, s_late_claims); /* no riichi was declared (the caller checked) */
    if (late < 0) goto done;
    late = late && k < NUM_KINDS;
    red = GA(deal, s_claim_red);
    if (red == NULL) goto done;
    if (next_turn(deal, seats, discarder, n) < 0) goto done;
    if (late) {
        int plain;
        drawn = GA(deal, s_drawn);
        if (drawn == NULL) goto done;
        phase = GA(deal, s_phase_);
        if (phase == NULL) goto done;
        plain = drawn != Py_None;
        if (plain) {
            long dk = PyLong_AsLong(drawn);
            if (dk == -1 && PyErr_Occurred()) goto done;
            plain = dk < NUM_KINDS;
        }
        if (plain) {
            int rep = attr_true(deal, s_drew_replacement);
            if (rep < 0) goto done;
            plain = !rep;
        }
        if (phase == PH_ACT && plain) { /* FIMJ-GAP-16 */
            PyObject *d = PyLong_FromSsize_t(discarder), *rec;
            if (d == NULL) goto done;
            rec = PyTuple_Pack(3, d, tile, red);
            Py_DECREF(d);
            if (rec == NULL) goto done;
            t = set_attr(deal, s_late, rec);
            Py_DECREF(rec);
            if (t < 0) goto done;
        }
    }
    rc = 0;
done:
    Py_XDECREF(table);
    Py_XDECREF(reason);
    Py_XDECREF(red);
    Py_XDECREF(drawn);
    Py_XDECREF(phase);
    return rc;
}

static int close_passed(PyObject *deal) {
    /* DealState._close_window of a window every seat passed, no riichi discard pending, no
       kong robbed: arbitrate() decides nothing (no winner, no call); the seats that passed a
       win are marked, then as close_quiet. 1 done, 0 not this case (nothing changed), -1 error */
    PyObject *options = NULL, *answers = NULL, *pending = NULL, *seats = NULL, *flow = NULL;
    PyObject *tile = NULL, *key, *value, *empty1 = NULL, *empty2 = NULL;
    Py_ssize_t pos = 0, n, discarder;
    long k;
    int rc = -1, t;
    answers = GA(deal, s_answers);
    if (answers == NULL) goto done;
    options = GA(deal, s_options);
    if (options == NULL) goto done;
    if (!PyDict_Check(answers) || !PyDict_Check(options)) {
        rc = 0;
        goto done;
    }
    while (PyDict_Next(answers, &pos, &key, &value))
        if (Py_TYPE(value) != (PyTypeObject *)PASS_CLS) {
            rc = 0;
            goto done;
        }
    pending = GA(deal, s_riichi_pending);
    if (pending == NULL) goto done;
    t = attr_true(deal, s_robbing);
    if (t < 0) goto done;
    if (pending != Py_None || t) {
        rc = 0;
        goto done;
    }
    tile = GA(deal, s_claim_tile);
    if (tile == NULL) goto done;
    k = PyLong_AsLong(tile);
    if (k == -1 && PyErr_Occurred()) goto done;
    discarder = int_attr(deal, s_claim_from);
    if (discarder == -1 && PyErr_Occurred()) goto done;
    n = int_attr(deal, s_players);
    if (n == -1 && PyErr_Occurred()) goto done;
    seats = GA(deal, s_seats);
    if (seats == NULL) goto done;
    pos = 0;
    while (PyDict_Next(options, &pos, &key, &value)) { /* passed (or lost) a win: furiten input */
        Py_ssize_t s = PyLong_AsSsize_t(key);
        PyObject *rec;
        if (s == -1 && PyErr_Occurred()) goto done;
        if (s < 0 || s >= PyTuple_GET_SIZE(WIN)) {
            PyErr_SetString(PyExc_ValueError, "a claim window's seat is out of range");
            goto done;
        }
        t = PySequence_Contains(value, PyTuple_GET_ITEM(WIN, s));
        if (t < 0) goto done;
        if (!t) continue;
        rec = PySequence_GetItem(seats, s);
        if (rec == NULL) goto done;
        t = set_attr(rec, s_missed_win, Py_True);
        Py_DECREF(rec);
        if (t < 0) goto done;
    }
    empty1 = PyDict_New();
    empty2 = empty1 ? PyDict_New() : NULL;
    if (empty2 == NULL) goto done;
    if (set_attr(deal, s_options, empty1) < 0 || set_attr(deal, s_answers, empty2) < 0) goto done;
    flow = GA(deal, s_flow);
    if (flow == NULL) goto done;
    if (close_quiet(deal, seats, flow, tile, k, discarder, n) < 0) goto done;
    rc = 1;
done:
    Py_XDECREF(options);
    Py_XDECREF(answers);
    Py_XDECREF(pending);
    Py_XDECREF(seats);
    Py_XDECREF(flow);
    Py_XDECREF(tile);
    Py_XDECREF(empty1);
    Py_XDECREF(empty2);
    return rc;
}

static int do_discard(PyObject *deal, PyObject *action, Py_ssize_t seat) {
    /* DealState._discard(seat, tile, riichi=..., red=...) and the window it opens */
    PyObject *tile = NULL, *riichi_o = NULL, *red_o = NULL, *seats = NULL, *rec = NULL;
    PyObject *discards = NULL, *flow = NULL, *reason = NULL, *sobj = NULL, *opts = NULL;
    PyObject *rseat = NULL, *empty = NULL;
    Py_ssize_t n, ndis;
    long k;
    int rc = -1, riichi, red, t;
    tile = GA(action, s_tile);
    if (tile == NULL) goto done;
    k = PyLong_AsLong(tile);
    if (k == -1 && PyErr_Occurred()) goto done;
    riichi_o = GA(action, s_riichi);
    if (riichi_o == NULL) goto done;
    riichi = PyObject_IsTrue(riichi_o);
    if (riichi < 0) goto done;
    red_o = GA(action, s_red);
    if (red_o == NULL) goto done;
    red = PyObject_IsTrue(red_o);
    if (red < 0) goto done;
    n = int_attr(deal, s_players);
    if (n == -1 && PyErr_Occurred()) goto done;
    seats = GA(deal, s_seats);
    if (seats == NULL) goto done;
    rec = PySequence_GetItem(seats, seat);
    if (rec == NULL) goto done;
    discards = GA(rec, s_discards);
    if (discards == NULL) goto done;
    ndis = PyObject_Length(discards);
    if (ndis < 0) goto done;
    sobj = PyLong_FromSsize_t(seat);
    if (sobj == NULL) goto done;
    rseat = seat_item(deal, s_riichi_seats, seat);
    if (rseat == NULL) goto done;
    if (riichi) {
        long calls = int_attr(deal, s_calls_made), kongs;
        if (calls == -1 && PyErr_Occurred()) goto done;
        kongs = int_attr(deal, s_kongs_made);
        if (kongs == -1 && PyErr_Occurred()) goto done;
        if (set_attr(deal, s_riichi_pending, sobj) < 0) goto done;
        if (set_attr(rseat, s_double, (!ndis && calls == 0 && kongs == 0) ? Py_True : Py_False) < 0)
            goto done;
    }
    if (k < NUM_KINDS && add_count(rec, k, -1) < 0) goto done;
    if (red) {
        PyObject *reds = seat_item(deal, s_red_seats, seat), *held = NULL, *dis = NULL, *r = NULL, *pos;
        if (reds == NULL) goto done;
        held = GA(reds, s_held);
        if (held != NULL) r = PyObject_CallMethodOneArg(held, s_discard, tile);
        if (r != NULL) {
            Py_DECREF(r);
            r = NULL;
            dis = GA(reds, s_discarded);
            pos = dis ? PyLong_FromSsize_t(ndis) : NULL;
            if (pos != NULL) {
                r = PyObject_CallMethodOneArg(dis, s_add, pos);
                Py_DECREF(pos);
            }
        }
        Py_XDECREF(held);
        Py_XDECREF(dis);
        Py_DECREF(reds);
        if (r == NULL) goto done;
        Py_DECREF(r);
    }
    if (set_attr(deal, s_claim_red, red ? Py_True : Py_False) < 0) goto done;
    if (PyList_Check(discards)) {
        if (PyList_Append(discards, tile) < 0) goto done;
    } else {
        PyErr_SetString(PyExc_TypeError, "a seat's discards must be a list");
        goto done;
    }
    { /* the discard unclaimed yet, in the deal's log, and there marked if it was the tile
         just drawn (tsumogiri) */
        PyObject *pair, *drawn, *pos;
        Py_ssize_t logged;
        long dk;
        if (append_attr(rec, s_claimed, Py_False, "claimed") < 0) goto done;
        pair = PyTuple_Pack(2, sobj, tile);
        if (pair == NULL) goto done;
        logged = append_attr(deal, s_discard_log, pair, "discard_log");
        Py_DECREF(pair);
        if (logged < 0) goto done;
        drawn = GA(deal, s_drawn);
        if (drawn == NULL) goto done;
        dk = drawn == Py_None ? -1 : PyLong_AsLong(drawn);
        Py_DECREF(drawn);
        if (dk == -1 && PyErr_Occurred()) goto done;
        if (dk == k) {
            pos = PyLong_FromSsize_t(logged - 1);
            if (pos == NULL) goto done;
            t = append_attr(deal, s_from_draw, pos, "from_draw") < 0 ? -1 : 0;
            Py_DECREF(pos);
            if (t < 0) goto done;
        }
    }
    if (set_attr(deal, s_drawn, Py_None) < 0) goto done;
    for (;;) { /* an open kong's indicator, after the discard */
        long pend = int_attr(deal, s_pending_indicators), first, nind;
        PyObject *lay, *fi, *ind, *pos, *r;
        if (pend == -1 && PyErr_Occurred()) goto done;
        if (!pend) break;
        if (set_long(deal, s_pending_indicators, pend - 1) < 0) goto done;
        lay = GA(deal, s_layout);
        if (lay == NULL) goto done;
        fi = GA(lay, s_first_indicator);
        Py_DECREF(lay);
        if (fi == NULL) goto done;
        first = fi == Py_None ? 0 : PyLong_AsLong(fi);
        Py_DECREF(fi);
        if (first == -1 && PyErr_Occurred()) goto done;
        ind = GA(deal, s_indicators);
        if (ind == NULL) goto done;
        nind = PyObject_Length(ind);
        Py_DECREF(ind);
        if (nind < 0) goto done;
        pos = PyLong_FromLong(first + 2 * nind);
        if (pos == NULL) goto done;
        r = PyObject_CallMethodOneArg(deal, s_reveal_, pos);
        Py_DECREF(pos);
        if (r == NULL) goto done;
        Py_DECREF(r);
    }
    t = attr_true(rseat, s_standing);
    if (t < 0) goto done;
    if (!t && set_attr(rec, s_missed_win, Py_False) < 0) goto done; /* temporary furiten ends */
    flow = GA(deal, s_flow);
    if (flow == NULL) goto done;
    reason = PyObject_CallMethodOneArg(flow, s_check_void, deal);
    if (reason == NULL) goto done;
    if (reason != Py_None) {
        rc = end_deal(deal, reason);
        goto done;
    }
    if (set_attr(deal, s_claim_tile, tile) < 0 || set_attr(deal, s_claim_from, sobj) < 0 ||
        set_attr(deal, s_robbing, Py_False) < 0)
        goto done;
    /* _open_window(Phase.CLAIM) */
    if (k < NUM_KINDS) {
        PyObject *args[3];
        args[0] = deal;
        args[1] = tile;
        args[2] = Py_False;
        {
            PyObject *kw = PyTuple_Pack(1, s_robbing);
            if (kw == NULL) goto done;
            opts = claimants(NULL, args, 2, kw);
            Py_DECREF(kw);
        }
    } else {
        opts = PyDict_New();
    }
    if (opts == NULL) goto done;
    empty = PyDict_New();
    if (empty == NULL) goto done;
    if (set_attr(deal, s_options, opts) < 0 || set_attr(deal, s_answers, empty) < 0) goto done;
    t = PyObject_IsTrue(opts);
    if (t < 0) goto done;
    if (t) {
        rc = goto_phase(deal, PH_CLAIM);
        goto done;
    }
    {
        PyObject *pending = GA(deal, s_riichi_pending);
        int rob;
        if (pending == NULL) goto done;
        Py_DECREF(pending);
        rob = attr_true(deal, s_robbing);
        if (rob < 0) goto done;
        if (pending != Py_None || rob) { /* the riichi's acceptance: the Python close */
            PyObject *r = PyObject_CallMethodNoArgs(deal, s_close_window_);
            if (r == NULL) goto done;
            Py_DECREF(r);
            rc = 0;
            goto done;
        }
    }
    rc = close_quiet(deal, seats, flow, tile, k, seat, n);
done:
    Py_XDECREF(tile);
    Py_XDECREF(riichi_o);
    Py_XDECREF(red_o);
    Py_XDECREF(seats);
    Py_XDECREF(rec);
    Py_XDECREF(discards);
    Py_XDECREF(flow);
    Py_XDECREF(reason);
    Py_XDECREF(sobj);
    Py_XDECREF(opts);
    Py_XDECREF(rseat);
    Py_XDECREF(empty);
    return rc;
}

static unsigned int deal_version = 0; /* DealState's version tag when setup_state() ran */

static int deal_unmodified(PyObject *deal) {
    /* The steps below are DealState's own methods (_discard, _open_window, _close_window,
       _next_turn, _draw...) written out: they stand for them only on a DealState itself,
       whose class nobody has changed since setup_state() (a subclass overriding a step, a
       patched method, a type whose version tag is lost: the Python path) */
    PyTypeObject *tp = Py_TYPE(deal);
    return (PyObject *)tp == DEAL_TYPE && deal_version != 0 &&
           (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) && tp->tp_version_tag == deal_version;
}

PyDoc_STRVAR(apply_doc,
             "apply(deal, action) -> events or NotImplemented: DealState.apply of a legal plain\n"
             "discard by the seat in turn, or of a claim window's pass (NotImplemented: the\n"
             "Python path applies it, errors included).");

static PyObject *apply(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *deal, *action, *phase = NULL, *events = NULL, *out = NULL, *seat_o = NULL;
    PyTypeObject *kind;
    Py_ssize_t seat, start;
    int t;
    (void)self;
    if (sns == NULL || !ready()) {
        PyErr_SetString(PyExc_RuntimeError, "muraglia.engine._cdeal: setup_state() was not called");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "apply(deal, action)");
        return NULL;
    }
    deal = args[0];
    action = args[1];
    kind = Py_TYPE(action);
    if (kind != (PyTypeObject *)DISCARD_CLS && kind != (PyTypeObject *)PASS_CLS) Py_RETURN_NOTIMPLEMENTED;
    if (!deal_unmodified(deal)) Py_RETURN_NOTIMPLEMENTED; /* a subclass or a patched DealState */
    phase = GA(deal, s_phase_);
    if (phase == NULL) return NULL;
    Py_DECREF(phase); /* the Phase members live in the enum */
    seat_o = GA(action, s_seat);
    if (seat_o == NULL) return NULL;
    seat = PyLong_AsSsize_t(seat_o);
    if (seat == -1 && PyErr_Occurred()) goto fail;
    if (kind == (PyTypeObject *)DISCARD_CLS) {
        PyObject *turn, *offered;
        if (phase != PH_ACT) goto not_mine;
        turn = GA(deal, s_turn);
        if (turn == NULL) goto fail;
        t = PyObject_RichCompareBool(turn, seat_o, Py_EQ);
        Py_DECREF(turn);
        if (t < 0) goto fail;
        if (!t) goto not_mine;
        offered = GA(deal, s_legal_);
        if (offered == NULL) goto fail;
        if (offered == Py_None) {
            PyObject *a[2];
            Py_DECREF(offered);
            a[0] = deal;
            a[1] = seat_o;
            offered = act_actions(NULL, a, 2);
            if (offered == NULL) goto fail;
            if (set_attr(deal, s_legal_, offered) < 0) {
                Py_DECREF(offered);
                goto fail;
            }
        }
        t = PySequence_Contains(offered, action);
        Py_DECREF(offered);
        if (t < 0) goto fail;
        if (!t) goto not_mine; /* the Python path raises the error */
    } else {
        PyObject *answers, *options, *opts;
        if (phase != PH_CLAIM) goto not_mine;
        answers = GA(deal, s_answers);
        if (answers == NULL) goto fail;
        options = GA(deal, s_options);
        if (options == NULL) {
            Py_DECREF(answers);
            goto fail;
        }
        t = PyDict_Check(answers) && PyDict_Check(options);
        if (t) {
            t = PyDict_Contains(answers, seat_o);
            if (t == 0) {
                opts = PyDict_GetItemWithError(options, seat_o);
                t = opts == NULL ? (PyErr_Occurred() ? -1 : 0) : PySequence_Contains(opts, action);
            } else if (t > 0) {
                t = 0;
            }
        }
        Py_DECREF(answers);
        Py_DECREF(options);
        if (t < 0) goto fail;
        if (!t) goto not_mine;
    }
    events = GA(deal, s_events);
    if (events == NULL) goto fail;
    if (!PyList_Check(events)) goto not_mine;
    start = PyList_GET_SIZE(events);
    if (set_attr(deal, s_legal_, Py_None) < 0) goto fail;
    if (set_attr(deal, s_late, Py_None) < 0) goto fail; /* the next player acted (FIMJ-PLAY-8) */
    {
        /* Acted events of the interned plain discards and passes are interned too (immutable,
           equal by value, at most 4 x 35 of them) */
        PyObject **slot = NULL, *acted;
        if (seat >= 0 && seat < MAX_SEATS && seat < PyTuple_GET_SIZE(PASS_TABLE)) {
            if (kind == (PyTypeObject *)PASS_CLS) {
                if (action == PyTuple_GET_ITEM(PASS_TABLE, seat)) slot = &acted_pass[seat];
            } else {
                PyObject *tile = GA(action, s_tile);
                long k;
                if (tile == NULL) goto fail;
                k = PyLong_AsLong(tile);
                Py_DECREF(tile);
                if (k == -1 && PyErr_Occurred()) goto fail;
                if (k >= 0 && k < NUM_KINDS && action == PyTuple_GET_ITEM(PyTuple_GET_ITEM(DISCARD, seat), k))
                    slot = &acted_discard[seat][k];
            }
        }
        if (slot != NULL && *slot != NULL) {
            acted = Py_NewRef(*slot);
        } else {
            acted = PyObject_CallOneArg(ACTED, action);
            if (acted == NULL) goto fail;
            if (slot != NULL) *slot = Py_NewRef(acted);
        }
        t = PyList_Append(events, acted);
        Py_DECREF(acted);
        if (t < 0) goto fail;
    }
    if (kind == (PyTypeObject *)DISCARD_CLS) {
        if (do_discard(deal, action, seat) < 0) goto fail;
    } else {
        PyObject *answers = GA(deal, s_answers), *options;
        Py_ssize_t na, no;
        if (answers == NULL) goto fail;
        t = PyDict_SetItem(answers, seat_o, action);
        na = PyDict_GET_SIZE(answers);
        Py_DECREF(answers);
        if (t < 0) goto fail;
        options = GA(deal, s_options);
        if (options == NULL) goto fail;
        no = PyObject_Length(options);
        Py_DECREF(options);
        if (no < 0) goto fail;
        if (na == no) {
            t = close_passed(deal);
            if (t < 0) goto fail;
            if (!t) {
                PyObject *r = PyObject_CallMethodNoArgs(deal, s_close_window_);
                if (r == NULL) goto fail;
                Py_DECREF(r);
            }
        }
    }
    {
        PyObject *ev = GA(deal, s_events);
        if (ev == NULL) goto fail;
        out = PyList_Check(ev) ? PyList_GetSlice(ev, start, PyList_GET_SIZE(ev)) : PySequence_GetSlice(ev, start, PY_SSIZE_T_MAX);
        Py_DECREF(ev);
    }
    Py_DECREF(events);
    Py_DECREF(seat_o);
    return out;
not_mine:
    Py_XDECREF(events);
    Py_DECREF(seat_o);
    Py_RETURN_NOTIMPLEMENTED;
fail:
    Py_XDECREF(events);
    Py_DECREF(seat_o);
    return NULL;
}

static PyObject *need(PyObject *d, const char *name);

PyDoc_STRVAR(setup_state_doc, "setup_state(namespace): state.py's globals (phases, events, results).");

static PyObject *setup_state(PyObject *self, PyObject *d) {
    PyObject *phase, *act, *claim;
    PyObject *vals[8];
    static const char *names[8] = {"TRANSITIONS", "Acted", "Drew", "_DREW", "DealResult", "Pass",
                                   "DealState", "Wall"};
    PyObject **slots[8] = {&TRANS, &ACTED, &DREW, &DREW_CACHE, &DEAL_RESULT, &PASS_CLS,
                           &DEAL_TYPE, &WALL_TYPE};
    int i;
    (void)self;
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "setup_state() takes state.py's globals dict");
        return NULL;
    }
    for (i = 0; i < 8; i++) {
        vals[i] = need(d, names[i]);
        if (vals[i] == NULL) return NULL;
    }
    if (!PyDict_Check(vals[0]) || !PyDict_Check(vals[3]) || !PyType_Check(vals[6]) ||
        !PyType_Check(vals[7])) {
        PyErr_SetString(PyExc_TypeError, "setup_state: TRANSITIONS and _DREW must be dicts");
        return NULL;
    }
    phase = need(d, "Phase");
    if (phase == NULL) return NULL;
    act = PyObject_GetAttrString(phase, "ACT");
    if (act == NULL) return NULL;
    claim = PyObject_GetAttrString(phase, "CLAIM");
    if (claim == NULL) {
        Py_DECREF(act);
        return NULL;
    }
    if (NO_WINNERS == NULL) {
        NO_WINNERS = PyTuple_New(0);
        if (NO_WINNERS == NULL) {
            Py_DECREF(act);
            Py_DECREF(claim);
            return NULL;
        }
    }
    Py_XSETREF(PH_ACT, act);
    Py_XSETREF(PH_CLAIM, claim);
    for (i = 0; i < 8; i++) Py_XSETREF(*slots[i], Py_NewRef(vals[i]));
    Py_XSETREF(sns, Py_NewRef(d));
    {
        /* DealState's version tag as it is now (a lookup assigns one); 0: never compiled */
        PyTypeObject *tp = (PyTypeObject *)DEAL_TYPE;
        (void)_PyType_Lookup(tp, s_discard_);
        deal_version = (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) ? tp->tp_version_tag : 0;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ setup */

static PyObject *need(PyObject *d, const char *name) {
    PyObject *v = PyDict_GetItemString(d, name);
    if (v == NULL) PyErr_Format(PyExc_KeyError, "engine kernel setup: %s missing", name);
    return v;
}

PyDoc_STRVAR(setup_doc,
             "setup(namespace): legal.py's globals (its constants, actions and helpers).");

static PyObject *setup(PyObject *self, PyObject *d) {
    PyObject *vals[11];
    static const char *names[11] = {"_OUT",     "_CHOW_KIND", "_PUNG_KIND",   "_TILES", "_DISCARD",
                                    "_WIN",     "Declare",    "Discard",      "NoDiscard",
                                    "_FLOW_COMPLETE", "_PASS"};
    PyObject **slots[11] = {&OUT, &CHOW, &PUNG_KIND, &TILES, &DISCARD,
                            &WIN, &DECLARE, &DISCARD_CLS, &NO_DISCARD, &FLOW_COMPLETE, &PASS_TABLE};
    int i;
    (void)self;
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "setup() takes legal.py's globals dict");
        return NULL;
    }
    for (i = 0; i < 11; i++) {
        vals[i] = need(d, names[i]);
        if (vals[i] == NULL) return NULL;
    }
    if (!PyTuple_Check(vals[10]) || PyTuple_GET_SIZE(vals[10]) != PyTuple_GET_SIZE(vals[5])) {
        PyErr_SetString(PyExc_TypeError, "engine kernel setup: bad interned passes");
        return NULL;
    }
    if (!PyTuple_Check(vals[3]) || PyTuple_GET_SIZE(vals[3]) < NUM_KINDS || !PyTuple_Check(vals[4]) ||
        !PyTuple_Check(vals[5]) || PyTuple_GET_SIZE(vals[4]) != PyTuple_GET_SIZE(vals[5])) {
        PyErr_SetString(PyExc_TypeError, "engine kernel setup: bad interned tables");
        return NULL;
    }
    for (i = 0; i < PyTuple_GET_SIZE(vals[4]); i++) {
        PyObject *row = PyTuple_GET_ITEM(vals[4], i);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) < NUM_KINDS) {
            PyErr_SetString(PyExc_TypeError, "engine kernel setup: bad interned discards");
            return NULL;
        }
    }
    for (i = 0; i < 11; i++) Py_XSETREF(*slots[i], Py_NewRef(vals[i]));
    Py_XSETREF(ns, Py_NewRef(d));
    clear_interned();
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", (PyCFunction)setup, METH_O, setup_doc},
    {"claim_shapes", (PyCFunction)claim_shapes, METH_O, claim_shapes_doc},
    {"claimants", (PyCFunction)(void (*)(void))claimants, METH_FASTCALL | METH_KEYWORDS, claimants_doc},
    {"completes", (PyCFunction)(void (*)(void))completes, METH_FASTCALL, completes_doc},
    {"mark_missed", (PyCFunction)(void (*)(void))mark_missed, METH_FASTCALL, mark_missed_doc},
    {"act_actions", (PyCFunction)(void (*)(void))act_actions, METH_FASTCALL, act_actions_doc},
    {"apply", (PyCFunction)(void (*)(void))apply, METH_FASTCALL, apply_doc},
    {"setup_state", (PyCFunction)setup_state, METH_O, setup_state_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_cdeal", "The engine's turn-loop kernels (see _cdeal.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

#define INTERN(var, text)                                                                          \
    do {                                                                                           \
        var = PyUnicode_InternFromString(text);                                                    \
        if (var == NULL) return NULL;                                                              \
    } while (0)

PyMODINIT_FUNC PyInit__cdeal(void) {
    INTERN(s_seats, "seats");
    INTERN(s_riichi_seats, "riichi_seats");
    INTERN(s_red_seats, "red_seats");
    INTERN(s_flow, "flow");
    INTERN(s_players, "players");
    INTERN(s_claim_from, "claim_from");
    INTERN(s_status, "status");
    INTERN(s_wait_cache, "wait_cache");
    INTERN(s_counts, "counts");
    INTERN(s_melds, "melds");
    INTERN(s_standing, "standing");
    INTERN(s_may_wait, "may_wait");
    INTERN(s_allowed_calls, "allowed_calls");
    INTERN(s_is_complete, "is_complete");
    INTERN(s_drawn, "drawn");
    INTERN(s_drawn_red, "drawn_red");
    INTERN(s_held, "held");
    INTERN(s_live_count, "live_count");
    INTERN(s_dead_count, "dead_count");
    INTERN(s_table, "table");
    INTERN(s_last_drawer_discards, "last_drawer_discards");
    INTERN(s_declarations, "declarations");
    INTERN(s_kind, "kind");
    INTERN(s_missed_win, "missed_win");
    INTERN(s_robbing, "robbing");
    INTERN(s_red, "red");
    INTERN(s_self_drawn, "self_drawn");
    INTERN(s_claim_options, "claim_options");
    INTERN(s_win_value, "win_value");
    INTERN(s_riichi_discards, "riichi_discards");
    INTERN(s_red_discards, "red_discards");
    INTERN(s_shanten_all, "shanten_all");
    INTERN(s_pure_act_actions, "_pure_act_actions");
    INTERN(s_riichi, "riichi");
    INTERN(s_phase_, "_phase");
    INTERN(s_turn, "turn");
    INTERN(s_legal_, "_legal");
    INTERN(s_late, "late");
    INTERN(s_events, "events");
    INTERN(s_tile, "tile");
    INTERN(s_seat, "seat");
    INTERN(s_riichi_pending, "riichi_pending");
    INTERN(s_double, "double");
    INTERN(s_discards, "discards");
    INTERN(s_calls_made, "calls_made");
    INTERN(s_kongs_made, "kongs_made");
    INTERN(s_discarded, "discarded");
    INTERN(s_claim_red, "claim_red");
    INTERN(s_claimed, "claimed");
    INTERN(s_discard_log, "discard_log");
    INTERN(s_from_draw, "from_draw");
    INTERN(s_pending_indicators, "pending_indicators");
    INTERN(s_check_void, "check_void");
    INTERN(s_end_, "_end");
    INTERN(s_claim_tile, "claim_tile");
    INTERN(s_options, "options");
    INTERN(s_answers, "answers");
    INTERN(s_miss_any_completion, "miss_any_completion");
    INTERN(s_robbing_concealed, "robbing_concealed");
    INTERN(s_close_window_, "_close_window");
    INTERN(s_void_unclaimed, "void_unclaimed");
    INTERN(s_late_claims, "late_claims");
    INTERN(s_wall, "wall");
    INTERN(s_head, "head");
    INTERN(s_tail, "tail");
    INTERN(s_live, "live");
    INTERN(s_red_live, "red_live");
    INTERN(s_draw_, "_draw");
    INTERN(s_replacement, "replacement");
    INTERN(s_drew_replacement, "drew_replacement");
    INTERN(s_reveal_, "_reveal");
    INTERN(s_layout, "layout");
    INTERN(s_first_indicator, "first_indicator");
    INTERN(s_indicators, "indicators");
    INTERN(s_add, "add");
    INTERN(s_discard, "discard");
    INTERN(s_discard_, "_discard");
    INTERN(s_goto_, "_goto");
    INTERN(s_exhausted, "exhausted");
    return PyModule_Create(&moduledef);
}

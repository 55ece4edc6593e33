/* Optional native accelerator of muraglia.analysis.shanten (shanten_all, shanten_standard).
 *
 * The pure-Python module stays the reference: it loads the tables (analysis/_tables.py) and
 * hands them over with setup()/set_tables(); these functions read the same dense id tables,
 * pair tables and final tables, and give exactly the pure functions' answers. Anything
 * outside the fast path (a counts object that is not a list or tuple of 34 plain ints in 0-4,
 * a group of more than 14 tiles, melds outside 0-4, unexpected keywords) is handed to the pure
 * function, so errors and their messages are the pure ones. MURAGLIA_PURE=1 skips this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NONE_ID 0xFF

static PyObject *pure_all = NULL;   /* the pure shanten_all */
static PyObject *pure_std = NULL;   /* the pure shanten_standard */
static PyObject *loader = NULL;     /* loads the tables, then calls set_tables */
static PyObject *final_maker = NULL; /* melds -> bytes of int8 shanten, like _final_table */

static unsigned char *suit_dense = NULL; /* 5**9 ids by base-5 key */
static unsigned char *honor_dense = NULL; /* 5**7 ids */
static int32_t *px = NULL, *py = NULL;
static Py_ssize_t stride = 0, nhonor = 0, npx = 0, npy = 0, nfinal = 0;
static signed char *finals[5] = {NULL, NULL, NULL, NULL, NULL};

static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

static void *copy_buffer(PyObject *obj, Py_ssize_t itemsize, Py_ssize_t *count) {
    Py_buffer view;
    void *out;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len % itemsize) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "table size is not a multiple of its item size");
        return NULL;
    }
    out = PyMem_RawMalloc(view.len ? (size_t)view.len : 1);
    if (out == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(out, view.buf, (size_t)view.len);
    *count = view.len / itemsize;
    PyBuffer_Release(&view);
    return out;
}

static void free_tables(void) {
    int i;
    PyMem_RawFree(suit_dense);
    PyMem_RawFree(honor_dense);
    PyMem_RawFree(px);
    PyMem_RawFree(py);
    suit_dense = honor_dense = NULL;
    px = py = NULL;
    for (i = 0; i < 5; i++) {
        PyMem_RawFree(finals[i]);
        finals[i] = NULL;
    }
}

PyDoc_STRVAR(setup_doc, "setup(pure_all, pure_standard, loader, final_maker): the Python side.");

static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *a, *s, *l, *f;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO:setup", &a, &s, &l, &f)) return NULL;
    Py_XDECREF(pure_all);
    Py_XDECREF(pure_std);
    Py_XDECREF(loader);
    Py_XDECREF(final_maker);
    pure_all = Py_NewRef(a);
    pure_std = Py_NewRef(s);
    loader = Py_NewRef(l);
    final_maker = Py_NewRef(f);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(set_tables_doc,
             "set_tables(suit_dense, honor_dense, stride, nhonor, px, py, final0): copy the "
             "tables (px/py: int32 buffers, final0: int8 buffer).");

static PyObject *set_tables(PyObject *self, PyObject *args) {
    PyObject *sd, *hd, *pxo, *pyo, *f0;
    Py_ssize_t st, nh, nsd = 0, nhd = 0, nf = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOnnOOO:set_tables", &sd, &hd, &st, &nh, &pxo, &pyo, &f0))
        return NULL;
    free_tables();
    suit_dense = copy_buffer(sd, 1, &nsd);
    honor_dense = suit_dense ? copy_buffer(hd, 1, &nhd) : NULL;
    px = honor_dense ? copy_buffer(pxo, 4, &npx) : NULL;
    py = px ? copy_buffer(pyo, 4, &npy) : NULL;
    finals[0] = py ? copy_buffer(f0, 1, &nf) : NULL;
    if (finals[0] == NULL) {
        free_tables();
        return NULL;
    }
    if (nsd != 1953125 || nhd != 78125 || st <= 0 || nh <= 0 || npx != st * st ||
        npy != st * nh || nf <= 0) {
        free_tables();
        PyErr_SetString(PyExc_ValueError, "inconsistent shanten tables");
        return NULL;
    }
    stride = st;
    nhonor = nh;
    nfinal = nf;
    Py_RETURN_NONE;
}

/* 0: counts read; 1: not the fast path (hand it to the pure function) */
static int read_counts(PyObject *seq, unsigned char *c) {
    PyObject **items;
    Py_ssize_t i;
    if (PyList_Check(seq)) {
        if (PyList_GET_SIZE(seq) != 34) return 1;
        items = ((PyListObject *)seq)->ob_item;
    } else if (PyTuple_Check(seq)) {
        if (PyTuple_GET_SIZE(seq) != 34) return 1;
        items = ((PyTupleObject *)seq)->ob_item;
    } else {
        return 1;
    }
    for (i = 0; i < 34; i++) {
        PyObject *o = items[i];
        long v;
        if (!PyLong_CheckExact(o)) return 1;
        v = PyLong_AsLong(o);
        if (v < 0 || v > 4) {
            PyErr_Clear();
            return 1;
        }
        c[i] = (unsigned char)v;
    }
    return 0;
}

static int ensure_tables(void) {
    PyObject *r;
    if (suit_dense != NULL) return 0;
    if (loader == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "muraglia native shanten used before setup()");
        return -1;
    }
    r = PyObject_CallNoArgs(loader);
    if (r == NULL) return -1;
    Py_DECREF(r);
    if (suit_dense == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the shanten table loader did not set the tables");
        return -1;
    }
    return 0;
}

static const signed char *final_for(int melds) {
    PyObject *r;
    Py_ssize_t n = 0;
    if (finals[melds] != NULL) return finals[melds];
    r = PyObject_CallFunction(final_maker, "i", melds);
    if (r == NULL) return NULL;
    finals[melds] = copy_buffer(r, 1, &n);
    Py_DECREF(r);
    if (finals[melds] != NULL && n != nfinal) {
        PyMem_RawFree(finals[melds]);
        finals[melds] = NULL;
        PyErr_SetString(PyExc_ValueError, "inconsistent final shanten table");
    }
    return finals[melds];
}

/* The standard-shape table index of the counts, or -1 when a group is not in the tables. */
static Py_ssize_t standard_index(const unsigned char *c) {
    int g, r;
    unsigned int id[4];
    for (g = 0; g < 3; g++) {
        const unsigned char *s = c + 9 * g;
        unsigned int key = 0;
        for (r = 8; r >= 0; r--) key = 5 * key + s[r];
        id[g] = suit_dense[key];
        if (id[g] == NONE_ID) return -1;
    }
    {
        unsigned int key = 0;
        for (r = 6; r >= 0; r--) key = 5 * key + c[27 + r];
        id[3] = honor_dense[key];
        if (id[3] == NONE_ID) return -1;
    }
    if ((Py_ssize_t)id[0] >= stride || (Py_ssize_t)id[1] >= stride ||
        (Py_ssize_t)id[2] >= stride || (Py_ssize_t)id[3] >= nhonor)
        return -1;
    return (Py_ssize_t)px[id[0] * stride + id[1]] + py[id[2] * nhonor + id[3]];
}

/* Parse (counts, melds=0) from a vectorcall; 0 ok, 1: hand to the pure function. */
static int parse_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      PyObject **counts, long *melds) {
    PyObject *m = NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw < 1 || nargs + nkw > 2) return 1;
    if (nargs >= 1) {
        *counts = args[0];
        if (nargs == 2) m = args[1];
        if (nkw == 1) {
            if (nargs == 2 || !PyUnicode_Check(PyTuple_GET_ITEM(kwnames, 0)) ||
                PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "melds") != 0)
                return 1;
            m = args[1];
        }
    } else {
        return 1; /* counts by keyword: rare, the pure function handles it */
    }
    *melds = 0;
    if (m != NULL) {
        if (!PyLong_CheckExact(m)) return 1;
        *melds = PyLong_AsLong(m);
        if (*melds < 0 || *melds > 4) {
            PyErr_Clear();
            return 1;
        }
    }
    return 0;
}

/* The common start of both kernels: the counts read into c, the standard-shape table index and
 * the melds. Returns 0 on the fast path, 1 when the call goes to the pure function (nothing
 * set), -1 on an error (set). */
static int prepare(PyObject *const *args, size_t nargsf, PyObject *kwnames, unsigned char *c,
                   long *melds, Py_ssize_t *index) {
    PyObject *counts;
    if (parse_args(args, PyVectorcall_NARGS(nargsf), kwnames, &counts, melds) ||
        read_counts(counts, c))
        return 1;
    if (ensure_tables() < 0) return -1;
    *index = standard_index(c);
    return *index < 0 || *index >= nfinal;
}

PyDoc_STRVAR(shanten_standard_doc,
             "shanten_standard(counts, melds=0)\n--\n\n"
             "Shanten of the standard shape (native; see the pure function's docstring).");

static PyObject *native_standard(PyObject *self, PyObject *const *args, size_t nargsf,
                                 PyObject *kwnames) {
    unsigned char c[34];
    long melds;
    Py_ssize_t index = 0;
    const signed char *final;
    int how = prepare(args, nargsf, kwnames, c, &melds, &index);
    (void)self;
    if (how) return how < 0 ? NULL : PyObject_Vectorcall(pure_std, args, nargsf, kwnames);
    final = final_for((int)melds);
    if (final == NULL) return NULL;
    return PyLong_FromLong(final[index]);
}

/* The shanten_all of the counts c, whose standard-shape table index is ``index`` (``final``:
 * the final table of ``melds``): the standard shape, then seven pairs and thirteen orphans
 * without melds (see the pure function). */
static int shanten_from(const unsigned char *c, Py_ssize_t index, const signed char *final,
                        long melds) {
    int best = final[index], i, zeros = 0, pairs = 0, seven, present = 0, pair = 0, kokushi;
    if (best < 0 || melds) return best;
    for (i = 0; i < 34; i++) {
        if (c[i] == 0)
            zeros++;
        else if (c[i] >= 2)
            pairs++;
    }
    seven = 6 - pairs + (zeros > 27 ? zeros - 27 : 0);
    if (best <= 3) /* thirteen orphans cannot be lower then (see the pure function) */
        return seven < best ? seven : best;
    if (seven < best) best = seven;
    for (i = 0; i < 13; i++) {
        unsigned char n = c[orphans[i]];
        if (n) {
            present++;
            if (n >= 2) pair = 1;
        }
    }
    kokushi = 13 - present - pair;
    return kokushi < best ? kokushi : best;
}

PyDoc_STRVAR(shanten_all_doc,
             "shanten_all(counts, melds=0)\n--\n\n"
             "Least shanten of the standard shape, seven pairs and thirteen orphans (native; "
             "see the pure function's docstring).");

static PyObject *native_all(PyObject *self, PyObject *const *args, size_t nargsf,
                            PyObject *kwnames) {
    unsigned char c[34];
    long melds;
    Py_ssize_t index = 0;
    const signed char *final;
    int how = prepare(args, nargsf, kwnames, c, &melds, &index);
    (void)self;
    if (how) return how < 0 ? NULL : PyObject_Vectorcall(pure_all, args, nargsf, kwnames);
    final = melds ? final_for((int)melds) : finals[0];
    if (final == NULL) return NULL;
    return PyLong_FromLong(shanten_from(c, index, final, melds));
}

PyDoc_STRVAR(draws_doc,
             "draws(counts, melds, remove, kinds)\n--\n\n"
             "DeltaShanten.draws of the hand ``counts`` (a list of 34 ints) with ``melds`` "
             "declared melds: the shanten_all of counts - remove + k for each k of ``kinds`` "
             "(remove -1: nothing taken away). None when the call is not on the fast path "
             "(remove not held, a kind outside 0-33, a fifth copy, a group of more than 14 "
             "tiles, anything but plain ints in a plain list, an int beyond a C long): the pure "
             "method then answers, or raises its error.");

static PyObject *native_draws(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    unsigned char c[34];
    long melds, remove;
    Py_ssize_t i, n, index;
    PyObject *kinds, *out;
    const signed char *final;
    (void)self;
    if (nargs != 4 || !PyLong_CheckExact(args[1]) || !PyLong_CheckExact(args[2]) ||
        !PyList_CheckExact(args[3]) || read_counts(args[0], c))
        Py_RETURN_NONE;
    melds = PyLong_AsLong(args[1]);
    if (melds == -1 && PyErr_Occurred()) { /* beyond a C long: the pure method's error */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    remove = PyLong_AsLong(args[2]);
    if (remove == -1 && PyErr_Occurred()) { /* -1 is "nothing taken away" only when no error */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (melds < 0 || melds > 4 || remove < -1 || remove > 33) Py_RETURN_NONE;
    if (remove >= 0) {
        if (c[remove] == 0) Py_RETURN_NONE;
        c[remove]--;
    }
    if (ensure_tables() < 0) return NULL;
    final = final_for((int)melds);
    if (final == NULL) return NULL;
    kinds = args[3];
    n = PyList_GET_SIZE(kinds);
    out = PyList_New(n);
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        PyObject *o, *v;
        long k;
        int sh;
        /* no Python code runs in this loop (the answers are cached small ints), yet the list
         * is read item by item with its size checked: a list changed under the call (a
         * finaliser run by an allocation) can never be read out of bounds */
        if (i >= PyList_GET_SIZE(kinds)) goto pure;
        o = PyList_GET_ITEM(kinds, i);
        if (!PyLong_CheckExact(o)) goto pure;
        k = PyLong_AsLong(o);
        if (k < 0 || k > 33 || c[k] >= 4) {
            PyErr_Clear();
            goto pure;
        }
        c[k]++;
        index = standard_index(c);
        sh = index < 0 || index >= nfinal ? -2 : shanten_from(c, index, final, melds);
        c[k]--;
        if (sh == -2) goto pure;
        v = PyLong_FromLong(sh);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
pure:
    Py_DECREF(out);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"draws", (PyCFunction)(void (*)(void))native_draws, METH_FASTCALL, draws_doc},
    {"setup", setup, METH_VARARGS, setup_doc},
    {"set_tables", set_tables, METH_VARARGS, set_tables_doc},
    {"shanten_all", (PyCFunction)(void (*)(void))native_all, METH_FASTCALL | METH_KEYWORDS,
     shanten_all_doc},
    {"shanten_standard", (PyCFunction)(void (*)(void))native_standard,
     METH_FASTCALL | METH_KEYWORDS, shanten_standard_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "muraglia.analysis._cshanten",
    "Native shanten kernels (optional; the pure-Python module is the reference).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__cshanten(void) { return PyModule_Create(&module); }

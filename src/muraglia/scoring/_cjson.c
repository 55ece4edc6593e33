/* muraglia.scoring._cjson: the optional C encoder of the output objects (issue 19).
 *
 * dumps(obj) -> str | None
 * dumps_utf8(obj) -> bytes | None
 *
 * dumps: the text of json.dumps(obj, ensure_ascii=False) (separators ", " and ": ", non-ASCII as is,
 * the standard library's escapes: \" \\ \b \f \n \r \t and \u00XX in lower-case hex for the
 * other control characters; floats as float.__repr__, NaN and Infinity as the standard
 * library writes them), for trees of the exact types dict (string keys), list, tuple, str,
 * int, float, bool and None. Anything else (a subclass, another type, a non-string key,
 * nesting deeper than MAX_DEPTH) answers None: the caller then runs the standard library's
 * encoder, which gives the text or raises its own error. The pure-Python path is that
 * encoder alone (muraglia.scoring.result.encode_json); tests/scoring/test_cjson.py compares
 * both on generated trees.
 *
 * dumps_utf8: the same text encoded in UTF-8, written at once (what `score --jsonl` writes to
 * a UTF-8 stdout: no str of the line is made, joined and encoded), or None for what dumps
 * leaves to the library and for a text holding a lone surrogate (no UTF-8 form: the caller
 * encodes the library's text with its own error handler).
 *
 * Both write the UTF-8 bytes into one buffer; a surrogate is written as its three bytes
 * (what the "surrogatepass" handler writes), so dumps decodes the buffer with that handler
 * and gets the exact text, and dumps_utf8 answers None when it saw one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#define MAX_DEPTH 200

typedef struct {
    char *data;
    Py_ssize_t len;
    Py_ssize_t cap;
    int surrogate; /* a lone surrogate was written (as "surrogatepass" writes it) */
} Out;

/* 0: done, -1: a Python error is set, 1: not handled here (the caller answers None) */
#define UNHANDLED 1

static int grow(Out *o, Py_ssize_t more) {
    if (o->len + more <= o->cap) {
        return 0;
    }
    Py_ssize_t cap = o->cap ? o->cap : 8192;
    while (cap < o->len + more) {
        if (cap > PY_SSIZE_T_MAX / 2) {
            PyErr_NoMemory();
            return -1;
        }
        cap *= 2;
    }
    char *data = PyMem_Realloc(o->data, (size_t)cap);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    o->data = data;
    o->cap = cap;
    return 0;
}

static int ascii(Out *o, const char *s, Py_ssize_t n) {
    if (grow(o, n) < 0) {
        return -1;
    }
    memcpy(o->data + o->len, s, (size_t)n);
    o->len += n;
    return 0;
}

static const char HEX[] = "0123456789abcdef";

/* the characters of one kind of string in UTF-8, escaped as the standard library does */
#define ESCAPE_LOOP(TYPE)                                                                    \
    do {                                                                                     \
        const TYPE *src = (const TYPE *)data;                                                \
        for (Py_ssize_t i = 0; i < n; i++) {                                                 \
            Py_UCS4 c = src[i];                                                              \
            if (c >= 0x80) {                                                                 \
                if (c < 0x800) {                                                             \
                    d[at++] = (char)(0xc0 | (c >> 6));                                       \
                } else {                                                                     \
                    if (c < 0x10000) {                                                       \
                        d[at++] = (char)(0xe0 | (c >> 12));                                  \
                        surrogate |= c >= 0xd800 && c <= 0xdfff;                             \
                    } else {                                                                 \
                        d[at++] = (char)(0xf0 | (c >> 18));                                  \
                        d[at++] = (char)(0x80 | ((c >> 12) & 0x3f));                         \
                    }                                                                        \
                    d[at++] = (char)(0x80 | ((c >> 6) & 0x3f));                              \
                }                                                                            \
                d[at++] = (char)(0x80 | (c & 0x3f));                                         \
                continue;                                                                    \
            }                                                                                \
            if (c >= 0x20 && c != '"' && c != '\\') {                                        \
                d[at++] = (char)c;                                                           \
                continue;                                                                    \
            }                                                                                \
            d[at++] = '\\';                                                                  \
            switch (c) {                                                                     \
            case '"': d[at++] = '"'; break;                                                  \
            case '\\': d[at++] = '\\'; break;                                                \
            case '\b': d[at++] = 'b'; break;                                                 \
            case '\f': d[at++] = 'f'; break;                                                 \
            case '\n': d[at++] = 'n'; break;                                                 \
            case '\r': d[at++] = 'r'; break;                                                 \
            case '\t': d[at++] = 't'; break;                                                 \
            default:                                                                         \
                d[at++] = 'u';                                                               \
                d[at++] = '0';                                                               \
                d[at++] = '0';                                                               \
                d[at++] = HEX[(c >> 4) & 0xf];                                               \
                d[at++] = HEX[c & 0xf];                                                      \
            }                                                                                \
        }                                                                                    \
    } while (0)

static int string(Out *o, PyObject *s) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    /* the worst case: every character \u00XX (6 bytes) or 4 bytes of UTF-8 */
    if (n > (PY_SSIZE_T_MAX - 2) / 6 || grow(o, 6 * n + 2) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
        return -1;
    }
    char *d = o->data;
    Py_ssize_t at = o->len;
    int surrogate = 0;
    d[at++] = '"';
    if (kind == PyUnicode_1BYTE_KIND) {
        ESCAPE_LOOP(Py_UCS1);
    } else if (kind == PyUnicode_2BYTE_KIND) {
        ESCAPE_LOOP(Py_UCS2);
    } else {
        ESCAPE_LOOP(Py_UCS4);
    }
    d[at++] = '"';
    o->len = at;
    o->surrogate |= surrogate;
    return 0;
}

static int repr_of(Out *o, PyObject *obj, reprfunc repr) {
    PyObject *text = repr(obj);
    if (text == NULL) { /* an int past sys.get_int_max_str_digits(): the library raises */
        PyErr_Clear();
        return UNHANDLED;
    }
    /* an int's or a float's repr is ASCII */
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int r = ascii(o, (const char *)PyUnicode_DATA(text), n);
    Py_DECREF(text);
    return r;
}

static int integer(Out *o, PyObject *obj) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow) {
        return repr_of(o, obj, PyLong_Type.tp_repr);
    }
    char buf[24]; /* the digits, written from the end */
    char *p = buf + sizeof buf;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) {
        *--p = '-';
    }
    return ascii(o, p, buf + sizeof buf - p);
}

static int number(Out *o, PyObject *obj) {
    double v = PyFloat_AS_DOUBLE(obj);
    if (isnan(v)) {
        return ascii(o, "NaN", 3);
    }
    if (isinf(v)) {
        return v > 0 ? ascii(o, "Infinity", 8) : ascii(o, "-Infinity", 9);
    }
    return repr_of(o, obj, PyFloat_Type.tp_repr);
}

static int value(Out *o, PyObject *obj, int depth);

static int array(Out *o, PyObject *seq, int depth) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n == 0) {
        return ascii(o, "[]", 2);
    }
    if (ascii(o, "[", 1) < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (i && ascii(o, ", ", 2) < 0) {
            return -1;
        }
        /* borrowed: no Python code runs while a tree is encoded (exact types only) */
        int r = value(o, PySequence_Fast_GET_ITEM(seq, i), depth + 1);
        if (r) {
            return r;
        }
    }
    return ascii(o, "]", 1);
}

static int object(Out *o, PyObject *dict, int depth) {
    if (PyDict_GET_SIZE(dict) == 0) {
        return ascii(o, "{}", 2);
    }
    if (ascii(o, "{", 1) < 0) {
        return -1;
    }
    Py_ssize_t pos = 0;
    PyObject *key, *item;
    int first = 1;
    while (PyDict_Next(dict, &pos, &key, &item)) {
        if (!PyUnicode_CheckExact(key)) {
            return UNHANDLED;
        }
        if (!first && ascii(o, ", ", 2) < 0) {
            return -1;
        }
        first = 0;
        int r = string(o, key);
        if (r == 0) {
            r = ascii(o, ": ", 2);
        }
        if (r == 0) {
            r = value(o, item, depth + 1);
        }
        if (r) {
            return r;
        }
    }
    return ascii(o, "}", 1);
}

static int value(Out *o, PyObject *obj, int depth) {
    if (depth > MAX_DEPTH) {
        return UNHANDLED;
    }
    PyTypeObject *t = Py_TYPE(obj);
    if (t == &PyUnicode_Type) {
        return string(o, obj);
    }
    if (obj == Py_None) {
        return ascii(o, "null", 4);
    }
    if (obj == Py_True) {
        return ascii(o, "true", 4);
    }
    if (obj == Py_False) {
        return ascii(o, "false", 5);
    }
    if (t == &PyLong_Type) {
        return integer(o, obj);
    }
    if (t == &PyDict_Type) {
        return object(o, obj, depth);
    }
    if (t == &PyList_Type || t == &PyTuple_Type) {
        return array(o, obj, depth);
    }
    if (t == &PyFloat_Type) {
        return number(o, obj);
    }
    return UNHANDLED;
}

/* the tree's UTF-8 into o: 0 done, -1 a Python error is set, UNHANDLED (o freed unless 0) */
static int encode(Out *o, PyObject *obj) {
    int r = value(o, obj, 0);
    if (r) {
        PyMem_Free(o->data);
        o->data = NULL;
    }
    return r;
}

static PyObject *dumps(PyObject *module, PyObject *obj) {
    (void)module;
    Out o = {NULL, 0, 0, 0};
    int r = encode(&o, obj);
    if (r) {
        return r == UNHANDLED ? Py_NewRef(Py_None) : NULL;
    }
    /* valid UTF-8 but for the surrogates, which "surrogatepass" reads back as written */
    PyObject *text = PyUnicode_DecodeUTF8(o.data, o.len, o.surrogate ? "surrogatepass" : NULL);
    PyMem_Free(o.data);
    return text;
}

static PyObject *dumps_utf8(PyObject *module, PyObject *obj) {
    (void)module;
    Out o = {NULL, 0, 0, 0};
    int r = encode(&o, obj);
    if (r) {
        return r == UNHANDLED ? Py_NewRef(Py_None) : NULL;
    }
    PyObject *data = o.surrogate ? Py_NewRef(Py_None) : PyBytes_FromStringAndSize(o.data, o.len);
    PyMem_Free(o.data);
    return data;
}

static PyMethodDef METHODS[] = {
    {"dumps", dumps, METH_O,
     "dumps(obj) -> str | None: json.dumps(obj, ensure_ascii=False) for plain trees, else None."},
    {"dumps_utf8", dumps_utf8, METH_O,
     "dumps_utf8(obj) -> bytes | None: dumps(obj) in UTF-8, else None (also for a text with a "
     "lone surrogate)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_cjson",
    "The optional C encoder of muraglia's output objects (see muraglia.scoring.result).", -1,
    METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cjson(void) { return PyModule_Create(&MODULE); }

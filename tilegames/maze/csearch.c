/* tilegames.maze.csearch: the compiled Maze search as a CPython extension module.
 *
 * A thin wrapper: the search itself is _search.c (plain C, no Python), included
 * here so that one file is compiled. It is built when tilegames is installed
 * (setup.py, an optional Extension): nothing is compiled or loaded at run time.
 * tilegames/maze/native.py imports it and says which engine runs and why.
 *
 *     search(board: bytes, ring: int, queen_before_ace: int, corners: int,
 *            max_tables: int, seed: int) -> (result: int, tables: int, path: list[int])
 *
 * board is 54 bytes (card codes 0-51, 52 for a gap); result is 1 (won), 0 (no win
 * exists) or -1 (budget spent); path the winning moves, card * 64 + slot each.
 * The search runs without the GIL: worker threads can search side by side.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_search.c"

#define PATH_ROOM 1000000

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#elif defined(_MSC_VER)
#define COMPILER "msvc " STRINGIFY(_MSC_FULL_VER)
#else
#define COMPILER "an unnamed C compiler"
#endif

static PyObject *py_search(PyObject *self, PyObject *args) {
    Py_buffer board;
    int ring, queen_before_ace, corners;
    unsigned long long max_tables, seed;
    if (!PyArg_ParseTuple(args, "y*iiiKK:search", &board, &ring, &queen_before_ace, &corners,
                          &max_tables, &seed))
        return NULL;
    if (board.len != SLOTS) {
        PyBuffer_Release(&board);
        return PyErr_Format(PyExc_ValueError, "board: expected %d slots, got %zd", SLOTS, board.len);
    }
    for (Py_ssize_t i = 0; i < board.len; i++) {
        if (((const uint8_t *)board.buf)[i] > GAP) {
            PyBuffer_Release(&board);
            return PyErr_Format(PyExc_ValueError, "board: slot %zd holds %d (0-52 expected)", i,
                                ((const uint8_t *)board.buf)[i]);
        }
    }
    uint8_t start[SLOTS];
    memcpy(start, board.buf, SLOTS);
    PyBuffer_Release(&board);
    int32_t *path = PyMem_RawMalloc(PATH_ROOM * sizeof *path);
    if (!path) return PyErr_NoMemory();
    uint64_t tables = 0;
    int32_t length = 0;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = maze_search(start, ring, queen_before_ace, corners, max_tables, seed, &tables, path,
                         PATH_ROOM, &length);
    Py_END_ALLOW_THREADS
    if (result == -2) {
        PyMem_RawFree(path);
        return PyErr_Format(PyExc_MemoryError,
                            "the compiled search ran out of memory after %llu tables",
                            (unsigned long long)tables);
    }
    if (result == 1 && length < 0) { /* a win over a million moves long */
        PyMem_RawFree(path);
        return PyErr_Format(PyExc_MemoryError, "the compiled search's win is too long to hand back");
    }
    PyObject *moves = PyList_New(length > 0 ? length : 0);
    if (!moves) {
        PyMem_RawFree(path);
        return NULL;
    }
    for (int32_t i = 0; i < length; i++) {
        PyObject *step = PyLong_FromLong(path[i]);
        if (!step) {
            Py_DECREF(moves);
            PyMem_RawFree(path);
            return NULL;
        }
        PyList_SET_ITEM(moves, i, step);
    }
    PyMem_RawFree(path);
    return Py_BuildValue("iKN", result, (unsigned long long)tables, moves);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS,
     "search(board, ring, queen_before_ace, corners, max_tables, seed) -> (result, tables, path)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "csearch",
    "Maze's exhaustive search, compiled (see tilegames/maze/native.py).", -1, methods,
};

PyMODINIT_FUNC PyInit_csearch(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddStringConstant(m, "COMPILER", COMPILER) < 0 ||
        PyModule_AddIntConstant(m, "PATH_ROOM", PATH_ROOM) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

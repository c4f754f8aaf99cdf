# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ 65 solver (csrc/sixtyfive.hpp).

It takes positions already validated by :mod:`openhand.sixtyfive.rules`
and releases the GIL while searching.  Use :mod:`openhand.sixtyfive.solver`,
not this module.
"""
from libc.stdint cimport uint64_t
from libcpp cimport bool as cbool


cdef extern from "sixtyfive.hpp" namespace "openhand::sixtyfive":
    cdef struct Deal:
        uint64_t hands[4]
        int leader
        int trick[3]
        int ntrick

    cdef cppclass Solver:
        Solver(size_t table_bytes) except +
        size_t table_bytes()
        void set_poll(int (*fn)(void*, uint64_t) noexcept nogil, void* ctx)
        int value(const Deal& d, uint64_t* nodes) except + nogil
        cbool at_least(const Deal& d, int target, uint64_t* nodes) except + nogil
        int move_values(const Deal& d, int* value, int* cards, int* values, uint64_t* nodes) except + nogil


cdef Deal _deal(hands, int leader, trick):
    cdef Deal d
    cdef int i
    for i in range(4):
        d.hands[i] = hands[i]
    d.leader = leader
    d.ntrick = len(trick)
    for i in range(d.ntrick):
        d.trick[i] = trick[i]
    return d


include "../_solver_owner.pxi"


cdef class CoreSolver(SolverOwner):
    """The game's calls on its C++ solver (see SolverOwner)."""

    def value(self, hands, int leader, trick):
        cdef Deal d = _deal(hands, leader, trick)
        cdef uint64_t nodes = 0
        cdef int v = 0
        with self._polling():
            with nogil:
                v = self._s.value(d, &nodes)
        return v, nodes

    def at_least(self, hands, int leader, trick, int target):
        cdef Deal d = _deal(hands, leader, trick)
        cdef uint64_t nodes = 0
        cdef cbool r = False
        with self._polling():
            with nogil:
                r = self._s.at_least(d, target, &nodes)
        return bool(r), nodes

    def move_values(self, hands, int leader, trick):
        cdef Deal d = _deal(hands, leader, trick)
        cdef uint64_t nodes = 0
        cdef int value = 0, n = 0, i
        cdef int cards[12]
        cdef int values[12]
        with self._polling():
            with nogil:
                n = self._s.move_values(d, &value, cards, values, &nodes)
        return value, {cards[i]: values[i] for i in range(n)}, nodes

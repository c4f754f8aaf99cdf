# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ Eighty-Three play solver
(csrc/eightythree.hpp).

It takes positions already validated by :mod:`openhand.eightythree.rules`
or by :mod:`openhand.eightythree.solver` and releases the GIL while
searching.  Use :mod:`openhand.eightythree.solver`, not this module: nothing
here checks its input.
"""
from libc.stdint cimport uint64_t
from libcpp cimport bool as cbool
from libcpp.vector cimport vector


cdef extern from "eightythree.hpp" namespace "openhand::eightythree":
    cdef struct Deal:
        uint64_t hands[4]
        int trump
        int bidder
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
        void batch(const uint64_t* hands, int n, int trump, int bidder, int leader, int target,
                   int* out, uint64_t* nodes) except + nogil
        int batch_until(const uint64_t* hands, int n, int trump, int bidder, int leader, int target,
                        int stop, int* out, uint64_t* nodes) except + nogil


cdef Deal _deal(hands, int trump, int bidder, int leader, trick):
    cdef Deal d
    cdef int i
    for i in range(4):
        d.hands[i] = hands[i]
    d.trump = trump
    d.bidder = bidder
    d.leader = leader
    d.ntrick = len(trick)
    for i in range(d.ntrick):
        d.trick[i] = trick[i]
    return d


cdef vector[uint64_t] _flat_hands(deals):
    """Trick-start deals (four hand masks each) as one flat array."""
    cdef vector[uint64_t] hands
    cdef Py_ssize_t i
    cdef int j
    hands.resize(4 * len(deals))
    for i in range(len(deals)):
        h = deals[i]
        for j in range(4):
            hands[4 * i + j] = h[j]
    return hands


include "../_solver_owner.pxi"


cdef class CoreSolver(SolverOwner):
    """The game's calls on its C++ solver (see SolverOwner)."""

    def value(self, hands, int trump, int bidder, int leader, trick=()):
        cdef Deal d = _deal(hands, trump, bidder, leader, trick)
        cdef uint64_t nodes = 0
        cdef int v = 0
        with self._polling():
            with nogil:
                v = self._s.value(d, &nodes)
        return v, nodes

    def at_least(self, hands, int trump, int bidder, int leader, trick, int target):
        cdef Deal d = _deal(hands, trump, bidder, leader, trick)
        cdef uint64_t nodes = 0
        cdef cbool r = False
        with self._polling():
            with nogil:
                r = self._s.at_least(d, target, &nodes)
        return bool(r), nodes

    def move_values(self, hands, int trump, int bidder, int leader, trick=()):
        cdef Deal d = _deal(hands, trump, bidder, leader, trick)
        cdef uint64_t nodes = 0
        cdef int value = 0, n = 0, i
        cdef int cards[8]
        cdef int values[8]
        with self._polling():
            with nogil:
                n = self._s.move_values(d, &value, cards, values, &nodes)
        return value, {cards[i]: values[i] for i in range(n)}, nodes

    def batch(self, deals, int trump, int bidder, int leader, int target=-1):
        """Trick-start positions ``deals`` (sequences of four hand masks):
        a list of values, or with ``target >= 0`` of 0/1 for "at least
        target", and the total node count.  One GIL release for all."""
        cdef Py_ssize_t n = len(deals), i
        cdef vector[uint64_t] hands = _flat_hands(deals)
        cdef vector[int] out
        cdef uint64_t nodes = 0
        out.resize(n)
        with self._polling():
            with nogil:
                self._s.batch(hands.data(), <int>n, trump, bidder, leader, target, out.data(), &nodes)
        return [out[i] for i in range(n)], nodes

    def batch_until(self, deals, int trump, int bidder, int leader, int target, int stop):
        """"At least ``target``?" for trick-start positions ``deals`` in
        order, stopping after the first answer equal to ``stop`` (0/1):
        the answers so far as fail-soft bounds (``>= target``: yes, and a
        lower bound on the value; ``< target``: no, and an upper bound) and
        the node count.  One GIL release."""
        cdef Py_ssize_t n = len(deals), i
        cdef int k = 0
        cdef vector[uint64_t] hands = _flat_hands(deals)
        cdef vector[int] out
        cdef uint64_t nodes = 0
        out.resize(n)
        with self._polling():
            with nogil:
                k = self._s.batch_until(hands.data(), <int>n, trump, bidder, leader, target, stop,
                                        out.data(), &nodes)
        return [out[i] for i in range(k)], nodes

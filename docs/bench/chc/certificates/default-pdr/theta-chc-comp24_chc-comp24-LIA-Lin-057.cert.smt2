; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-057.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Bool) (x1 Bool) (x2 Bool) (x3 Int) (x4 Bool) (x5 Bool) (x6 Bool) (x7 Bool) (x8 Int) (x9 Bool) (x10 Bool) (x11 Bool) (x12 Bool) (x13 Bool) (x14 Int)) Bool (and (not x9) (not x4) (not x10) (not x0) x12 (or x2 x12) (not x7)))

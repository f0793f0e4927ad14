; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-222.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main3 ((x0 Int)) Bool true)
(define-fun inv_main4 ((x0 Int)) Bool (<= x0 0))

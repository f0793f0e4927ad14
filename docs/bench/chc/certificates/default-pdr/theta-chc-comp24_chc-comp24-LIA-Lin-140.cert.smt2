; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-140.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |f$unknown:2| ((x0 Int) (x1 Int)) Bool (or (>= x0 2) (<= x1 1)))

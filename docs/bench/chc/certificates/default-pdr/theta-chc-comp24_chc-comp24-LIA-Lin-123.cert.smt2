; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-123.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |f$unknown:2| ((x0 Int) (x1 Int)) Bool (not (and (<= x0 x1) (>= x1 0))))
(define-fun |f$unknown:1| ((x0 Int)) Bool true)
(define-fun |h$unknown:6| ((x0 Int) (x1 Int)) Bool (not (<= x0 x1)))

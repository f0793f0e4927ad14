; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hopv/lia/termination/binomial03_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |main_1033$unknown:28| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int)) Bool (and (<= x5 0) (>= x5 0)))
(define-fun |fail$unknown:21| ((x0 Int)) Bool false)
(define-fun |bin_1030$unknown:8| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int)) Bool (and (<= x3 0) (>= x3 0)))

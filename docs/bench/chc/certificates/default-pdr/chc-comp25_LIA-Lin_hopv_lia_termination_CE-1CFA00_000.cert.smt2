; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/hopv/lia/termination/CE-1CFA00_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun |fail$unknown:38| ((x0 Int)) Bool false)
(define-fun |app_1038$unknown:8| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int)) Bool (and (<= x2 0) (>= x2 0)))
(define-fun |f_1034$unknown:32| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int)) Bool (and (<= x2 0) (>= x2 0)))
(define-fun |id_1030$unknown:42| ((x0 Int) (x1 Int) (x2 Int)) Bool (and (<= x2 0) (>= x2 0)))
(define-fun |app_1038$unknown:12| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int)) Bool (and (<= x2 0) (>= x2 0)))
(define-fun |f_1034$unknown:36| ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Int) (x12 Int)) Bool (and (<= x2 0) (>= x2 0)))

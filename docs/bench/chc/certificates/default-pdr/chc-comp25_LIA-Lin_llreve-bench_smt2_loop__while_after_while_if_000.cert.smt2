; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/llreve-bench/smt2/loop__while_after_while_if_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_23 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (and (>= x4 0) (<= x4 0) (<= x3 0) (<= x2 x0) (<= x0 x2)))
(define-fun INV_MAIN_13 ((x0 Int) (x1 Int) (x2 Int) (x3 Int)) Bool (and (<= x3 x1) (<= x1 x3) (<= x0 x2) (<= x2 x0)))
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int)) Bool (and (<= x2 x6) (<= x6 x2) (<= x0 x3) (<= x3 x0) (>= x5 1) (<= x4 x1) (<= x1 x4)))

; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/llreve-bench/smt2/loop__loop_unswitching_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_23 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (and (<= x4 x1) (<= x1 x4) (<= x3 0) (<= x2 x0) (<= x0 x2)))
(define-fun CHC_COMP_FALSE () Bool false)
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (and (<= x1 x4) (<= x4 x1) (<= x2 x0) (<= x0 x2) (>= x3 1)))

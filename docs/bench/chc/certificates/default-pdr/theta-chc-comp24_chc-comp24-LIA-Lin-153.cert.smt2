; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-153.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV_MAIN_42 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (let ((a!1 (+ x0 x3))) (and (<= x4 x1) (<= x1 x4) (<= x2 a!1) (<= a!1 x2))))

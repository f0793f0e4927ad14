; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-056.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Int) (x1 Bool) (x2 Bool) (x3 Int) (x4 Bool) (x5 Bool) (x6 Bool) (x7 Bool) (x8 Bool) (x9 Bool) (x10 Bool) (x11 Bool) (x12 Int)) Bool (let ((a!1 (not x5)) (a!2 (not x6))) (or (and (= x3 0) a!1 a!2 x10) (and (= x3 1) a!1 x6 x10) (and (= x3 2) x5 x6 x10) (and (= x3 3) x5 a!2 x10))))

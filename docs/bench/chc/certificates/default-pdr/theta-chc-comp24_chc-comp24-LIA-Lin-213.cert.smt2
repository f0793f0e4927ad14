; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-213.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv_main2 () Bool true)
(define-fun inv_main5 ((x0 Int)) Bool (>= x0 268435455))
(define-fun inv_main4 ((x0 Int)) Bool true)

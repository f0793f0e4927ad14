; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/extra-small-lia/s_mutants_20_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun inv ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int)) Bool (= x3 (+ x1 x2)))

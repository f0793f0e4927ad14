; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/rust-horn/simple-1-01_unsat_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun %main ((x0_bool Bool)) Bool (not x0_bool))
(define-fun %main.3 ((x0_int Int) (x1 Int) (x2 Bool) (x3 Bool)) Bool (or x2 (not x3)))
(define-fun %main.2 ((x0_int Int) (x1 Int) (x2 Bool) (x3 Bool)) Bool (or (<= (+ x0_int x1) 0) (not x3) (<= x1 0)))

; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/eldarica-misc/LIA/reve/003-horn_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun INV1 ((x0 Int) (x1 Int) (x2 Int) (x3 Int) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int)) Bool (let ((a!1 (+ x0 x7)) (a!2 (+ x2 x5)) (a!3 (+ x8 x9)) (a!4 (+ x1 (* 5 x2) x4))) (and (<= x9 x4) (<= x4 x9) (<= a!1 a!2) (<= a!2 a!1) (<= a!3 a!4) (<= a!4 a!3))))

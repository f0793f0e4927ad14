; A model of the clauses of /work/shared/benchmarks/chc/theta-chc-comp24/chc-comp24-LIA-Lin-059.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Bool) (x1 Bool) (x2 Bool) (x3 Bool) (x4 Bool) (x5 Bool) (x6 Bool) (x7 Bool)) Bool (let ((a!1 (not x0)) (a!2 (not x1)) (a!3 (not x2))) (and (or a!1 x6) (or a!2 a!3) x6 (or a!1 a!3) (or a!2 x4) (or x2 x6) (or x5 a!3) (or x6 x4) (or (not x4) x1) (or a!1 a!2))))

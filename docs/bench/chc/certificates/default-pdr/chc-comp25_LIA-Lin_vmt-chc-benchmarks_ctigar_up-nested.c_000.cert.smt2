; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/up-nested.c_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Bool) (x1 Bool) (x2 Bool) (x3 Bool) (x4 Int) (x5 Int) (x6 Int) (x7 Int)) Bool (let ((a!1 (not x3)) (a!2 (not x0)) (a!3 (>= x4 0)) (a!4 (not x2))) (and (or a!1 (not x1) a!2) (or a!3 x0 x1 a!1) (or a!4 a!1) (or a!3 x1 a!4) (or a!3 a!2) (or a!3 a!1) (or x1 a!3 a!4) (or x1 a!2 a!3) (or a!3 x1 a!4 (<= x5 x7)))))

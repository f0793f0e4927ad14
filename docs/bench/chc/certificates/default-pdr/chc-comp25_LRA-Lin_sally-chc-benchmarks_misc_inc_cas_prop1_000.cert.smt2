; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LRA-Lin/sally-chc-benchmarks/misc/inc_cas_prop1_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun invariant ((x0 Bool) (x1 Bool) (x2 Real) (x3 Real) (x4 Real) (x5 Real) (x6 Real) (x7 Real) (x8 Real)) Bool (let ((a!1 (<= x8 0.0))) (and (not (and x1 a!1)) (not (and x0 a!1)) (not (and (<= x2 0.0) (= x6 1.0))) (not (and (<= x3 0.0) (= x7 1.0))) (not (<= x8 (- 1.0))))))

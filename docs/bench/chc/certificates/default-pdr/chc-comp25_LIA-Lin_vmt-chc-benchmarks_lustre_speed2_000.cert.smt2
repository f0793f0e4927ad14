; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/speed2_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Int) (x1 Bool) (x2 Bool) (x3 Bool) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int) (x10 Int) (x11 Bool) (x12 Bool) (x13 Int) (x14 Bool) (x15 Bool) (x16 Bool) (x17 Bool) (x18 Bool) (x19 Bool) (x20 Bool)) Bool (and x18 (<= x6 (+ x0 x10))))

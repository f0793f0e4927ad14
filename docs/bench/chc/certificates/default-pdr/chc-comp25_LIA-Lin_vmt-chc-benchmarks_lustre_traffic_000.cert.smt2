; A model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/lustre/traffic_000.smt2 (CHC-COMP: sat), found and checked by vigil.
; Under these interpretations of the predicates every clause of the file is valid.
(define-fun state ((x0 Int) (x1 Bool) (x2 Int) (x3 Bool) (x4 Int) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Bool)) Bool x9)

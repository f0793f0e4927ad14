; No model of the clauses of /work/shared/benchmarks/chc/chc-comp25/LIA-Lin/vmt-chc-benchmarks/ctigar/svd3.c_000.smt2: vigil proved them sat (false is not derivable) by
; 10-induction, and checked its certificate, the 10-inductive invariant below; it is no
; model (a clause may not be valid under it). Run with --algorithm cegar, ic3 or impact for a model.
; (define-fun state ((x0 Bool) (x1 Bool) (x2 Bool) (x3 Bool) (x4 Bool) (x5 Int) (x6 Int) (x7 Int) (x8 Int) (x9 Int)) Bool true)

; The sums of sums.smt2 with a query that asks for 3: 1 = 0 + 0 + 1 and 3 = 1 + 1 + 1, so false is
; derivable (unsat); the derivation, a tree of four clause instances, is the certificate.
(set-logic HORN)
(declare-fun sum (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (sum x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (sum x) (sum y) (= z (+ x y 1))) (sum z))))
(assert (forall ((x Int)) (=> (and (sum x) (= x 3)) false)))
(check-sat)
(exit)

; A nonlinear system: sum holds of 0 and of x + y + 1 for any two numbers it holds of (a clause with
; two body atoms, as a recursive function with two calls gives). No such sum is negative, so false
; is not derivable (sat); the model is the certificate. PDR over clauses checks it.
(set-logic HORN)
(declare-fun sum (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (sum x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (sum x) (sum y) (= z (+ x y 1))) (sum z))))
(assert (forall ((x Int)) (=> (and (sum x) (< x 0)) false)))
(check-sat)
(exit)

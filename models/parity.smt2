; A counter and its parity: x counts up from 0 and p flips with every step, so p is 0 exactly when
; x is even, and x = 7 never comes with p = 0 (sat). Split TPA proves it in a few seconds, TPA not
; within 30 s: the relations of exactly 2^n steps keep p apart from the shorter paths.
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (p Int)) (=> (and (= x 0) (= p 0)) (inv x p))))
(assert (forall ((x Int) (p Int) (x1 Int) (p1 Int)) (=> (and (inv x p) (= x1 (+ x 1)) (= p1 (- 1 p))) (inv x1 p1))))
(assert (forall ((x Int) (p Int)) (=> (and (inv x p) (= p 0) (= x 7)) false)))
(check-sat)
(exit)

#!/usr/bin/env python3
"""Reference figures for the SPRT of `arbiter match --sprt` (arbiter/src/results/sprt.rs).

An independent computation of the GSPRT log-likelihood ratio: for each
hypothesis' expected score s it maximises the concave dual function
D_s(l) = sum n_i ln(1 + l (a_i - s)) by golden-section search (the Rust code
bisects on its derivative instead); LLR = max D_s0 - max D_s1. It also prints
fishtest's closed-form approximation N (s1 - s0) (2m - s0 - s1) / (2 var) as
a cross-check. Usage: python3 scripts/sprt_reference.py
"""
import math

PENTA = [0.0, 0.25, 0.5, 0.75, 1.0]
PAIRS = [0.0, 0.5, 1.0]


def score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def max_dual(counts, outcomes, s):
    lo = -1.0 / (max(outcomes) - s)
    hi = 1.0 / (s - min(outcomes))
    # stay strictly inside the domain
    eps = 1e-12 * (hi - lo)
    lo, hi = lo + eps, hi - eps

    def d(l):
        return sum(n * math.log(1.0 + l * (a - s)) for n, a in zip(counts, outcomes) if n)

    g = (math.sqrt(5.0) - 1.0) / 2.0
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = d(x1), d(x2)
    for _ in range(300):
        if f1 < f2:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = d(x2)
        else:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = d(x1)
    return d(0.5 * (lo + hi))


def llr(counts, outcomes, elo0, elo1):
    return max_dual(counts, outcomes, score(elo0)) - max_dual(counts, outcomes, score(elo1))


def approx(counts, outcomes, elo0, elo1):
    n = sum(counts)
    m = sum(c * a for c, a in zip(counts, outcomes)) / n
    var = sum(c * (a - m) ** 2 for c, a in zip(counts, outcomes)) / n
    s0, s1 = score(elo0), score(elo1)
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var)


CASES = [
    ([10, 20, 40, 20, 10], PENTA, 0.0, 10.0),
    ([5, 20, 40, 25, 10], PENTA, 0.0, 10.0),
    ([2, 10, 30, 40, 18], PENTA, 0.0, 5.0),
    ([30, 61, 160, 90, 40], PENTA, -5.0, 5.0),
    ([40, 20, 60], PAIRS, 0.0, 10.0),
]

if __name__ == "__main__":
    for counts, outcomes, e0, e1 in CASES:
        print(f"{counts} elo0={e0} elo1={e1}: LLR {llr(counts, outcomes, e0, e1):.4f} "
              f"(approximation {approx(counts, outcomes, e0, e1):.4f})")

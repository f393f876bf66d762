#!/usr/bin/python3
"""Coefficients of geofield's haversine angle (asin_sqrt_over_sqrt in core/field_math.h).

The great-circle angle from the haversines a = hav(angle) and b = hav(pi - angle) (a + b = 1,
both sums of non-negative terms, so each keeps its relative accuracy) is

    angle / 2 = asin(sqrt(a))          when a <= b  (then a <= 1/2)
              = pi/2 - asin(sqrt(b))   when a >  b  (then b <  1/2)

so one polynomial serves the whole sphere: asin(sqrt(m)) = sqrt(m) * P(m) for m in [0, 1/2],
P(m) = 1 + m Q(m). One square root and a polynomial: no division and no atan2, which the
CPU backend's vectorised loop and the GPU kernel both pay for dearly, and no branch (a select).

Q is minimax in the relative error of P over m in [0, 0.5005] (the upper end leaves room for
a + b rounding a little above 1), found by a Remez exchange in mpmath at 50 digits. The
coefficients are then rounded to the working precision and the evaluation written as
field_math.h writes it (Horner, no fused multiply-add) is checked against mpmath in units in
the last place (ulp) of the result, over the whole [0, pi/2] of angle / 2.

The coefficients are printed as the #define of core/field_constants.h that holds them, the one
copy that C++, CUDA and (through the generated field_constants.glsl) the shaders read:
float 7 is GF_ASIN_Q32, double 18 GF_ASIN_Q64, double 12 GF_ASIN_Q_FOR_FLOAT.

Usage: /usr/bin/python3 scripts/fit_asin_poly.py float|double [TERMS]
       (Debian's python3 with python3-numpy and python3-mpmath; a minute or two)
"""
import argparse

import mpmath as mp
import numpy as np

mp.mp.dps = 50
M_MAX = mp.mpf("0.5005")
# The lists of core/field_constants.h, by the fit that makes each.
MACROS = {("float", 7): "GF_ASIN_Q32", ("double", 18): "GF_ASIN_Q64",
          ("double", 12): "GF_ASIN_Q_FOR_FLOAT"}


def p_exact(m):
    """asin(sqrt m) / sqrt m, with its limit 1 at m = 0."""
    m = mp.mpf(m)
    if m == 0:
        return mp.mpf(1)
    r = mp.sqrt(m)
    return mp.asin(r) / r


def remez(terms, iterations=40):
    """q[0..terms-1]: max over [0, M_MAX] of |(1 + m Q(m)) / p_exact(m) - 1| as small as can be."""
    n = terms + 1
    x = [M_MAX * (1 - mp.cos(mp.pi * (k + 1) / n)) / 2 for k in range(n)]  # error is 0 at m = 0
    dense = [M_MAX * k / 20000 for k in range(1, 20001)]
    f_dense = [p_exact(m) for m in dense]
    level = mp.mpf(0)
    for _ in range(iterations):
        a = mp.matrix(n, n)
        rhs = mp.matrix(n, 1)
        for i, xi in enumerate(x):
            f = p_exact(xi)
            for j in range(terms):
                a[i, j] = xi ** (j + 1)
            a[i, terms] = (-1) ** i * f
            rhs[i] = f - 1
        sol = mp.lu_solve(a, rhs)
        q = [sol[j] for j in range(terms)]
        level = abs(sol[terms])

        def err(m, f):
            return (1 + m * mp.polyval(q[::-1], m)) / f - 1

        e = [err(m, f) for m, f in zip(dense, f_dense)]
        peaks, start = [], 0
        for k in range(1, len(e) + 1):
            if k == len(e) or mp.sign(e[k]) != mp.sign(e[start]):
                run = range(start, k)
                peaks.append(max(run, key=lambda i: abs(e[i])))
                start = k
        while len(peaks) > n:
            peaks.pop(0 if abs(e[peaks[0]]) < abs(e[peaks[-1]]) else -1)
        if len(peaks) < n:
            break
        x = [dense[i] for i in peaks]
    return q, level


def evaluate(q, m, dtype):
    """The C++ evaluation in dtype: r = sqrt(m) * (1 + m Q(m)), Horner, no fused multiply-add."""
    m = m.astype(dtype)
    acc = np.full_like(m, dtype(q[-1]))
    for c in q[-2::-1]:
        acc = (acc * m).astype(dtype) + dtype(c)
    p = (dtype(1) + (m * acc).astype(dtype)).astype(dtype)
    return (np.sqrt(m) * p).astype(dtype)


def define(name, literals, width=100):
    """The #define of the list as core/field_constants.h writes it (clang-format's layout)."""
    lines, line = [], "  "
    for k, lit in enumerate(literals):
        item = lit + ("," if k + 1 < len(literals) else "")
        if line.strip() and len(line) + 1 + len(item) > width - 2:
            lines.append(line)
            line = "      "
        line += (" " if line.strip() else "") + item
    lines.append(line)
    head = f"#define {name}"
    column = max(len(head), *(len(x) for x in lines[:-1])) + 1
    return "\n".join(x.ljust(column) + "\\" for x in [head] + lines[:-1]) + "\n" + lines[-1]


def main():
    parser = argparse.ArgumentParser(
        description="Fit Q of asin(sqrt m) / sqrt m = 1 + m Q(m) and print it as the #define "
                    "of core/field_constants.h, with its worst error in ulp.")
    parser.add_argument("kind", nargs="?", default="float", choices=["float", "double"])
    parser.add_argument("terms", nargs="?", type=int,
                        help="number of coefficients (default: 7 for float, 18 for double)")
    args = parser.parse_args()
    kind = args.kind
    dtype = {"float": np.float32, "double": np.float64}[kind]
    terms = args.terms or (7 if kind == "float" else 18)
    q, level = remez(terms)
    qr = [dtype(float(c)) for c in q]
    print(f"{kind}: Q with {terms} coefficients, minimax relative error of P {mp.nstr(level, 3)}")
    suffix = "f" if kind == "float" else ""
    name = MACROS.get((kind, terms), f"GF_ASIN_Q_{kind.upper()}_{terms}")
    print("core/field_constants.h, lowest coefficient first:")
    print(define(name, [np.format_float_scientific(c, unique=True, trim="k") + suffix for c in qr]))
    # ulp error of asin(sqrt m) over m in [0, M_MAX], and of pi/2 - asin(sqrt m) (the far half,
    # pi/2 as a hi + lo pair): logarithmic and uniform samples, exact values from mpmath.
    rng = np.random.default_rng(1)
    ms = np.concatenate([np.geomspace(1e-30, 0.5005, 3000), rng.uniform(0, 0.5005, 3000),
                         [0.0, 0.25, 0.5]]).astype(dtype)
    r = evaluate(qr, ms, dtype)
    half_pi_hi = dtype(np.pi / 2)
    half_pi_lo = dtype(float(mp.pi / 2 - mp.mpf(float(half_pi_hi))))
    far = ((half_pi_hi - r).astype(dtype) + half_pi_lo).astype(dtype)
    worst_near = worst_far = 0.0
    for mi, ri, fi in zip(ms, r, far):
        exact = mp.asin(mp.sqrt(mp.mpf(float(mi))))
        for got, want, which in ((ri, exact, "near"), (fi, mp.pi / 2 - exact, "far")):
            if want == 0:
                continue
            ulp = float(np.spacing(dtype(float(want))))
            e = abs(float(mp.mpf(float(got)) - want)) / ulp
            if which == "near":
                worst_near = max(worst_near, e)
            else:
                worst_far = max(worst_far, e)
    print(f"worst error: asin(sqrt m) {worst_near:.2f} ulp, pi/2 - asin(sqrt m) {worst_far:.2f} ulp")


if __name__ == "__main__":
    main()

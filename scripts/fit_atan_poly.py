#!/usr/bin/python3
"""Coefficients of geofield's float atan on [0, 1] (atan2_nonneg in cuda/field_math.h).

    atan(t) ~= t + t^3 Q(t^2),  t in [0, 1],  Q with TERMS coefficients in s = t^2,

Q minimax in the relative error of the whole expression (Remez exchange in numpy double).
The leading term is exactly t, so tiny arguments come out exact and the polynomial only
adds a correction (at most -0.215 at t = 1). The coefficients are then rounded to float and
the float evaluation, written as field_math.h writes it (no fused multiply-add), is checked
against numpy's double arctan2 in units in the last place (ulp) of the float result: for
atan2(t, 1), for atan2(1, t) = pi/2 - atan(t) (the swapped half, where pi/2 is taken as a
float plus its float remainder: the float pi/2 alone is 0.73 ulp off at pi/4), and for random
pairs (y, x), where the rounding of y / x adds up to half an ulp.

Usage: /usr/bin/python3 scripts/fit_atan_poly.py [TERMS]   (Debian's python3 with numpy)
"""
import sys

import numpy as np

TERMS = int(sys.argv[1]) if len(sys.argv) > 1 else 8  # Q of degree 7: atan of degree 17


def atan_over_t(s):
    """atan(sqrt s) / sqrt s, with its limit 1 at s = 0."""
    t = np.sqrt(s)
    return np.arctan(t) / np.where(t > 0, t, 1.0) if np.ndim(s) else (
        np.arctan(t) / t if t > 0 else 1.0)


def remez(terms, iterations=60):
    """q[0..terms-1] minimising max |(1 + s Q(s)) / atan_over_t(s) - 1| over s in [0, 1]."""
    n = terms + 1  # reference points: the coefficients and the levelled error
    x = 0.5 - 0.5 * np.cos(np.pi * (np.arange(n) + 1) / n)  # in (0, 1]: the error is 0 at s = 0
    dense = np.linspace(0, 1, 400001)[1:]
    f_dense = atan_over_t(dense)
    for _ in range(iterations):
        f = atan_over_t(x)
        a = np.hstack([x[:, None] ** np.arange(1, terms + 1), ((-1.0) ** np.arange(n) * f)[:, None]])
        sol = np.linalg.solve(a, f - 1)
        q, level = sol[:-1], sol[-1]
        err = (1 + dense * np.polyval(q[::-1], dense)) / f_dense - 1
        runs = np.split(np.arange(dense.size), np.flatnonzero(np.diff(np.sign(err)) != 0) + 1)
        peaks = np.array([r[np.argmax(np.abs(err[r]))] for r in runs])
        while peaks.size > n:  # keep n alternating peaks, dropping the smaller end
            peaks = np.delete(peaks, 0 if abs(err[peaks[0]]) < abs(err[peaks[-1]]) else -1)
        if peaks.size < n:
            break
        x = dense[peaks]
    return q, abs(level), np.max(np.abs(err))


def float_atan2_nonneg(y, x, q32):
    """atan2(y, x), y, x >= 0, in float32 step by step as field_math.h computes it."""
    f = np.float32
    y, x = y.astype(f), x.astype(f)
    mn, mx = np.minimum(y, x), np.maximum(y, x)
    t = mn / mx
    s = t * t
    p = q32[-1]
    for qk in q32[-2::-1]:
        p = p * s + qk
    r = t + (t * s) * p
    half_pi_hi = f(np.pi / 2)
    half_pi_lo = f(np.pi / 2 - float(half_pi_hi))
    return np.where(y > x, (half_pi_hi - r) + half_pi_lo, r)


def ulp_error(got, y, x):
    exact = np.arctan2(y.astype(np.float64), x.astype(np.float64))
    ulp = np.spacing(np.abs(exact).astype(np.float32)).astype(np.float64)
    return np.abs(got.astype(np.float64) - exact) / ulp


def main():
    q, level, dense_err = remez(TERMS)
    q32 = [np.float32(v) for v in q]
    print(f"atan(t) = t + t^3 Q(t^2), Q of degree {TERMS - 1}: minimax relative error "
          f"{level:.3e} (dense check {dense_err:.3e})")
    for k, v in enumerate(q32):
        print(f"  q{k} = {float(v):.9g}f")
    rng = np.random.default_rng(1)
    t = np.concatenate([np.linspace(0, 1, 4_000_001), rng.random(4_000_000),
                        10.0 ** rng.uniform(-38, 0, 1_000_000)]).astype(np.float32)
    ones = np.ones_like(t)
    below = ulp_error(float_atan2_nonneg(t, ones, q32), t, ones)
    above = ulp_error(float_atan2_nonneg(ones, t, q32), ones, t)
    print(f"float evaluation, max error: atan2(t, 1) {below.max():.3f} ulp at t = "
          f"{t[below.argmax()]:.6g}, atan2(1, t) {above.max():.3f} ulp at t = {t[above.argmax()]:.6g}")
    y = (10.0 ** rng.uniform(-6, 6, 4_000_000)).astype(np.float32)
    x = (10.0 ** rng.uniform(-6, 6, 4_000_000)).astype(np.float32)
    pairs = ulp_error(float_atan2_nonneg(y, x, q32), y, x)
    print(f"  random pairs: {pairs.max():.3f} ulp at y = {y[pairs.argmax()]:.6g}, x = {x[pairs.argmax()]:.6g}")
    print(f"  pi/2 = {float(np.float32(np.pi / 2)):.9g}f + {float(np.float32(np.pi / 2 - float(np.float32(np.pi / 2)))):.9g}f")


if __name__ == "__main__":
    main()

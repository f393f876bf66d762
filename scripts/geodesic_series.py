#!/usr/bin/python3
"""The series of core/geodesic.h, derived from the integrals of Karney (2013), "Algorithms for
geodesics", J. Geodesy 87:43-55, and printed as the C++ that geodesic.h holds.

On the auxiliary sphere a geodesic's distance and longitude are integrals over the arc sigma
(eqs. 7, 8, 9), with k = e' cos(alpha0):

    I1(sigma) = int_0^sigma sqrt(1 + k^2 sin^2 s) ds                             (distance / b)
    I2(sigma) = int_0^sigma 1 / sqrt(1 + k^2 sin^2 s) ds                         (reduced length)
    I3(sigma) = int_0^sigma (2 - f) / (1 + (1 - f) sqrt(1 + k^2 sin^2 s)) ds     (longitude)

With eps = (sqrt(1 + k^2) - 1) / (sqrt(1 + k^2) + 1) (the paper's), sqrt(1 + k^2 sin^2 s) =
|1 - eps z| / (1 - eps) where z = exp(2 i s): each integrand is a Laurent series in z whose
z^0 coefficient c0 gives the secular term and whose z^l coefficient cl gives
(cl / l) sin(2 l s). So I = A (sigma + sum_l C_l sin(2 l sigma)) with A = c0, C_l = cl / (l c0).

I1 and I2 are expanded to eps^6; I3, which the longitude multiplies by f,
in eps and the third flattening n = f / (2 - f) to total degree 5: the order-6
series of the paper. The script checks each series against numerical quadrature.

Usage: /usr/bin/python3 scripts/geodesic_series.py   (Debian's python3-sympy and python3-mpmath)
"""
import mpmath as mp
import sympy as sp

eps, n, z, t = sp.symbols("epsilon n z t")
ORDER_I12 = 6  # eps^6 kept in I1, I2
ORDER_I3 = 5  # total degree in (eps, n) kept in I3


def laurent_coefficients(expr, order, lmax):
    """expr's z^l coefficients, l = 0..lmax, as polynomials truncated at t^order (t scales the
    small parameters)."""
    ser = sp.series(expr, t, 0, order + 1).removeO()
    ser = sp.expand(ser)
    return [sp.expand(ser.coeff(z, l)) for l in range(lmax + 1)]


def truncate(expr, order):
    return sp.expand(sp.series(sp.expand(expr), t, 0, order + 1).removeO())


def secular_and_periodic(c, order):
    """A = c0 and C_l = c_l / (l c0), each truncated at t^order."""
    a = truncate(c[0], order)
    cs = [truncate(c[l] / (l * c[0]), order) for l in range(1, len(c))]
    return a, cs


def at(expr):
    return expr.subs(t, 1)


abs1mez = sp.sqrt((1 - t * eps * z) * (1 - t * eps / z))  # |1 - eps z|

# I1 = (1 / (1 - eps)) int |1 - eps z|; I2 = (1 - eps) int 1 / |1 - eps z|.
c1 = laurent_coefficients(abs1mez, ORDER_I12, ORDER_I12)
a1_times_1me, cc1 = secular_and_periodic(c1, ORDER_I12)
c2 = laurent_coefficients(1 / abs1mez, ORDER_I12, ORDER_I12)
a2_over_1me, cc2 = secular_and_periodic(c2, ORDER_I12)

# I3: f = 2n/(1+n), so (2 - f) / (1 + (1 - f) |1 - eps z| / (1 - eps))
#   = 2 (1 - eps) / ((1 + n)(1 - eps) + (1 - n) |1 - eps z|).
tn = t * n
te = t * eps
i3 = 2 * (1 - te) / ((1 + tn) * (1 - te) + (1 - tn) * abs1mez)
c3 = laurent_coefficients(i3, ORDER_I3, ORDER_I3)
a3, cc3 = secular_and_periodic(c3, ORDER_I3)


def check():
    """Each series against quadrature of its integral at WGS84-like and larger parameters."""
    mp.mp.dps = 30
    worst = 0
    for fval in (1 / 298.257223563, 1 / 150.0):
        nval = fval / (2 - fval)
        ep2 = fval * (2 - fval) / (1 - fval) ** 2
        for calp0 in (0.1, 0.7, 1.0):
            k2 = ep2 * calp0**2
            e = (mp.sqrt(1 + k2) - 1) / (mp.sqrt(1 + k2) + 1)
            for sig in (0.3, 1.7, 2.9):
                sub = {eps: e, n: nval}
                exact1 = mp.quad(lambda s: mp.sqrt(1 + k2 * mp.sin(s) ** 2), [0, sig])
                exact2 = mp.quad(lambda s: 1 / mp.sqrt(1 + k2 * mp.sin(s) ** 2), [0, sig])
                exact3 = mp.quad(
                    lambda s: (2 - fval) / (1 + (1 - fval) * mp.sqrt(1 + k2 * mp.sin(s) ** 2)),
                    [0, sig])

                def series(a, cs):
                    av = mp.mpf(sp.N(at(a).subs(sub), 30))
                    return av * (sig + sum(
                        mp.mpf(sp.N(at(cl).subs(sub), 30)) * mp.sin(2 * (l + 1) * sig)
                        for l, cl in enumerate(cs)))

                s1 = series(a1_times_1me, cc1) / (1 - e)
                s2 = series(a2_over_1me, cc2) * (1 - e)
                s3 = series(a3, cc3)
                # Relative errors; I3's is multiplied by f in the longitude.
                worst = max(worst, abs(s1 / exact1 - 1), abs(s2 / exact2 - 1),
                            fval * abs(s3 / exact3 - 1))
    return worst


def cxx_poly(expr, var):
    """Coefficients of a polynomial in var, lowest first, as C++ double literals."""
    p = sp.Poly(sp.expand(expr), var)
    coeffs = [p.coeff_monomial(var**k) for k in range(p.degree() + 1)]
    return coeffs


def frac(q):
    q = sp.Rational(q)
    return f"{q.p}.0 / {q.q}" if q.q != 1 else f"{q.p}.0"


def main():
    print("// I1: A1 = (1 + a1[2] eps^2 + ...) / (1 - eps)")
    print("A1 numerator:", [frac(c) for c in cxx_poly(at(a1_times_1me), eps)])
    for l, c in enumerate(cc1, 1):
        print(f"C1[{l}]:", [frac(x) for x in cxx_poly(at(c), eps)])
    print("// I2: A2 = (1 - eps) * (...)")
    print("A2 / (1 - eps):", [frac(c) for c in cxx_poly(at(a2_over_1me), eps)])
    print("A2 (1 + eps):", [frac(c) for c in cxx_poly(truncate(a2_over_1me * (1 - t**2 * eps**2),
                                                              ORDER_I12).subs(t, 1), eps)])
    for l, c in enumerate(cc2, 1):
        print(f"C2[{l}]:", [frac(x) for x in cxx_poly(at(c), eps)])
    print("// I3: coefficients of eps^k as polynomials in n (lowest power of n first)")
    a3p = sp.Poly(at(a3), eps)
    for k in range(ORDER_I3 + 1):
        print(f"A3 eps^{k}:", [frac(x) for x in cxx_poly(a3p.coeff_monomial(eps**k) + 0 * n, n)])
    for l, c in enumerate(cc3, 1):
        cp = sp.Poly(at(c), eps)
        for k in range(l, ORDER_I3 + 1):
            print(f"C3[{l}] eps^{k}:",
                  [frac(x) for x in cxx_poly(cp.coeff_monomial(eps**k) + 0 * n, n)])
    print(f"largest relative error of the series against quadrature: {float(check()):.3g}")


if __name__ == "__main__":
    main()

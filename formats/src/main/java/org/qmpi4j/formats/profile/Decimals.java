package org.qmpi4j.formats.profile;

/**
 * Numbers as {@code String.format(Locale.ROOT, "%.nf")} and {@code "%.ng"} write them, without
 * {@link java.util.Formatter}: its first floating-point conversion in a JVM loads the locale
 * providers and decimal-format symbols, uncompiled code that a short job's report would pay for at
 * {@code MPI_Finalize}.
 *
 * <p>Like the formatter, it rounds half up on the decimal digits of {@link Double#toString}
 * (the shortest digits that read back as the same double), not on the exact binary value:
 * {@code fixed(0.15, 1)} is {@code 0.2}. A negative value that rounds to zero keeps its sign
 * ({@code -0.0}), as the formatter's does.
 */
public final class Decimals {
    private Decimals() {}

    /** {@code v} with {@code decimals} digits after the point: {@code String.format(Locale.ROOT, "%.<decimals>f", v)}. */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return special(v);
        }
        Digits d = Digits.of(v);
        d.round(d.exp + decimals);
        StringBuilder sb = new StringBuilder(24);
        if (d.negative) {
            sb.append('-');
        }
        d.appendFixed(sb, decimals);
        return sb.toString();
    }

    /**
     * {@code v} with {@code significant} significant digits: {@code String.format(Locale.ROOT,
     * "%.<significant>g", v)}; plain when the rounded value is at least 10<sup>-4</sup> and below
     * 10<sup>significant</sup>, else in scientific form ({@code 1.23e+05}).
     */
    public static String significant(double v, int significant) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return special(v);
        }
        int p = significant <= 0 ? 1 : significant;
        Digits d = Digits.of(v);
        StringBuilder sb = new StringBuilder(24);
        if (d.negative) {
            sb.append('-');
        }
        if (d.n == 0) { // zero
            d.appendFixed(sb, p - 1);
            return sb.toString();
        }
        d.round(p);
        int e = d.exp - 1; // the exponent of the first digit, after rounding
        if (e < -4 || e >= p) {
            sb.append(d.digit(0));
            if (p > 1) {
                sb.append('.');
                for (int i = 1; i < p; i++) {
                    sb.append(d.digit(i));
                }
            }
            sb.append('e').append(e < 0 ? '-' : '+');
            int a = Math.abs(e);
            if (a < 10) {
                sb.append('0');
            }
            sb.append(a);
            return sb.toString();
        }
        d.appendFixed(sb, p - 1 - e);
        return sb.toString();
    }

    private static String special(double v) {
        return Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    }

    /** The shortest decimal digits of |v|: v = 0.d<sub>0</sub>d<sub>1</sub>... × 10<sup>exp</sup>. */
    private static final class Digits {
        final boolean negative;
        /** The significant digits (no leading zeros), as characters; longer than {@code n} after a carry. */
        char[] d;

        int n;
        int exp;

        private Digits(boolean negative, char[] d, int n, int exp) {
            this.negative = negative;
            this.d = d;
            this.n = n;
            this.exp = exp;
        }

        static Digits of(double v) {
            boolean negative = Double.compare(v, 0.0) < 0;
            String s = Double.toString(Math.abs(v)); // "123.45", "0.00123", "1.2345E10", "1.0E-5"
            int e = s.indexOf('E');
            int end = e < 0 ? s.length() : e;
            int exp10 = e < 0 ? 0 : Integer.parseInt(s.substring(e + 1));
            char[] d = new char[end + 1];
            int n = 0;
            int point = -1;
            int pointAt = 0; // digits (leading zeros included) before the point
            int leading = 0;
            for (int i = 0; i < end; i++) {
                char c = s.charAt(i);
                if (c == '.') {
                    point = i;
                    continue;
                }
                if (n == 0 && c == '0') {
                    leading++;
                } else {
                    d[n++] = c;
                }
                if (point < 0) {
                    pointAt++;
                }
            }
            while (n > 0 && d[n - 1] == '0') {
                n--;
            }
            // value = 0.(leading zeros)(digits) × 10^(pointAt + exp10)
            int exp = n == 0 ? 0 : pointAt + exp10 - leading;
            return new Digits(negative, d, n, exp);
        }

        char digit(int i) {
            return i < n ? d[i] : '0';
        }

        /** Keeps the first {@code keep} digits, rounding half up on the next one. */
        void round(int keep) {
            if (keep >= n) {
                return;
            }
            if (keep < 0) {
                n = 0;
                return;
            }
            boolean up = d[keep] >= '5';
            n = keep;
            if (!up) {
                trim();
                return;
            }
            int i = keep - 1;
            while (i >= 0 && d[i] == '9') {
                d[i] = '0';
                i--;
            }
            if (i >= 0) {
                d[i]++;
            } else { // all nines (or nothing kept): a new leading 1
                char[] m = new char[Math.max(d.length, keep + 1) + 1];
                m[0] = '1';
                System.arraycopy(d, 0, m, 1, keep);
                d = m;
                n = keep + 1;
                exp++;
            }
            trim();
        }

        private void trim() {
            while (n > 0 && d[n - 1] == '0') {
                n--;
            }
            if (n == 0) {
                exp = 0;
            }
        }

        void appendFixed(StringBuilder sb, int decimals) {
            if (n == 0 || exp <= 0) {
                sb.append('0');
            } else {
                for (int i = 0; i < exp; i++) {
                    sb.append(digit(i));
                }
            }
            if (decimals > 0) {
                sb.append('.');
                for (int k = 0; k < decimals; k++) {
                    int i = exp + k; // position of the k-th decimal among the digits
                    sb.append(n == 0 || i < 0 ? '0' : digit(i));
                }
            }
        }
    }
}

package org.qmpi4j.formats.profile;

/** Formatting of sizes and times for people (reports, tooltips). */
public final class Units {
    private Units() {}

    /** {@code 512 B}, {@code 1.5 KiB}, {@code 3 MiB}, ... */
    public static String bytes(long b) {
        if (b < 1024) {
            return b + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = b;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return Decimals.fixed(v, v == Math.rint(v) ? 0 : 1) + " " + units[u];
    }

    /** Seconds with a unit that keeps 3 significant digits readable: {@code 12.3 us}, {@code 4.56 ms}. */
    public static String seconds(double s) {
        double a = Math.abs(s);
        if (a == 0) {
            return "0 s";
        }
        if (a < 1e-3) {
            return Decimals.significant(s * 1e6, 3) + " us";
        }
        if (a < 1) {
            return Decimals.significant(s * 1e3, 3) + " ms";
        }
        return Decimals.significant(s, 3) + " s";
    }
}

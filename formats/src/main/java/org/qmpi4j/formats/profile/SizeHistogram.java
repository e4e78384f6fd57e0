package org.qmpi4j.formats.profile;

/**
 * Message sizes in power-of-two buckets: bucket 0 holds empty messages, bucket {@code k >= 1}
 * holds sizes from {@code 2^(k-1)} to {@code 2^k - 1} bytes. 65 buckets cover every {@code long}.
 */
public final class SizeHistogram {
    public static final int BUCKETS = 65;

    private SizeHistogram() {}

    /** The bucket of a message of {@code bytes} bytes (negative sizes count as empty). */
    public static int bucketOf(long bytes) {
        return bytes <= 0 ? 0 : 64 - Long.numberOfLeadingZeros(bytes);
    }

    /** Smallest size in bucket {@code k}. */
    public static long lowerBound(int k) {
        return k == 0 ? 0 : 1L << (k - 1);
    }

    /** Largest size in bucket {@code k}. */
    public static long upperBound(int k) {
        return k == 0 ? 0 : k == 64 ? Long.MAX_VALUE : (1L << k) - 1;
    }

    /** {@code "0 B"}, {@code "1 B"}, {@code "[2 B, 4 B)"}, {@code "[1 KiB, 2 KiB)"}, ... for report tables. */
    public static String label(int k) {
        if (k <= 1) {
            return k + " B";
        }
        return "[" + Units.bytes(lowerBound(k)) + ", " + (k == 64 ? "inf" : Units.bytes(upperBound(k) + 1)) + ")";
    }
}

package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.FindingSite;

/**
 * The bytes of one signature message ({@link Signatures}): where each field is, written and read
 * in place in a direct buffer (Open MPI's binding) or a byte array (MPJ Express), big-endian, so
 * that neither side allocates unless it reports a finding. A header of fixed fields, then the
 * sender's call site (class, method, file) and a derived type's description as texts, each its
 * UTF-8 length in two bytes and its bytes, cut.
 */
final class SignatureRecord {
    /** A signature's bytes at most: the header, three texts of the site and the type's description, each cut. */
    static final int MAX = 1152;
    /** The first two bytes of a signature: its format, so that a receiver never reads another. */
    private static final short FORMAT = 0x5134;

    // The header's fields, by offset.
    private static final int LENGTH = 2;
    private static final int TYPE_CODE = 4;
    private static final int COUNT = 8;
    private static final int BYTES = 16;
    private static final int FUNCTION = 24;
    private static final int LINE = 28;
    private static final int RANK = 32;
    private static final int TYPE_HASH = 36;
    private static final int TYPE_LENGTH = 44;
    /** {@code buffering_deadlock}: the send's point (-1 unless a blocking send) ({@link ZeroBuffering}). */
    private static final int POINT = 52;
    /** {@code buffering_deadlock}: the receives the sender had posted from the destination. */
    private static final int POSTED = 60;
    /** {@code message_race}: the sender's clock ({@link MessageRaces}). */
    private static final int CLOCK = 64;
    /** {@code message_race}: whether the sender's clock is unsure. */
    private static final int UNSURE = 72;
    /** The header's bytes: the texts start here. */
    private static final int HEADER = 76;

    /** What a signature carries of each text of the call site, at most (UTF-8 bytes). */
    private static final int TEXT = 300;
    /** What a signature carries of a derived type's description, at most (UTF-8 bytes). */
    private static final int TYPE_TEXT = 160;

    private SignatureRecord() {}

    /**
     * Writes the signature of {@code call} into {@code buffer}, of {@code count} elements of a
     * datatype of signature {@code type} ({@code null}: not known), sent by world rank {@code rank};
     * its length in bytes. A derived type's description goes last, for the receiver's finding.
     */
    static int write(Object buffer, MpiCall call, @Nullable TypeSignature type, int count, long bytes, int rank) {
        CallingAddress a = call.callingAddress();
        int at = HEADER;
        at = text(buffer, at, a == null ? "(unknown)" : a.className(), TEXT);
        at = text(buffer, at, a == null ? "(unknown)" : a.methodName(), TEXT);
        at = text(buffer, at, a == null || a.fileName() == null ? "" : a.fileName(), TEXT);
        at = text(buffer, at, type == null || type.code >= 0 ? "" : type.text, TYPE_TEXT);
        putShort(buffer, 0, FORMAT);
        putShort(buffer, LENGTH, (short) at);
        putInt(buffer, TYPE_CODE, type == null ? -1 : type.code);
        putLong(buffer, TYPE_HASH, type == null ? 0 : type.hashOf(count));
        putLong(buffer, TYPE_LENGTH, type == null ? -1 : type.lengthOf(count));
        putLong(buffer, COUNT, count);
        putLong(buffer, BYTES, bytes);
        putInt(buffer, FUNCTION, call.function().ordinal());
        putInt(buffer, LINE, a == null ? -1 : a.line());
        putInt(buffer, RANK, rank);
        return at;
    }

    /** Writes what {@code buffering_deadlock} reads: the send's point and the receives posted. */
    static void writeBuffering(Object buffer, long point, int posted) {
        putLong(buffer, POINT, point);
        putInt(buffer, POSTED, posted);
    }

    /** Writes what {@code message_race} reads: the sender's clock and whether it is unsure. */
    static void writeClock(Object buffer, long clock, boolean unsure) {
        putLong(buffer, CLOCK, clock);
        putInt(buffer, UNSURE, unsure ? 1 : 0);
    }

    /** Whether {@code b} holds a signature of this format, of a length that fits. */
    static boolean valid(Object b) {
        int length = getShort(b, LENGTH);
        return getShort(b, 0) == (FORMAT & 0xffff) && length >= HEADER && length <= MAX;
    }

    /** The signature's length in bytes. */
    static int length(Object b) {
        return getShort(b, LENGTH);
    }

    /** The code of the sent datatype's basic type ({@link TypeSignatures#BASIC}), or -1. */
    static int typeCode(Object b) {
        return getInt(b, TYPE_CODE);
    }

    static long count(Object b) {
        return getLong(b, COUNT);
    }

    static long bytes(Object b) {
        return getLong(b, BYTES);
    }

    /** The sender's world rank. */
    static int rank(Object b) {
        return getInt(b, RANK);
    }

    static long typeHash(Object b) {
        return getLong(b, TYPE_HASH);
    }

    /** The length of the sent type signature, or -1 where it is not known. */
    static long typeLength(Object b) {
        return getLong(b, TYPE_LENGTH);
    }

    static long point(Object b) {
        return getLong(b, POINT);
    }

    static int posted(Object b) {
        return getInt(b, POSTED);
    }

    static long clock(Object b) {
        return getLong(b, CLOCK);
    }

    static boolean unsure(Object b) {
        return getInt(b, UNSURE) != 0;
    }

    /** A derived type's description, after the site's texts (made only for a finding). */
    static String typeText(Object b) {
        int at = HEADER;
        for (int text = 0; text < 3; text++) { // the site's class, method and file
            at += 2 + getShort(b, at);
        }
        return getText(b, at);
    }

    /** The byte at {@code i} of a signature. */
    static byte byteAt(Object b, int i) {
        return getByte(b, i);
    }

    /** The sender's site as the signature in {@code b} tells it (made only for a finding). */
    static FindingSite senderSite(Object b) {
        MpiFunction[] functions = MpiFunction.values();
        int fn = getInt(b, FUNCTION);
        int at = HEADER;
        String className = getText(b, at);
        at += 2 + getShort(b, at);
        String method = getText(b, at);
        at += 2 + getShort(b, at);
        String file = getText(b, at);
        return new FindingSite(
                rank(b),
                fn >= 0 && fn < functions.length ? functions[fn].name() : "unknown",
                className,
                method,
                file.isEmpty() ? null : file,
                getInt(b, LINE));
    }

    /** {@code s} at {@code at} as its UTF-8 length (two bytes) and bytes, cut at {@code limit}; where the next goes. */
    private static int text(Object buffer, int at, @Nullable String s, int limit) {
        String t = s == null ? "" : s;
        int n = 0;
        boolean ascii = true;
        for (int i = 0; i < t.length() && ascii; i++) {
            ascii = t.charAt(i) < 0x80;
        }
        if (ascii) {
            n = Math.min(t.length(), limit);
            for (int i = 0; i < n; i++) {
                putByte(buffer, at + 2 + i, (byte) t.charAt(i));
            }
        } else { // rare: names outside ASCII are encoded (and allocate)
            byte[] b = t.getBytes(StandardCharsets.UTF_8);
            n = Math.min(b.length, limit);
            for (int i = 0; i < n; i++) {
                putByte(buffer, at + 2 + i, b[i]);
            }
        }
        putShort(buffer, at, (short) n);
        return at + 2 + n;
    }

    /** The text written by {@link #text} at {@code at} (made only for a finding). */
    private static String getText(Object b, int at) {
        int n = getShort(b, at);
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = getByte(b, at + 2 + i);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    // ---- absolute reads and writes of a direct buffer or a byte array ----

    private static byte getByte(Object b, int i) {
        return b instanceof ByteBuffer ? ((ByteBuffer) b).get(i) : ((byte[]) b)[i];
    }

    private static void putByte(Object b, int i, byte v) {
        if (b instanceof ByteBuffer) {
            ((ByteBuffer) b).put(i, v);
        } else {
            ((byte[]) b)[i] = v;
        }
    }

    private static int getShort(Object b, int i) {
        return ((getByte(b, i) & 0xff) << 8) | (getByte(b, i + 1) & 0xff);
    }

    private static void putShort(Object b, int i, short v) {
        putByte(b, i, (byte) (v >> 8));
        putByte(b, i + 1, (byte) v);
    }

    private static int getInt(Object b, int i) {
        return (getShort(b, i) << 16) | getShort(b, i + 2);
    }

    private static void putInt(Object b, int i, int v) {
        putShort(b, i, (short) (v >> 16));
        putShort(b, i + 2, (short) v);
    }

    private static long getLong(Object b, int i) {
        return ((long) getInt(b, i) << 32) | (getInt(b, i + 4) & 0xffffffffL);
    }

    private static void putLong(Object b, int i, long v) {
        putInt(b, i, (int) (v >> 32));
        putInt(b, i + 4, (int) v);
    }
}

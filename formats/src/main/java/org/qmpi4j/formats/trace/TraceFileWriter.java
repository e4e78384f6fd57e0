package org.qmpi4j.formats.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.qmpi4j.api.Nullable;

/**
 * Writes one rank's trace file ({@link TraceFormat}) through a fixed buffer: recording an event
 * encodes its numbers as a binary record into the buffer (no text formatting, no allocation); a
 * full buffer goes to disk in one write. The rare records (definitions, clock measurements, the
 * limit) are short text lines inside a record each. Memory stays at the buffer whatever the run's
 * length; the file stops growing at a size limit, after which a record says so and later events
 * are counted but not written.
 *
 * <p>Thread safe: events from several threads are serialised.
 *
 * <p>One class because every kind of record is encoded into the same buffer under the same lock;
 * its length is one short method per kind of record of the format.
 */
public final class TraceFileWriter implements Closeable {
    /** A call that completed no request. */
    private static final long[] NO_COMPLETIONS = new long[0];

    private final OutputStream out;
    private final byte[] buf;
    private final long limitBytes;
    private int pos;
    private long written;
    private long events;
    private long dropped;
    private boolean limitReached;
    private long firstTime;
    private long lastTime;
    /** The start of the event written last: the next one's start is written as the difference. */
    private long previousStart;
    /** Where the text record being written began in the buffer (its length is patched at its end). */
    private int textStart;

    private boolean closed;

    /**
     * @param limitBytes the most bytes the file may hold ({@code Long.MAX_VALUE}: no limit)
     * @param bufferSize bytes kept in memory before writing to disk
     */
    public TraceFileWriter(Path file, int rank, int size, String binding, long limitBytes, int bufferSize)
            throws IOException {
        this(file, rank, size, binding, "", limitBytes, bufferSize);
    }

    /**
     * @param host the rank's host, named in the header so that a trace's tracks can say which node
     *     each rank ran on ({@code ""}: not named)
     */
    public TraceFileWriter(Path file, int rank, int size, String binding, String host, long limitBytes, int bufferSize)
            throws IOException {
        this.out = Files.newOutputStream(
                file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        this.buf = new byte[Math.max(bufferSize, 1024)];
        this.limitBytes = limitBytes;
        // The header stays one text line in every version, so that a reader tells the formats apart by it.
        ascii(TraceFormat.MAGIC)
                .sp()
                .num(TraceFormat.VERSION)
                .sp()
                .num(rank)
                .sp()
                .num(size)
                .sp()
                .ascii(binding);
        if (!host.isEmpty()) {
            sp().ascii(host.replace(' ', '?').replace('\n', '?').replace('\r', '?'));
        }
        buf[pos++] = '\n';
    }

    /** Names function id {@code fid} for the lines that follow. */
    public synchronized void defineFunction(int fid, String name) throws IOException {
        if (closed || limitReached) {
            return;
        }
        reserve(name.length() + 16);
        text().ascii("F ").num(fid).sp().ascii(name).endText();
    }

    /** Names a thread (its first event follows). Characters outside ASCII become '?'. */
    public synchronized void defineThread(long tid, String name) throws IOException {
        if (closed || limitReached) {
            return;
        }
        String clean = name.replace('\n', ' ').replace('\r', ' ');
        reserve(clean.length() + 24);
        text().ascii("T ").num(tid).sp().ascii(clean).endText();
    }

    /**
     * Records a clock measurement (a {@code C} line): at local time {@code local} rank 0's clock
     * read {@code local + offset}, within {@code error}. Written also past the size limit while
     * the line fits, since it maps the calls already written.
     */
    public synchronized void clock(long local, long offset, long error) throws IOException {
        if (closed || written + pos + 80 > limitBytes) {
            return;
        }
        reserve(80);
        text().ascii("C ").num(local).sp().num(offset).sp().num(error).endText();
    }

    /** Records the job's zero on rank 0's clock (a {@code Z} line). */
    public synchronized void zero(long zero) throws IOException {
        if (closed || written + pos + 32 > limitBytes) {
            return;
        }
        reserve(32);
        text().ascii("Z ").num(zero).endText();
    }

    /**
     * Names call site {@code id} for the lines that follow (an {@code S} line). Spaces and line
     * breaks in the names become '?' (the file name is the rest of the line, spaces allowed).
     *
     * @param file the source file, or {@code null} if unknown
     * @param line the source line, or -1 if unknown
     */
    public synchronized void defineSite(int id, String className, String method, @Nullable String file, int line)
            throws IOException {
        if (closed || limitReached) {
            return;
        }
        String f = file == null ? "-" : file.replace('\n', '?').replace('\r', '?');
        reserve(className.length() + method.length() + f.length() + 40);
        text().ascii("S ")
                .num(id)
                .sp()
                .ascii(token(className))
                .sp()
                .ascii(token(method))
                .sp()
                .num(line)
                .sp()
                .ascii(f)
                .endText();
    }

    /**
     * Names communicator {@code id} for the lines that follow (an {@code M} line; see
     * {@link TraceFormat} for the key and the groups' text).
     *
     * @param remoteGroup the remote group's text, {@code null} for an intracommunicator
     */
    public synchronized void defineCommunicator(int id, String key, String localGroup, @Nullable String remoteGroup)
            throws IOException {
        if (closed || limitReached) {
            return;
        }
        String remote = remoteGroup == null ? "-" : remoteGroup;
        reserve(key.length() + localGroup.length() + remote.length() + 32);
        text().ascii("M ")
                .num(id)
                .sp()
                .ascii(key)
                .sp()
                .ascii(remoteGroup == null ? "I" : "X")
                .sp()
                .ascii(localGroup)
                .sp()
                .ascii(remote)
                .endText();
    }

    /**
     * Names sampled performance variable {@code id} for the lines that follow (a {@code V} line):
     * {@code integer}, whether its samples are whole numbers.
     */
    public synchronized void definePvar(int id, boolean integer, String name) throws IOException {
        if (closed || limitReached) {
            return;
        }
        reserve(name.length() + 24);
        text().ascii("V ")
                .num(id)
                .sp()
                .ascii(integer ? "I" : "D")
                .sp()
                .ascii(token(name))
                .endText();
    }

    /**
     * Records a sample of performance variable {@code id} (a {@code P} line): its value at local
     * time {@code time}, written as a whole number if the variable was defined as one.
     */
    public synchronized void pvarSample(int id, long time, double value, boolean integer) throws IOException {
        if (closed || limitReached) {
            return;
        }
        reserve(72);
        text().ascii("P ").num(id).sp().num(time).sp();
        if (integer) {
            num((long) value);
        } else {
            ascii(Double.toString(value));
        }
        endText();
    }

    private static String token(String s) {
        return s.indexOf(' ') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0
                ? s
                : s.replace(' ', '?').replace('\n', '?').replace('\r', '?');
    }

    // The full overload's first eleven parameters: the short form that tests and test fixtures call.
    /**
     * Records one call without the fields version 4 added. Fields the call does not have are
     * {@link TraceFormat#NONE}.
     *
     * @return {@code false} if the event was not written because the size limit was reached
     */
    public synchronized boolean event(
            int fid,
            long tid,
            long startNs,
            long durationNs,
            long peer,
            long tag,
            long bytes,
            long sendSeq,
            long recvPeer,
            long recvTag,
            long recvSeq)
            throws IOException {
        long n = TraceFormat.NONE;
        return event(
                fid,
                tid,
                startNs,
                durationNs,
                peer,
                tag,
                bytes,
                sendSeq,
                recvPeer,
                recvTag,
                recvSeq,
                n,
                n,
                n,
                n,
                n,
                n,
                n,
                NO_COMPLETIONS,
                0,
                null);
    }

    /**
     * Records one call (a call record, fields as {@link TraceFormat} lists them for the E line;
     * those the call does not have are {@link TraceFormat#NONE}) that completed
     * {@code completedCount} requests, each named by {@link #COMPLETION_FIELDS} numbers of
     * {@code completed} (request id, communicator id, and for a receive the message's source, tag
     * and sequence number as on the posting call's record): a completion record each, written with
     * the call's record so no other thread's record comes between.
     * With {@code jvm}, what the JVM did before and in the call: {@link TraceFormat#JVM_FIELDS}
     * numbers, written as a JVM record just before the call's record ({@code null}, or all 0: none).
     *
     * @return {@code false} if the event was not written because the size limit was reached
     */
    public synchronized boolean event(
            int fid,
            long tid,
            long startNs,
            long durationNs,
            long peer,
            long tag,
            long bytes,
            long sendSeq,
            long recvPeer,
            long recvTag,
            long recvSeq,
            long site,
            long comm,
            long root,
            long collectiveSeq,
            long requestId,
            long receivedBytes,
            long level,
            long[] completed,
            int completedCount,
            @Nullable long[] jvm)
            throws IOException {
        if (closed) {
            return false;
        }
        if (limitReached) {
            dropped++;
            return false;
        }
        if (written
                        + pos
                        + TraceFormat.EVENT_MAX_BYTES
                        + TraceFormat.JVM_MAX_BYTES
                        + (long) TraceFormat.COMPLETION_MAX_BYTES * completedCount
                > limitBytes) {
            reserve(100);
            text().ascii("L ")
                    .num(limitBytes)
                    .sp()
                    .num(events)
                    .sp()
                    .num(startNs)
                    .endText();
            limitReached = true;
            dropped++;
            flushBuffer();
            return false;
        }
        if (events == 0) {
            firstTime = startNs;
            lastTime = startNs + durationNs;
        } else {
            firstTime = Math.min(firstTime, startNs);
            lastTime = Math.max(lastTime, startNs + durationNs);
        }
        if (jvm != null) {
            jvm(jvm);
        }
        reserve(TraceFormat.EVENT_MAX_BYTES);
        long n = TraceFormat.NONE;
        // Bit i: the i-th of the optional fields is present (see TraceFormat's event record).
        int present = (peer != n ? 1 : 0)
                | (tag != n ? 1 << 1 : 0)
                | (bytes != n ? 1 << 2 : 0)
                | (sendSeq != n ? 1 << 3 : 0)
                | (recvPeer != n ? 1 << 4 : 0)
                | (recvTag != n ? 1 << 5 : 0)
                | (recvSeq != n ? 1 << 6 : 0)
                | (site != n ? 1 << 7 : 0)
                | (comm != n ? 1 << 8 : 0)
                | (root != n ? 1 << 9 : 0)
                | (collectiveSeq != n ? 1 << 10 : 0)
                | (requestId != n ? 1 << 11 : 0)
                | (receivedBytes != n ? 1 << 12 : 0)
                | (level != n ? 1 << 13 : 0);
        byte[] b = buf;
        int p = pos;
        b[p++] = TraceFormat.EVENT_RECORD;
        b[p++] = (byte) present;
        b[p++] = (byte) (present >>> 8);
        pos = p;
        unsigned(fid);
        unsigned(tid);
        signed(startNs - previousStart);
        signed(durationNs);
        previousStart = startNs;
        if (present != 0) {
            optional(present, 0, peer);
            optional(present, 1, tag);
            optional(present, 2, bytes);
            optional(present, 3, sendSeq);
            optional(present, 4, recvPeer);
            optional(present, 5, recvTag);
            optional(present, 6, recvSeq);
            optional(present, 7, site);
            optional(present, 8, comm);
            optional(present, 9, root);
            optional(present, 10, collectiveSeq);
            optional(present, 11, requestId);
            optional(present, 12, receivedBytes);
            optional(present, 13, level);
        }
        for (int i = 0; i < completedCount; i++) {
            int at = COMPLETION_FIELDS * i;
            reserve(TraceFormat.COMPLETION_MAX_BYTES);
            int fields = 0;
            for (int k = 0; k < COMPLETION_FIELDS; k++) {
                fields |= completed[at + k] != n ? 1 << k : 0;
            }
            buf[pos++] = TraceFormat.COMPLETION_RECORD;
            buf[pos++] = (byte) fields;
            for (int k = 0; k < COMPLETION_FIELDS; k++) {
                optional(fields, k, completed[at + k]);
            }
        }
        events++;
        return true;
    }

    /** A JVM record of the numbers of {@code jvm} that are not 0 (none if all are). */
    private void jvm(long[] jvm) throws IOException {
        int present = 0;
        for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
            present |= jvm[i] != 0 ? 1 << i : 0;
        }
        if (present == 0) {
            return;
        }
        reserve(TraceFormat.JVM_MAX_BYTES);
        buf[pos++] = TraceFormat.JVM_RECORD;
        buf[pos++] = (byte) present;
        buf[pos++] = (byte) (present >>> 8);
        for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
            if (jvm[i] != 0) {
                unsigned(Math.max(0, jvm[i]));
            }
        }
    }

    /** Numbers per completed request in {@link #event}'s {@code completed}: request, comm, source, tag, seq. */
    public static final int COMPLETION_FIELDS = 5;

    public synchronized boolean limitReached() {
        return limitReached;
    }

    public synchronized long eventsWritten() {
        return events;
    }

    /** The earliest start of the calls written (0 before the first). */
    public synchronized long firstTime() {
        return firstTime;
    }

    /** The latest end of the calls written (0 before the first). */
    public synchronized long lastTime() {
        return lastTime;
    }

    /** Events not written because of the limit. */
    public synchronized long eventsDropped() {
        return dropped;
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** Bytes in the file once flushed. */
    public synchronized long size() {
        return written + pos;
    }

    /** Writes the buffer to the file (a crash after this loses nothing written so far). */
    public synchronized void flush() throws IOException {
        if (!closed) {
            flushBuffer();
            out.flush();
        }
    }

    /**
     * Writes the end record (events written and dropped, also past the size limit): a reader then
     * knows the file was not cut off. Called once, just before {@link #close} at
     * {@code MPI_Finalize}; a file without it ended with its process, or could not be written on.
     */
    public synchronized void end() throws IOException {
        if (closed) {
            return;
        }
        reserve(TraceFormat.END_RECORD_BYTES);
        buf[pos++] = TraceFormat.END_RECORD;
        fixed(events);
        fixed(dropped);
        for (int i = 0; i < TraceFormat.END_MARK.length; i++) {
            buf[pos++] = TraceFormat.END_MARK[i];
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            flushBuffer();
            closed = true;
            out.close();
        }
    }

    /** Room for {@code n} bytes of a record (and a text record's own tag and length). */
    private void reserve(int n) throws IOException {
        int need = n + TraceFormat.TEXT_RECORD_HEADER;
        if (pos + need > buf.length) {
            flushBuffer();
        }
        if (need > buf.length) {
            throw new IOException("trace record of " + need + " bytes does not fit the buffer");
        }
    }

    /**
     * Writes the buffer out. A failed write (a full or read-only file system) ends the file: what
     * reached the disk stays readable (a cut last line is skipped by readers), and no later call
     * pays for another failing write or could write after a gap.
     */
    private void flushBuffer() throws IOException {
        if (pos > 0) {
            try {
                out.write(buf, 0, pos);
            } catch (IOException e) {
                closed = true;
                pos = 0;
                try {
                    out.close();
                } catch (IOException alsoFailed) {
                    e.addSuppressed(alsoFailed);
                }
                throw e;
            }
            written += pos;
            pos = 0;
        }
    }

    /** Characters of {@code s} as ASCII ('?' for others), into room {@link #reserve} made. */
    private TraceFileWriter ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            buf[pos++] = (byte) (c < 0x80 ? c : '?');
        }
        return this;
    }

    private TraceFileWriter sp() {
        buf[pos++] = ' ';
        return this;
    }

    /** Begins a text record: its tag, and room for its length, which {@link #endText} fills in. */
    private TraceFileWriter text() {
        buf[pos++] = TraceFormat.TEXT_RECORD;
        textStart = pos;
        pos += 4;
        return this;
    }

    private void endText() {
        int length = pos - textStart - 4;
        buf[textStart] = (byte) length;
        buf[textStart + 1] = (byte) (length >>> 8);
        buf[textStart + 2] = (byte) (length >>> 16);
        buf[textStart + 3] = (byte) (length >>> 24);
    }

    /** {@code v} as an unsigned varint: 7 bits a byte, low bits first, the high bit set on all but the last. */
    private void unsigned(long v) {
        byte[] b = buf;
        int p = pos;
        while ((v & ~0x7fL) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        pos = p;
    }

    /** {@code v} zigzag-encoded (small magnitudes, of either sign, small) as an unsigned varint. */
    private void signed(long v) {
        unsigned((v << 1) ^ (v >> 63));
    }

    private void optional(int present, int bit, long v) {
        if ((present & (1 << bit)) != 0) {
            signed(v);
        }
    }

    /** {@code v} as 8 bytes, little-endian. */
    private void fixed(long v) {
        for (int i = 0; i < 8; i++) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
    }

    /** Decimal digits of {@code v}, without allocating. */
    private TraceFileWriter num(long v) {
        if (v == Long.MIN_VALUE) {
            // Cannot be negated; never a real value here (NONE is written as '-' or left out).
            buf[pos++] = '-';
            return this;
        }
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int start = pos;
        do {
            buf[pos++] = (byte) ('0' + (v % 10));
            v /= 10;
        } while (v != 0);
        for (int i = start, j = pos - 1; i < j; i++, j--) {
            byte t = buf[i];
            buf[i] = buf[j];
            buf[j] = t;
        }
        return this;
    }
}

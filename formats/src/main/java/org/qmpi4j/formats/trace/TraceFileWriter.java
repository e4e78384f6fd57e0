package org.qmpi4j.formats.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes one rank's trace file ({@link TraceFormat}) through a fixed buffer: recording an event
 * formats a handful of numbers into the buffer and allocates nothing; a full buffer goes to disk.
 * Memory stays at the buffer whatever the run's length; the file stops growing at a size limit,
 * after which a line says so and later events are counted but not written.
 *
 * <p>Thread safe: events from several threads are serialised.
 *
 * <p>One class because every kind of line is formatted into the same buffer under the same lock;
 * its length is one short method per kind of line of the format.
 */
public final class TraceFileWriter implements Closeable {
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
        nl();
    }

    /** Names function id {@code fid} for the lines that follow. */
    public synchronized void defineFunction(int fid, String name) throws IOException {
        if (closed || limitReached) {
            return;
        }
        reserve(name.length() + 16);
        ascii("F ").num(fid).sp().ascii(name).nl();
    }

    /** Names a thread (its first event follows). Characters outside ASCII become '?'. */
    public synchronized void defineThread(long tid, String name) throws IOException {
        if (closed || limitReached) {
            return;
        }
        String clean = name.replace('\n', ' ').replace('\r', ' ');
        reserve(clean.length() + 24);
        ascii("T ").num(tid).sp().ascii(clean).nl();
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
        ascii("C ").num(local).sp().num(offset).sp().num(error).nl();
    }

    /** Records the job's zero on rank 0's clock (a {@code Z} line). */
    public synchronized void zero(long zero) throws IOException {
        if (closed || written + pos + 32 > limitBytes) {
            return;
        }
        reserve(32);
        ascii("Z ").num(zero).nl();
    }

    /**
     * Names call site {@code id} for the lines that follow (an {@code S} line). Spaces and line
     * breaks in the names become '?' (the file name is the rest of the line, spaces allowed).
     *
     * @param file the source file, or {@code null} if unknown
     * @param line the source line, or -1 if unknown
     */
    public synchronized void defineSite(int id, String className, String method, String file, int line)
            throws IOException {
        if (closed || limitReached) {
            return;
        }
        String f = file == null ? "-" : file.replace('\n', '?').replace('\r', '?');
        reserve(className.length() + method.length() + f.length() + 40);
        ascii("S ")
                .num(id)
                .sp()
                .ascii(token(className))
                .sp()
                .ascii(token(method))
                .sp()
                .num(line)
                .sp()
                .ascii(f)
                .nl();
    }

    /**
     * Names communicator {@code id} for the lines that follow (an {@code M} line; see
     * {@link TraceFormat} for the key and the groups' text).
     *
     * @param remoteGroup the remote group's text, {@code null} for an intracommunicator
     */
    public synchronized void defineCommunicator(int id, String key, String localGroup, String remoteGroup)
            throws IOException {
        if (closed || limitReached) {
            return;
        }
        String remote = remoteGroup == null ? "-" : remoteGroup;
        reserve(key.length() + localGroup.length() + remote.length() + 32);
        ascii("M ")
                .num(id)
                .sp()
                .ascii(key)
                .sp()
                .ascii(remoteGroup == null ? "I" : "X")
                .sp()
                .ascii(localGroup)
                .sp()
                .ascii(remote)
                .nl();
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
        ascii("V ")
                .num(id)
                .sp()
                .ascii(integer ? "I" : "D")
                .sp()
                .ascii(token(name))
                .nl();
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
        ascii("P ").num(id).sp().num(time).sp();
        if (integer) {
            num((long) value);
        } else {
            ascii(Double.toString(value));
        }
        nl();
    }

    private static String token(String s) {
        return s.indexOf(' ') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0
                ? s
                : s.replace(' ', '?').replace('\n', '?').replace('\r', '?');
    }

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
                null,
                0);
    }

    /**
     * Records one call (an {@code E} line, fields as {@link TraceFormat} lists them; those the call
     * does not have are {@link TraceFormat#NONE}) that completed {@code completedCount} requests,
     * each named by {@link #COMPLETION_FIELDS} numbers of {@code completed} (request id,
     * communicator id, and for a receive the message's source, tag and sequence number as on the
     * posting call's line): a {@code W} line each, written with the call's {@code E} line so no
     * other thread's line comes between.
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
            int completedCount)
            throws IOException {
        if (closed) {
            return false;
        }
        if (limitReached) {
            dropped++;
            return false;
        }
        // 18 numbers of at most 20 characters and separators.
        if (written + pos + 420 + 110L * completedCount > limitBytes) {
            reserve(100);
            ascii("L ").num(limitBytes).sp().num(events).sp().num(startNs).nl();
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
        reserve(420);
        ascii("E ")
                .num(fid)
                .sp()
                .num(tid)
                .sp()
                .num(startNs)
                .sp()
                .num(durationNs)
                .sp()
                .opt(peer)
                .sp()
                .opt(tag)
                .sp()
                .opt(bytes)
                .sp()
                .opt(sendSeq)
                .sp()
                .opt(recvPeer)
                .sp()
                .opt(recvTag)
                .sp()
                .opt(recvSeq)
                .sp()
                .opt(site)
                .sp()
                .opt(comm)
                .sp()
                .opt(root)
                .sp()
                .opt(collectiveSeq)
                .sp()
                .opt(requestId)
                .sp()
                .opt(receivedBytes)
                .sp()
                .opt(level)
                .nl();
        for (int i = 0; i < completedCount; i++) {
            int at = COMPLETION_FIELDS * i;
            reserve(110);
            ascii("W ")
                    .opt(completed[at])
                    .sp()
                    .opt(completed[at + 1])
                    .sp()
                    .opt(completed[at + 2])
                    .sp()
                    .opt(completed[at + 3])
                    .sp()
                    .opt(completed[at + 4])
                    .nl();
        }
        events++;
        return true;
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
     * Writes the end line ({@code X <events written> <events dropped>}, also past the size limit):
     * a reader then knows the file was not cut off. Called once, just before {@link #close} at
     * {@code MPI_Finalize}; a file without it ended with its process, or could not be written on.
     */
    public synchronized void end() throws IOException {
        if (closed) {
            return;
        }
        reserve(48);
        ascii("X ").num(events).sp().num(dropped).nl();
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            flushBuffer();
            closed = true;
            out.close();
        }
    }

    private void reserve(int n) throws IOException {
        if (pos + n > buf.length) {
            flushBuffer();
        }
        if (n > buf.length) {
            throw new IOException("trace line of " + n + " bytes does not fit the buffer");
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

    private TraceFileWriter ascii(String s) throws IOException {
        if (pos + s.length() > buf.length) {
            flushBuffer();
            if (s.length() > buf.length) {
                out.write(s.getBytes(StandardCharsets.US_ASCII));
                written += s.length();
                return this;
            }
        }
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

    private TraceFileWriter nl() {
        buf[pos++] = '\n';
        return this;
    }

    private TraceFileWriter opt(long v) {
        if (v == TraceFormat.NONE) {
            buf[pos++] = '-';
            return this;
        }
        return num(v);
    }

    /** Decimal digits of {@code v}, without allocating. */
    private TraceFileWriter num(long v) {
        if (v == Long.MIN_VALUE) {
            // Cannot be negated; never a real value here (NONE is written as '-').
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

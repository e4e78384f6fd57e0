package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.DamagedFileException;

/**
 * Reads one rank's trace shard ({@link TraceFormat}) as it arrives, in chunks of any size (even
 * mid-record), and hands each call to a {@link Listener}. Keeps what later records need (function
 * and thread names, the clock measurements, the common zero) and the records it could not read.
 * Reads the binary records of version 5 and the text lines of versions 1 to 4 alike: a results
 * folder written by an earlier release stays readable.
 *
 * <p>One class, longer than most, because both encodings are read from one stream, in chunks that
 * may end mid-record, into the same state (the header, thread names, sites, communicators, the
 * clock measurements, the problems with their place) for one listener; the binary records are its
 * inner {@code BinaryRecords}, which would have to be handed all of that state to stand apart.
 */
public final class ShardParser {
    /** What the shard holds, as it is read. */
    public interface Listener {
        /** One call; {@code e} is reused for the next. */
        void event(ShardEvent e) throws IOException;

        /** The rank stopped recording at the size limit, at {@code localTime}. */
        default void limit(long limitBytes, long eventsWritten, long localTime) throws IOException {}

        /** A call site defined by an {@code S} line (version 4), before the first call that names it. */
        default void site(ShardSite site) throws IOException {}

        /** A communicator defined by an {@code M} line (version 4), before the first call that names it. */
        default void communicator(ShardCommunicator communicator) throws IOException {}

        /** A sampled performance variable defined by a {@code V} line, before its first sample. */
        default void pvar(int id, String name, boolean integer) throws IOException {}

        /** Performance variable {@code id}'s value at {@code localTime} (a {@code P} line). */
        default void pvarSample(int id, long localTime, double value) throws IOException {}

        /**
         * The call last handed to {@link #event} ({@code call}, the same instance, unchanged)
         * completed request {@code request} (a {@code W} line; {@link TraceFormat#NONE} in version
         * 3, whose W lines name receives only) and, for a receive whose message is known, the
         * message from {@code peer} with {@code tag} and sequence number {@code seq} on
         * {@code comm} ({@code null}: {@code COMM_WORLD} in version 3); {@code peer}, {@code tag}
         * and {@code seq} are {@link TraceFormat#NONE} for a send or an unknown message.
         */
        default void completed(
                ShardEvent call, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq)
                throws IOException {}
    }

    private final int rank;
    private final Listener listener;
    private final StringBuilder partial = new StringBuilder();
    private final Map<Integer, String> functions = new TreeMap<>();
    private final Map<Long, String> threads = new LinkedHashMap<>();
    private final Map<Integer, ShardSite> sites = new LinkedHashMap<>();
    private final Map<Integer, ShardCommunicator> communicators = new LinkedHashMap<>();
    private final Map<Integer, String> pvars = new LinkedHashMap<>();
    /** Skipped lines listed one by one; more are counted. */
    static final int PROBLEMS_LISTED = 5;

    private final List<String> problems = new ArrayList<>();
    private int problemCount;
    private long firstUnlisted;
    /** Longer lines are damage: they are skipped without being kept. */
    static final int MAX_LINE = 1 << 20;

    private long overlong;
    private final ShardEvent event = new ShardEvent();
    private boolean headerSeen;
    private boolean eventSeen;
    private int version;
    private int size = -1;
    private String binding = "";
    private String host = "";
    private ClockModel clock = ClockModel.IDENTITY;
    private @Nullable Long zero;
    private long lineNo;
    private long events;
    private boolean truncated;
    /** Bytes of the file read so far, in the text part (the header, and older versions' lines). */
    private long textBytes;
    /** Version 5, after the header line: binary records. */
    private boolean binary;

    private final BinaryRecords records = new BinaryRecords();

    public ShardParser(int rank, Listener listener) {
        this.rank = rank;
        this.listener = listener;
    }

    /** Feeds {@code len} more bytes of the shard, in file order. */
    public void feed(byte[] data, int off, int len) throws IOException {
        if (binary) {
            records.feed(data, off, len);
            return;
        }
        for (int i = off; i < off + len; i++) {
            textBytes++;
            char c = (char) (data[i] & 0xff);
            if (c == '\n') {
                if (overlong > 0) {
                    if (!headerSeen) {
                        throw new DamagedFileException(
                                Path.of(ShardHeader.label(rank)),
                                "line 1",
                                "not a qmpi4j trace (a first line of " + (MAX_LINE + overlong) + " bytes)");
                    }
                    lineNo++;
                    problem("a line of " + (MAX_LINE + overlong) + " bytes, longer than any record, skipped");
                    overlong = 0;
                } else {
                    line(partial.toString());
                }
                partial.setLength(0);
                if (binary) {
                    records.start(textBytes);
                    records.feed(data, i + 1, off + len - i - 1);
                    return;
                }
            } else if (partial.length() < MAX_LINE) {
                partial.append(c);
            } else {
                overlong++; // not kept: a record is far shorter, and memory must not grow with the damage
            }
        }
    }

    /** The shard ended; an unterminated last line is reported and skipped. */
    public void end() {
        if (binary) {
            records.end();
        }
        if (partial.length() > 0 || overlong > 0) {
            overlong = 0;
            lineNo++;
            problem("cut short (" + partial.length() + " bytes), skipped");
            partial.setLength(0);
        }
        if (problemCount > PROBLEMS_LISTED) {
            problems.add(ShardHeader.label(rank) + " " + unit() + " " + firstUnlisted + " to " + unit() + " "
                    + position() + ": " + (problemCount - PROBLEMS_LISTED) + " more "
                    + (binary ? "record(s)" : "line(s)") + " skipped as unreadable");
        }
    }

    private void line(String line) throws IOException {
        lineNo++;
        if (!headerSeen) {
            ShardHeader h;
            try {
                h = ShardHeader.parse(line, rank);
            } catch (IllegalArgumentException e) {
                throw new DamagedFileException(
                        Path.of(ShardHeader.label(rank)), "line 1", String.valueOf(e.getMessage()));
            }
            version = h.version;
            size = h.size;
            binding = h.binding;
            host = h.host;
            headerSeen = true;
            binary = version >= 5;
            return;
        }
        if (line.isEmpty()) {
            return;
        }
        try {
            switch (line.charAt(0)) {
                case 'F': {
                    String[] f = line.split(" ", 3);
                    functions.put(Integer.parseInt(f[1]), f[2]);
                    break;
                }
                case 'T': {
                    String[] t = line.split(" ", 3);
                    threads.put(Long.parseLong(t[1]), t.length > 2 ? t[2] : "");
                    break;
                }
                case 'E':
                    event(line.split(" "));
                    break;
                case 'C': {
                    String[] c = line.split(" ");
                    clock = clock.with(Long.parseLong(c[1]), Long.parseLong(c[2]), Long.parseLong(c[3]));
                    break;
                }
                case 'W':
                    completion(line.split(" "));
                    break;
                case 'S': {
                    String[] f = line.split(" ", 6);
                    if (f.length != 6) {
                        throw new IllegalArgumentException("expected 6 fields, found " + f.length);
                    }
                    int id = Integer.parseInt(f[1]);
                    ShardSite site =
                            new ShardSite(id, f[2], f[3], Integer.parseInt(f[4]), f[5].equals("-") ? null : f[5]);
                    sites.put(id, site);
                    listener.site(site);
                    break;
                }
                case 'M': {
                    String[] f = line.split(" ");
                    if (f.length != 6) {
                        throw new IllegalArgumentException("expected 6 fields, found " + f.length);
                    }
                    int id = Integer.parseInt(f[1]);
                    boolean inter = f[3].equals("X");
                    if (!inter && !f[3].equals("I")) {
                        throw new IllegalArgumentException("expected I or X, found " + f[3]);
                    }
                    ShardCommunicator comm = new ShardCommunicator(
                            id, f[2], inter, TraceFormat.parseGroup(f[4]), TraceFormat.parseGroup(f[5]));
                    communicators.put(id, comm);
                    listener.communicator(comm);
                    break;
                }
                case 'V': {
                    String[] v = line.split(" ", 4);
                    if (v.length != 4 || !(v[2].equals("I") || v[2].equals("D"))) {
                        throw new IllegalArgumentException("expected V <id> <I|D> <name>");
                    }
                    int id = Integer.parseInt(v[1]);
                    pvars.put(id, v[3]);
                    listener.pvar(id, v[3], v[2].equals("I"));
                    break;
                }
                case 'P': {
                    String[] v = line.split(" ");
                    if (v.length != 4) {
                        throw new IllegalArgumentException("expected 4 fields, found " + v.length);
                    }
                    int id = Integer.parseInt(v[1]);
                    if (!pvars.containsKey(id)) {
                        throw new IllegalArgumentException("performance variable " + id + " not defined");
                    }
                    listener.pvarSample(id, Long.parseLong(v[2]), Double.parseDouble(v[3]));
                    break;
                }
                case 'Z':
                    zero = Long.parseLong(line.substring(2).trim());
                    break;
                case 'X':
                    break; // the end line: the file was closed at MPI_Finalize (RankFiles reads it)
                case 'L': {
                    truncated = true;
                    String[] l = line.split(" ");
                    listener.limit(Long.parseLong(l[1]), Long.parseLong(l[2]), Long.parseLong(l[3]));
                    break;
                }
                default:
                    problem("unknown record \"" + abbreviate(line) + "\"");
            }
        } catch (NumberFormatException e) {
            problem("unreadable \"" + abbreviate(line) + "\" (a field is not a number that fits)");
        } catch (IllegalArgumentException e) {
            problem("unreadable \"" + abbreviate(line) + "\" (" + e.getMessage() + ")");
        } catch (IndexOutOfBoundsException e) {
            problem("unreadable \"" + abbreviate(line) + "\" (fields missing)");
        } catch (RuntimeException e) {
            problem("unreadable \"" + abbreviate(line) + "\"");
        }
    }

    /**
     * A line skipped: the first {@value #PROBLEMS_LISTED} are listed with their line numbers, the
     * rest counted, so that a shard of garbage is a few lines of output, not one per line.
     */
    private void problem(String what) {
        problemCount++;
        if (problemCount <= PROBLEMS_LISTED) {
            problems.add(ShardHeader.label(rank) + " " + unit() + " " + position() + ": " + what);
        } else if (problemCount == PROBLEMS_LISTED + 1) {
            firstUnlisted = position();
        }
    }

    /** How a problem's place is given: by line in text, by byte offset among binary records. */
    private String unit() {
        return binary ? "byte" : "line";
    }

    private long position() {
        return binary ? records.recordOffset : lineNo;
    }

    private void completion(String[] c) throws IOException {
        if (!eventSeen) {
            throw new IllegalArgumentException("no call before it");
        }
        if (version < 4) {
            if (c.length != 4) {
                throw new IllegalArgumentException("expected 4 fields, found " + c.length);
            }
            listener.completed(
                    event, TraceFormat.NONE, null, Long.parseLong(c[1]), Long.parseLong(c[2]), Long.parseLong(c[3]));
            return;
        }
        if (c.length != 6) {
            throw new IllegalArgumentException("expected 6 fields, found " + c.length);
        }
        listener.completed(event, opt(c[1]), communicator(c[2]), opt(c[3]), opt(c[4]), opt(c[5]));
    }

    private @Nullable ShardCommunicator communicator(String field) {
        if (field.equals("-")) {
            return null;
        }
        ShardCommunicator comm = communicators.get(Integer.parseInt(field));
        if (comm == null) {
            throw new IllegalArgumentException("communicator id " + field + " not defined");
        }
        return comm;
    }

    private void event(String[] e) throws IOException {
        eventSeen = false; // a W line after an unreadable E line has no call to belong to
        int fields = version >= 4 ? 19 : 12;
        if (e.length != fields) {
            throw new IllegalArgumentException("expected " + fields + " fields, found " + e.length);
        }
        String name = functions.get(Integer.parseInt(e[1]));
        if (name == null) {
            throw new IllegalArgumentException("function id " + e[1] + " not defined");
        }
        ShardEvent ev = event;
        ev.function = name;
        ev.tid = Long.parseLong(e[2]);
        ev.start = Long.parseLong(e[3]);
        ev.duration = Long.parseLong(e[4]);
        ev.peer = opt(e[5]);
        ev.tag = opt(e[6]);
        ev.bytes = opt(e[7]);
        ev.sendSeq = opt(e[8]);
        ev.recvPeer = opt(e[9]);
        ev.recvTag = opt(e[10]);
        ev.recvSeq = opt(e[11]);
        if (version >= 4) {
            if (e[12].equals("-")) {
                ev.site = null;
            } else {
                ev.site = sites.get(Integer.parseInt(e[12]));
                if (ev.site == null) {
                    throw new IllegalArgumentException("site id " + e[12] + " not defined");
                }
            }
            ev.communicator = communicator(e[13]);
            ev.root = opt(e[14]);
            ev.collectiveSeq = opt(e[15]);
            ev.requestId = opt(e[16]);
            ev.receivedBytes = opt(e[17]);
            ev.level = opt(e[18]);
            // Any call that creates a request and names the message it receives posts a receive.
            ev.posted = ev.requestId != TraceFormat.NONE;
        } else {
            ev.site = null;
            ev.communicator = null;
            ev.root = TraceFormat.NONE;
            ev.collectiveSeq = TraceFormat.NONE;
            ev.requestId = TraceFormat.NONE;
            ev.receivedBytes = TraceFormat.NONE;
            ev.level = TraceFormat.NONE;
            ev.posted = version >= 3 && name.equals(TraceFormat.POSTED_RECEIVE);
        }
        events++;
        eventSeen = true;
        listener.event(ev);
    }

    /**
     * Version 5's records after the header line ({@link TraceFormat}), from chunks of any size: a
     * record cut between two chunks waits in a buffer no larger than the longest record allowed, so
     * memory stays bounded whatever the input. A record whose own structure is broken (an unknown
     * tag, an impossible length, an overlong number) leaves no way to find the next one: it is
     * reported with its byte offset and the rest of the file skipped.
     */
    private final class BinaryRecords {
        /** Grown only for a long text record: a job's trace may read thousands of shards at once. */
        private byte[] buf = new byte[2 * TraceFormat.EVENT_MAX_BYTES];

        private int start;
        private int end;
        /** The file offset of {@code buf[start]}. */
        private long offset;
        /** The file offset of the record being read, for messages. */
        long recordOffset;
        /** A record could not be framed: the rest of the file is skipped. */
        private boolean lost;
        /** The start of the call read last: each call's start is written as the difference. */
        private long previousStart;

        void start(long fileOffset) {
            offset = fileOffset;
            recordOffset = fileOffset;
        }

        void feed(byte[] data, int off, int len) throws IOException {
            if (lost) {
                return;
            }
            while (len > 0) {
                if (end == buf.length) {
                    if (start > 0) {
                        System.arraycopy(buf, start, buf, 0, end - start);
                        end -= start;
                        start = 0;
                    } else {
                        // Only a long text record fills the buffer: its length was checked against MAX_LINE.
                        buf = java.util.Arrays.copyOf(buf, Math.min(buf.length * 2, MAX_LINE + 16));
                    }
                }
                int n = Math.min(len, buf.length - end);
                System.arraycopy(data, off, buf, end, n);
                end += n;
                off += n;
                len -= n;
                records();
                if (lost) {
                    return;
                }
            }
        }

        /** Reads every whole record in the buffer. */
        private void records() throws IOException {
            while (start < end && !lost) {
                recordOffset = offset;
                int used = record(buf, start, end);
                if (used <= 0) {
                    return; // needs more bytes
                }
                start += used;
                offset += used;
            }
            if (start == end) {
                start = 0;
                end = 0;
            }
        }

        void end() {
            if (lost) {
                return; // said where it was lost
            }
            if (end > start) {
                recordOffset = offset;
                problem("cut short (a record of " + (end - start) + " of its bytes), skipped");
                start = 0;
                end = 0;
            }
        }

        private void lose(String what) {
            problem(what + "; the rest of the file skipped");
            lost = true;
            start = 0;
            end = 0;
        }

        /** Reads the record at {@code b[at]}: its length, 0 if {@code b} ends first, -1 if it is lost. */
        private int record(byte[] b, int at, int limit) throws IOException {
            byte tag = b[at];
            switch (tag) {
                case TraceFormat.TEXT_RECORD: {
                    if (limit - at < TraceFormat.TEXT_RECORD_HEADER) {
                        return 0;
                    }
                    int length = (b[at + 1] & 0xff)
                            | (b[at + 2] & 0xff) << 8
                            | (b[at + 3] & 0xff) << 16
                            | (b[at + 4] & 0xff) << 24;
                    if (length < 0 || length > MAX_LINE) {
                        lose("a text record of " + Integer.toUnsignedString(length) + " bytes, longer than any");
                        return -1;
                    }
                    int total = TraceFormat.TEXT_RECORD_HEADER + length;
                    if (limit - at < total) {
                        return 0;
                    }
                    line(new String(b, at + TraceFormat.TEXT_RECORD_HEADER, length, StandardCharsets.ISO_8859_1));
                    return total;
                }
                case TraceFormat.EVENT_RECORD:
                    return eventRecord(b, at, limit);
                case TraceFormat.COMPLETION_RECORD:
                    return completionRecord(b, at, limit);
                case TraceFormat.JVM_RECORD:
                    return jvmRecord(b, at, limit);
                case TraceFormat.END_RECORD: {
                    if (limit - at < TraceFormat.END_RECORD_BYTES) {
                        return 0;
                    }
                    for (int i = 0; i < TraceFormat.END_MARK.length; i++) {
                        if (b[at + 17 + i] != TraceFormat.END_MARK[i]) {
                            lose("a damaged end record");
                            return -1;
                        }
                    }
                    return TraceFormat.END_RECORD_BYTES;
                }
                default:
                    lose("unknown record type " + (tag & 0xff));
                    return -1;
            }
        }

        /** The varint being read ends at {@link #next}; {@link #next} is -1 past the limit, -2 if overlong. */
        private int next;

        private long unsigned(byte[] b, int at, int limit) {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= limit) {
                    next = -1;
                    return 0;
                }
                byte x = b[at++];
                v |= (long) (x & 0x7f) << shift;
                if (x >= 0) {
                    next = at;
                    return v;
                }
            }
            next = -2;
            return 0;
        }

        private long signed(byte[] b, int at, int limit) {
            long u = unsigned(b, at, limit);
            return (u >>> 1) ^ -(u & 1);
        }

        private int eventRecord(byte[] b, int at, int limit) throws IOException {
            if (limit - at < 3) {
                return 0;
            }
            int present = (b[at + 1] & 0xff) | (b[at + 2] & 0xff) << 8;
            if ((present & ~0x3fff) != 0) {
                lose("a call record with unknown fields");
                return -1;
            }
            long[] v = fields;
            int p = at + 3;
            int count = 4 + Integer.bitCount(present);
            for (int i = 0; i < count; i++) {
                v[i] = i < 2 ? unsigned(b, p, limit) : signed(b, p, limit);
                if (next < 0) {
                    return framing(next);
                }
                p = next;
            }
            long start = previousStart + v[2];
            previousStart = start;
            eventSeen = false; // a completion after an unreadable call has no call to belong to
            String name = v[0] <= Integer.MAX_VALUE ? functions.get((int) v[0]) : null;
            if (name == null) {
                problem("a call of function id " + Long.toUnsignedString(v[0]) + ", not defined, skipped");
                Arrays.fill(pendingJvm, 0);
                return p - at;
            }
            ShardEvent ev = event;
            int k = 4;
            long[] o = optional;
            for (int bit = 0; bit < 14; bit++) {
                o[bit] = (present & (1 << bit)) != 0 ? v[k++] : TraceFormat.NONE;
            }
            ev.function = name;
            ev.tid = v[1];
            ev.start = start;
            ev.duration = v[3];
            ev.peer = o[0];
            ev.tag = o[1];
            ev.bytes = o[2];
            ev.sendSeq = o[3];
            ev.recvPeer = o[4];
            ev.recvTag = o[5];
            ev.recvSeq = o[6];
            try {
                ev.site = o[7] == TraceFormat.NONE ? null : site(o[7]);
                ev.communicator = o[8] == TraceFormat.NONE ? null : communicatorById(o[8]);
            } catch (IllegalArgumentException e) {
                problem("a call skipped (" + e.getMessage() + ")");
                return p - at;
            }
            ev.root = o[9];
            ev.collectiveSeq = o[10];
            ev.requestId = o[11];
            ev.receivedBytes = o[12];
            ev.level = o[13];
            ev.posted = ev.requestId != TraceFormat.NONE;
            System.arraycopy(pendingJvm, 0, ev.jvm, 0, TraceFormat.JVM_FIELDS);
            Arrays.fill(pendingJvm, 0);
            events++;
            eventSeen = true;
            try {
                listener.event(ev);
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                problem("a call not read (" + e.getMessage() + ")");
            }
            return p - at;
        }

        /** A JVM record: kept for the call record that follows it. */
        private int jvmRecord(byte[] b, int at, int limit) {
            if (limit - at < 3) {
                return 0;
            }
            int present = (b[at + 1] & 0xff) | (b[at + 2] & 0xff) << 8;
            if ((present & ~((1 << TraceFormat.JVM_FIELDS) - 1)) != 0) {
                lose("a JVM record with unknown fields");
                return -1;
            }
            int p = at + 3;
            long[] j = pendingJvm;
            for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
                if ((present & (1 << i)) != 0) {
                    long v = unsigned(b, p, limit);
                    if (next < 0) {
                        Arrays.fill(j, 0);
                        return framing(next);
                    }
                    p = next;
                    j[i] = v < 0 ? 0 : v;
                } else {
                    j[i] = 0;
                }
            }
            return p - at;
        }

        /** The JVM record read last, for the next call record (all 0 after each call). */
        private final long[] pendingJvm = new long[TraceFormat.JVM_FIELDS];

        private int completionRecord(byte[] b, int at, int limit) throws IOException {
            if (limit - at < 2) {
                return 0;
            }
            int present = b[at + 1] & 0xff;
            if ((present & ~0x1f) != 0) {
                lose("a completion record with unknown fields");
                return -1;
            }
            int p = at + 2;
            long[] o = optional;
            for (int bit = 0; bit < TraceFileWriter.COMPLETION_FIELDS; bit++) {
                if ((present & (1 << bit)) != 0) {
                    o[bit] = signed(b, p, limit);
                    if (next < 0) {
                        return framing(next);
                    }
                    p = next;
                } else {
                    o[bit] = TraceFormat.NONE;
                }
            }
            if (!eventSeen) {
                problem("a completion with no call before it, skipped");
                return p - at;
            }
            ShardCommunicator comm;
            try {
                comm = o[1] == TraceFormat.NONE ? null : communicatorById(o[1]);
            } catch (IllegalArgumentException e) {
                problem("a completion skipped (" + e.getMessage() + ")");
                return p - at;
            }
            try {
                listener.completed(event, o[0], comm, o[2], o[3], o[4]);
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                problem("a completion not read (" + e.getMessage() + ")");
            }
            return p - at;
        }

        private int framing(int why) {
            if (why == -1) {
                return 0; // the record goes on in the next chunk
            }
            lose("a number of more than 10 bytes");
            return -1;
        }

        private final long[] fields = new long[18];
        private final long[] optional = new long[14];
    }

    private ShardSite site(long id) {
        ShardSite s = id >= Integer.MIN_VALUE && id <= Integer.MAX_VALUE ? sites.get((int) id) : null;
        if (s == null) {
            throw new IllegalArgumentException("site id " + id + " not defined");
        }
        return s;
    }

    private ShardCommunicator communicatorById(long id) {
        ShardCommunicator c = id >= Integer.MIN_VALUE && id <= Integer.MAX_VALUE ? communicators.get((int) id) : null;
        if (c == null) {
            throw new IllegalArgumentException("communicator id " + id + " not defined");
        }
        return c;
    }

    /** The shard's format version (0 before the header). */
    public int version() {
        return version;
    }

    public int rank() {
        return rank;
    }

    public boolean headerSeen() {
        return headerSeen;
    }

    /** The job's number of ranks, from the header (-1 before it). */
    public int size() {
        return size;
    }

    /** The rank's host as the header names it; {@code ""} when it does not (older shards). */
    public String host() {
        return host;
    }

    public String binding() {
        return binding;
    }

    /** Threads named so far, in order of appearance. */
    public Map<Long, String> threads() {
        return Collections.unmodifiableMap(threads);
    }

    /** Call sites defined so far (version 4), by id, in order of definition. */
    public Map<Integer, ShardSite> sites() {
        return Collections.unmodifiableMap(sites);
    }

    /** Communicators defined so far (version 4), by id, in order of definition. */
    public Map<Integer, ShardCommunicator> communicators() {
        return Collections.unmodifiableMap(communicators);
    }

    /** The clock measurements read so far. */
    public ClockModel clock() {
        return clock;
    }

    /** The common zero on rank 0's clock, if the shard names it. */
    public @Nullable Long zero() {
        return zero;
    }

    public long events() {
        return events;
    }

    /** Whether the shard stopped at the size limit. */
    public boolean truncated() {
        return truncated;
    }

    public List<String> problems() {
        return problems;
    }

    private static long opt(String field) {
        return field.equals("-") ? TraceFormat.NONE : Long.parseLong(field);
    }

    /** At most 60 characters of {@code s}, control characters shown as '?', for a one-line message. */
    static String abbreviate(String s) {
        String cut = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        StringBuilder sb = new StringBuilder(cut.length());
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            sb.append(c < 0x20 || (c >= 0x7f && c < 0xa0) ? '?' : c);
        }
        return sb.toString();
    }
}

package org.qmpi4j.formats.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.formats.files.DamagedFileException;

/**
 * Reads one rank's trace shard ({@link TraceFormat}) as it arrives, in chunks of any size (even
 * mid-line), and hands each call to a {@link Listener}. Keeps what later lines need (function and
 * thread names, the clock measurements, the common zero) and the lines it could not read.
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
        default void completed(ShardEvent call, long request, ShardCommunicator comm, long peer, long tag, long seq)
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
    private Long zero;
    private long lineNo;
    private long events;
    private boolean truncated;

    public ShardParser(int rank, Listener listener) {
        this.rank = rank;
        this.listener = listener;
    }

    /** Feeds {@code len} more bytes of the shard, in file order. */
    public void feed(byte[] data, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
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
            } else if (partial.length() < MAX_LINE) {
                partial.append(c);
            } else {
                overlong++; // not kept: a record is far shorter, and memory must not grow with the damage
            }
        }
    }

    /** The shard ended; an unterminated last line is reported and skipped. */
    public void end() {
        if (partial.length() > 0 || overlong > 0) {
            overlong = 0;
            lineNo++;
            problem("cut short (" + partial.length() + " bytes), skipped");
            partial.setLength(0);
        }
        if (problemCount > PROBLEMS_LISTED) {
            problems.add(ShardHeader.label(rank) + " line " + firstUnlisted + " to line " + lineNo + ": "
                    + (problemCount - PROBLEMS_LISTED) + " more line(s) skipped as unreadable");
        }
    }

    private void line(String line) throws IOException {
        lineNo++;
        if (!headerSeen) {
            ShardHeader h;
            try {
                h = ShardHeader.parse(line, rank);
            } catch (IllegalArgumentException e) {
                throw new DamagedFileException(Path.of(ShardHeader.label(rank)), "line 1", e.getMessage());
            }
            version = h.version;
            size = h.size;
            binding = h.binding;
            host = h.host;
            headerSeen = true;
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
            problems.add(ShardHeader.label(rank) + " line " + lineNo + ": " + what);
        } else if (problemCount == PROBLEMS_LISTED + 1) {
            firstUnlisted = lineNo;
        }
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

    private ShardCommunicator communicator(String field) {
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
    public Long zero() {
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

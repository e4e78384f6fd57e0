package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.BindingFacts;
import org.qmpi4j.tools.mpi.DirectBuffers;
import org.qmpi4j.tools.mpi.Pmpi;
import org.qmpi4j.tools.mpi.ToolErrors;

/**
 * {@code collective_mismatch}: before each blocking collective, the ranks of its communicator
 * compare what they are about to call (function, root, bytes, the hash of the buffer's type
 * signature ({@link TypeSignature}: 4 {@code MPI_INT} and one contiguous type of them agree),
 * operation, and for the {@code v} variants what each pair of ranks moves: {@link CollectiveRecord})
 * with one
 * {@code MPI_ALLREDUCE} of the maximum of each value and of its negation on the checker's
 * duplicate of that communicator; only when some value differs do they gather each rank's call
 * and call site, and the communicator's first rank reports it. So every collective costs one small
 * allreduce more (see BENCHMARKS.md). Nonblocking collectives are compared alike without blocking
 * ({@link NonblockingCollectiveCheck}). The duplicate is made at {@code MPI_Init} for
 * {@code COMM_WORLD} and right after the call that made a communicator (every member makes that
 * call together); for one made otherwise, at each rank's first blocking collective on it, which
 * every rank reaches. Intercommunicators, whose groups pass different arguments by design, are
 * compared by {@link InterCollectiveCheck}.
 *
 * <p>One class over the usual size because the comparison and the report of a mismatch use the
 * same per-communicator duplicates, reused arrays and record layout, which the nonblocking and
 * intercommunicator checks borrow from it too.
 */
final class CollectiveCheck {
    static final int RECORD = 512;
    private static final String[] OPS = {
        "MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR", "MAXLOC", "MINLOC", "REPLACE",
        "NO_OP"
    };

    private final Checker checker;
    private final int toolId;
    /** Buffers are {@code nio} (Open MPI): records travel in direct buffers, without offsets; else arrays with offsets. */
    private final boolean nioBuffers;

    private final Object longType;
    private final Object byteType;
    private final Object max;
    private final Map<Object, Integer> ops = new IdentityHashMap<>();
    /** The code of a user-defined operation. */
    static final int USER_OP = 100;
    /** The binding's class of operations ({@link #operationClass}), or {@code null}. */
    private final @Nullable Class<?> opClass;

    private final Map<Object, Object> dups = new IdentityHashMap<>();
    private final Signatures types;
    private final NonblockingCollectiveCheck nonblocking;
    /** {@code message_race}'s clock, which every compared blocking collective joins; {@code null}: none. */
    private volatile @Nullable MessageRaces races;

    /**
     * Set once this rank failed to describe one of its collectives: from then on it gives no opinion
     * ({@link CollectiveRecord#noOpinion}) but still takes part in every comparison, since the other
     * ranks of the communicator wait for it there; they go on comparing among themselves.
     */
    private volatile boolean off;

    /** Made at the first collective on an intercommunicator: most programs have none. */
    private volatile @Nullable InterCollectiveCheck inter;

    /**
     * This thread's record, the allreduce's two arrays (and, for Open MPI, direct buffers for them)
     * and its argument list, reused and grown to the largest communicator's {@code v} slots: a
     * collective allocates nothing in the steady state. {@link #mismatch} reads them at once, before
     * this thread's next collective.
     */
    private static final class Scratch {
        final long[] rec = new long[CollectiveRecord.FIELDS];
        long[] in = new long[CollectiveRecord.length(0)];
        long[] out = new long[CollectiveRecord.length(0)];

        @Nullable
        ByteBuffer inBuffer;

        @Nullable
        ByteBuffer outBuffer;

        final Object[] nioArgs = new Object[5];
        final Object[] offsetArgs = new Object[7];

        void fit(int length) {
            if (in.length < length) {
                in = new long[length];
                out = new long[length];
                inBuffer = null;
                outBuffer = null;
            }
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    CollectiveCheck(Checker checker, int toolId, BindingFacts facts, Signatures types) {
        this.checker = checker;
        this.toolId = toolId;
        this.nioBuffers = facts.buffers() == BindingFacts.Buffers.NIO;
        this.types = types;
        this.longType = Qmpi.bindingConstant(toolId, "LONG");
        this.byteType = Qmpi.bindingConstant(toolId, "BYTE");
        this.max = Qmpi.bindingConstant(toolId, "MAX");
        for (int i = 0; i < OPS.length; i++) {
            try {
                Object op = Qmpi.bindingConstant(toolId, OPS[i]);
                if (op != null) {
                    ops.put(op, i + 1);
                }
            } catch (RuntimeException absent) {
                // the binding has no such operation
            }
        }
        this.opClass = operationClass(ops.keySet());
        this.nonblocking = new NonblockingCollectiveCheck(checker, toolId, this, nioBuffers, longType, max);
    }

    /** From now on, the comparison of a blocking collective carries this rank's clock. */
    void races(MessageRaces r) {
        races = r;
    }

    /**
     * Whether {@code f} is a blocking collective this check compares. {@code MPI_Reduce_local} is
     * in the standard's chapter on collectives but takes no communicator and involves no other
     * rank: there is nothing to compare. Neighbourhood collectives pass different arguments to
     * different neighbours by design.
     */
    static boolean checks(MpiFunction f) {
        return f.kind() == MpiFunction.Kind.COLLECTIVE
                && f != MpiFunction.MPI_REDUCE_LOCAL
                && !f.name().startsWith("MPI_I")
                && !f.name().contains("NEIGHBOR");
    }

    /**
     * Whether {@code f} is a nonblocking collective this check compares (at its start, without
     * waiting: {@link NonblockingCollectiveCheck}).
     */
    static boolean checksNonblocking(MpiFunction f) {
        return f.kind() == MpiFunction.Kind.COLLECTIVE
                && f.name().startsWith("MPI_I")
                && !f.name().contains("NEIGHBOR")
                && CollectiveRecord.blocking(f) != f;
    }

    static boolean rooted(MpiFunction f) {
        switch (CollectiveRecord.blocking(f)) {
            case MPI_BCAST:
            case MPI_REDUCE:
            case MPI_GATHER:
            case MPI_GATHERV:
            case MPI_SCATTER:
            case MPI_SCATTERV:
                return true;
            default:
                return false;
        }
    }

    /** Whether the first buffer's bytes must be equal on every rank. */
    private static boolean sameBytes(MpiFunction f) {
        switch (CollectiveRecord.blocking(f)) {
            case MPI_BCAST:
            case MPI_REDUCE:
            case MPI_ALLREDUCE:
            case MPI_ALLGATHER:
            case MPI_ALLTOALL:
            case MPI_GATHER:
            case MPI_SCAN:
            case MPI_EXSCAN:
            case MPI_REDUCE_SCATTER_BLOCK:
                return true;
            default:
                return false;
        }
    }

    /**
     * The code of {@code call}'s operation: a predefined one's by identity with the binding's own
     * objects (its constants {@code MPI.SUM}, ...), which is how each binding's are told apart
     * whatever their classes (MPJ Express makes each an instance of a subclass of its {@code Op}:
     * {@code mpi.Sum}, {@code mpi.Max}); any other argument of the binding's class of operations,
     * found from those objects (the class their classes derive from), is a user-defined one.
     */
    private int opOf(MpiCall call) {
        return operationCode(call, ops, opClass);
    }

    /** {@link #opOf}, given the predefined operations' codes and the class of operations. */
    static int operationCode(MpiCall call, Map<Object, Integer> ops, @Nullable Class<?> op) {
        int n = call.argumentCount();
        for (int i = 0; i < n; i++) {
            Object a = call.argument(i);
            if (a == null || a instanceof Number) {
                continue;
            }
            Integer code = ops.get(a);
            if (code != null) {
                return code;
            }
            if (op != null && op.isInstance(a)) {
                return USER_OP;
            }
        }
        return 0;
    }

    /**
     * The class every operation of the binding is an instance of: the one the predefined operations'
     * classes all derive from, below {@code Object} ({@code mpi.Op} in both bindings: Open MPI's
     * {@code MPI.SUM} is one, MPJ Express' is an {@code mpi.Sum}, a subclass); {@code null} if they
     * share none.
     */
    static @Nullable Class<?> operationClass(Iterable<Object> predefined) {
        Class<?> common = null;
        for (Object o : predefined) {
            Class<?> root = CollectiveRecord.rootClass(o);
            if (common == null) {
                common = root;
            } else if (common != root) {
                return null;
            }
        }
        return common == Object.class ? null : common;
    }

    /**
     * This rank's record of {@code call} on a communicator of {@code info}: the fixed values into
     * {@code rec}, and the values and their negations, {@code v} slots included, into {@code in}.
     */
    void fill(MpiCall call, Communicators.Info info, long[] rec, long[] in, int slots) {
        MpiFunction f = call.function();
        rec[CollectiveRecord.FUNCTION] = f.ordinal();
        rec[CollectiveRecord.ROOT] = rooted(f) ? call.peer() : -1;
        rec[CollectiveRecord.BYTES] = sameBytes(f) ? call.bytes() : -1;
        rec[CollectiveRecord.TYPE] = sameBytes(f) ? signatureHash(call) : 0;
        rec[CollectiveRecord.OP] = opOf(call);
        CollectiveRecord.fillSlots(
                call, info.size, slots == 0 ? -1 : commRank(info), rooted(f) ? call.peer() : -1, sizes, rec, in, slots);
        CollectiveRecord.negate(rec, in, slots);
    }

    /**
     * {@link #fill}, unless this rank is {@link #off} or describing the call fails (which turns it
     * off, with the fault reported once): then {@code in} says nothing. Whether it was described.
     */
    boolean describe(MpiCall call, Communicators.Info info, long[] rec, long[] in, int slots) {
        if (!off) {
            try {
                fill(call, info, rec, in, slots);
                return true;
            } catch (RuntimeException | LinkageError e) {
                off("describing the collective " + call.function(), e);
            }
        }
        CollectiveRecord.noOpinion(in, slots);
        return false;
    }

    /**
     * {@code collective_mismatch} is off on this rank after a fault while {@code what}: it keeps
     * taking part in the comparisons, without an opinion, so that no rank waits for it.
     */
    void off(String what, Throwable fault) {
        off = true;
        checker.results()
                .output()
                .fault(
                        what + "; collective_mismatch is off on this rank (it still takes part in the comparisons)",
                        fault);
    }

    /** Whether this rank gives no opinion in the comparisons ({@link #off}). */
    boolean isOff() {
        return off;
    }

    /**
     * This rank's record of a mismatch for {@link #record}: {@code fields} of the call, or an empty
     * record (which the report skips) where the call was not described or describing it fails now;
     * every rank must send one, since the others wait for it.
     */
    byte[] mismatchRecord(
            boolean described,
            MpiFunction f,
            @Nullable Object datatype,
            Communicators.Info info,
            long[] rec,
            long[] in,
            int slots,
            @Nullable CallingAddress site) {
        if (described) {
            try {
                return record(fields(f, datatype, info, rec, in, slots), site);
            } catch (RuntimeException | LinkageError e) {
                off("describing the mismatched collective " + f, e);
            }
        }
        return new byte[RECORD];
    }

    /** This rank's rank in the communicator of {@code info}, or -1. */
    int commRank(Communicators.Info info) {
        int me = checker.rank();
        for (int r = 0; r < info.worldRanks.length; r++) {
            if (info.worldRanks[r] == me) {
                return r;
            }
        }
        return -1;
    }

    /** Before the blocking collective {@code call} on {@code comm} (an intracommunicator of {@code info}). */
    void before(MpiCall call, @Nullable Object comm, Communicators.Info info) throws Exception {
        int slots = CollectiveRecord.slots(call.function(), info.size);
        int compared = CollectiveRecord.length(slots);
        // one more value after those compared: the rank's clock, whose maximum every rank joins
        int length = compared + 1;
        Scratch scratch = SCRATCH.get();
        scratch.fit(length);
        long[] rec = scratch.rec;
        long[] in = scratch.in;
        long[] out = scratch.out;
        boolean described = describe(call, info, rec, in, slots);
        MessageRaces r = races;
        in[compared] = r == null ? 0 : r.clock();
        Object dup = dupOf(comm);
        if (nioBuffers) {
            // direct buffers keep the checker's records out of the binding's reused native buffers
            ByteBuffer i = scratch.inBuffer;
            ByteBuffer o = scratch.outBuffer;
            if (i == null || o == null) {
                i = ByteBuffer.allocateDirect(in.length * Long.BYTES).order(ByteOrder.nativeOrder());
                o = ByteBuffer.allocateDirect(in.length * Long.BYTES).order(ByteOrder.nativeOrder());
                scratch.inBuffer = i;
                scratch.outBuffer = o;
            }
            put(in, length, i);
            Object[] args = scratch.nioArgs;
            args[0] = i;
            args[1] = o;
            args[2] = length;
            args[3] = longType;
            args[4] = max;
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLREDUCE, dup, args);
            get(o, out, length);
        } else {
            Object[] args = scratch.offsetArgs;
            args[0] = in;
            args[1] = 0;
            args[2] = out;
            args[3] = 0;
            args[4] = length;
            args[5] = longType;
            args[6] = max;
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLREDUCE, dup, args);
        }
        if (r != null) {
            r.met(out[compared]);
        }
        if (!CollectiveRecord.agrees(out, slots)) {
            mismatch(call.function(), call.callingAddress(), call.datatype(), dup, info, rec, in, slots, described);
        }
    }

    /** The first {@code n} longs of {@code from} into the direct buffer {@code to}. */
    static void put(long[] from, int n, ByteBuffer to) {
        for (int k = 0; k < n; k++) {
            to.putLong(k * Long.BYTES, from[k]);
        }
    }

    /**
     * What the ranks compare of the first buffer's datatype: the hash of the type signature of its
     * count elements, so that 4 {@code MPI_INT} and one contiguous type of 4 {@code MPI_INT} are the
     * same, and a derived type of other basic types but the same size is not; for a type whose
     * signature is not known, its name ("derived").
     */
    long signatureHash(MpiCall call) {
        Object type = call.datatype();
        TypeSignature s = types.types().of(type);
        return s == null ? types.nameOf(type).hashCode() : s.hashOf(Math.max(call.count(), 0));
    }

    /** The first {@code n} longs of the direct buffer {@code from} into {@code to}. */
    static void get(ByteBuffer from, long[] to, int n) {
        for (int k = 0; k < n; k++) {
            to[k] = from.getLong(k * Long.BYTES);
        }
    }

    /**
     * Before the nonblocking collective {@code call}: its comparison starts, nonblocking, on the
     * checker's duplicate; its result is read later ({@link NonblockingCollectiveCheck}).
     */
    void beforeNonblocking(MpiCall call, @Nullable Object comm, Communicators.Info info) throws Exception {
        Object dup;
        synchronized (dups) {
            dup = dups.get(comm);
        }
        if (dup != null) { // else the communicator was not made by a call every member makes together (iDup)
            nonblocking.start(call, dup, info);
        }
    }

    /**
     * The duplicate of {@code COMM_WORLD}, at {@code MPI_Init}, and of each intracommunicator a call
     * that every member makes together made ({@link CommDuplicates#creates}), right after it: a
     * nonblocking collective must find its duplicate made, since making one is a blocking collective
     * (it would deadlock a correct program that sends a message between the start and the wait).
     */
    void created(@Nullable Object made, @Nullable Communicators.Info info) throws Exception {
        if (made == null || info == null || info.inter || CommDuplicates.isNull(made)) {
            return;
        }
        synchronized (dups) {
            if (dups.containsKey(made)) {
                return;
            }
        }
        Object d = Pmpi.result(toolId, MpiFunction.MPI_COMM_DUP, made);
        ToolErrors.returnOn(toolId, d);
        synchronized (dups) {
            dups.put(made, d);
        }
    }

    /** The nonblocking comparisons started and not yet read. */
    NonblockingCollectiveCheck nonblocking() {
        return nonblocking;
    }

    /** The size of one element of a datatype, found once per datatype object. */
    private final CollectiveRecord.Sizes sizes = new CollectiveRecord.Sizes() {
        @Override
        public long of(MpiCall call, Object datatype) {
            return datatypeSize(call, datatype);
        }
    };

    private final Map<Object, Long> sizeOf = new IdentityHashMap<>();
    private static final Object EMPTY = new byte[0];

    /**
     * The bytes of one element of {@code type}, as the agent counts a call's bytes: a broadcast of
     * one element of it, made from {@code call} as a call of the binding's method (never run), says;
     * -1 where that fails. {@code MPI_TYPE_SIZE} would not do: Open MPI's Java binding gives it in
     * units of the type's base type.
     */
    private long datatypeSize(MpiCall call, Object type) {
        synchronized (sizeOf) {
            Long known = sizeOf.get(type);
            if (known != null) {
                return known;
            }
        }
        long size;
        try {
            MpiCall one = nioBuffers
                    ? call.withFunction(MpiFunction.MPI_BCAST, call.communicator(), EMPTY, 1, type, 0)
                    : call.withFunction(MpiFunction.MPI_BCAST, call.communicator(), EMPTY, 0, 1, type, 0);
            size = one.bytes();
        } catch (RuntimeException e) {
            size = -1;
        }
        synchronized (sizeOf) {
            if (sizeOf.size() < 1024) {
                sizeOf.put(type, size);
            }
        }
        return size;
    }

    private Object dupOf(@Nullable Object comm) throws Exception {
        synchronized (dups) {
            Object d = dups.get(comm);
            if (d != null) {
                return d;
            }
        }
        Object d = Pmpi.result(toolId, MpiFunction.MPI_COMM_DUP, comm);
        ToolErrors.returnOn(toolId, d);
        synchronized (dups) {
            dups.put(comm, d);
        }
        return d;
    }

    /**
     * Before the collective {@code call} on the intercommunicator {@code comm} whose groups, as
     * world ranks, are {@code groups} ({@code {local, remote}}, {@code -1} for a process outside
     * {@code COMM_WORLD}).
     */
    void beforeInter(MpiCall call, @Nullable Object comm, int[][] groups) throws Exception {
        InterCollectiveCheck i = inter;
        if (i == null) {
            synchronized (this) {
                if (inter == null) {
                    inter = new InterCollectiveCheck(checker, toolId, this);
                }
                i = inter;
            }
        }
        i.before(call, comm, groups);
    }

    /**
     * The application freed {@code comm}: the checker's own communicator beside it is freed too, or
     * a program that splits and frees communicators in a loop would pile them up in the library.
     * Every rank of {@code comm} frees it, so every member of the checker's one frees that.
     */
    void forget(@Nullable Object comm) throws Exception {
        Object d;
        synchronized (dups) {
            d = dups.remove(comm);
        }
        if (d != null) {
            nonblocking.finish(d); // every rank of the communicator frees it: its comparisons end there
            Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_FREE, d);
        }
        InterCollectiveCheck i = inter;
        if (i != null) {
            i.forget(comm);
        }
    }

    /** Every rank's call and site to every rank; the communicator's first rank reports. */
    private void mismatch(
            MpiFunction f,
            @Nullable CallingAddress site,
            @Nullable Object datatype,
            Object dup,
            Communicators.Info info,
            long[] rec,
            long[] in,
            int slots,
            boolean described)
            throws Exception {
        String[][] all = split(
                gatherRecords(dup, info.size, mismatchRecord(described, f, datatype, info, rec, in, slots, site)),
                info.size);
        if (info.worldRanks.length == 0 || info.worldRanks[0] != checker.rank()) {
            return;
        }
        report(info, all);
    }

    /** The tab-separated values of this rank's call a finding shows: function, root, bytes, datatype, operation, counts. */
    String fields(MpiFunction f, @Nullable Object datatype, Communicators.Info info, long[] rec, long[] in, int slots) {
        return rec[CollectiveRecord.FUNCTION] + "\t" + rec[CollectiveRecord.ROOT] + "\t" + rec[CollectiveRecord.BYTES]
                + "\t" + types.describe(datatype) + "\t" + rec[CollectiveRecord.OP] + "\t"
                + CollectiveRecord.describeSlots(f, in, slots, info.size, slots == 0 ? -1 : commRank(info))
                + (rec[CollectiveRecord.OWN_SIDES] != 0 ? " (its own send and receive counts disagree)" : "");
    }

    /** Reports the mismatch every rank's record ({@link #record}, split) shows: at the communicator's first rank. */
    void report(Communicators.Info info, String[][] all) {
        // One site per distinct call, at the lowest rank making it.
        Map<String, FindingSite> variants = new LinkedHashMap<>();
        List<String> described = new ArrayList<>();
        boolean counts = false;
        for (int r = 0; r < info.size; r++) {
            String[] p = all[r];
            if (p.length < 10) {
                continue;
            }
            counts |= !p[5].isEmpty();
            String what = p[0] + " " + p[1] + " " + p[2] + " " + p[3] + " " + p[4] + " " + p[5];
            if (!variants.containsKey(what)) {
                int world = r < info.worldRanks.length ? info.worldRanks[r] : -1;
                variants.put(what, site(world, p, 6));
                described.add("rank " + world + " calls " + MpiFunction.values()[Integer.parseInt(p[0])].name()
                        + describe(p));
            }
        }
        checker.report(
                "collective_mismatch",
                Finding.Severity.ERROR,
                "the ranks of " + info.name + " call different collectives or the same one with different"
                        + " arguments: " + String.join("; ", described) + ". Every rank must call the same collective"
                        + " with the same root, operation and matching counts and datatypes"
                        + (counts
                                ? " (for the v variants: what each rank passes must be what the counts array of the"
                                        + " root, or of every rank, says for it, in bytes)"
                                : ""),
                variants.values().toArray(new FindingSite[0]));
    }

    /**
     * Every rank of {@code comm} ({@code size} ranks, an intracommunicator of the checker's own)
     * gets every rank's {@code fields} (tab-separated) followed by its call site (class, method,
     * file, line): one {@code MPI_ALLGATHER} of a fixed-size record per rank, made only once a
     * mismatch is known, so its cost is paid by defective programs alone.
     */
    String[][] gatherCalls(MpiCall call, Object comm, int size, String fields) throws Exception {
        return split(gatherRecords(comm, size, record(fields, call.callingAddress())), size);
    }

    /** {@code fields}, a tab, and the call site (class, method, file, line), in {@link #RECORD} bytes. */
    static byte[] record(String fields, @Nullable CallingAddress a) {
        String mine = fields + "\t" + (a == null ? "(unknown)" : a.className()) + "\t"
                + (a == null ? "(unknown)" : a.methodName()) + "\t"
                + (a == null || a.fileName() == null ? "" : a.fileName()) + "\t" + (a == null ? -1 : a.line());
        byte[] send = new byte[RECORD];
        byte[] m = mine.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(m, 0, send, 0, Math.min(m.length, RECORD));
        return send;
    }

    private byte[] gatherRecords(Object comm, int size, byte[] send) throws Exception {
        byte[] all = new byte[RECORD * size];
        if (nioBuffers) {
            ByteBuffer d = DirectBuffers.of(all.length, DirectBuffers.RECEIVE);
            Qmpi.pmpi(
                    toolId,
                    MpiFunction.MPI_ALLGATHER,
                    comm,
                    DirectBuffers.holding(send, RECORD, DirectBuffers.SEND),
                    RECORD,
                    byteType,
                    d,
                    RECORD,
                    byteType);
            DirectBuffers.copy(d, all, all.length);
        } else {
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLGATHER, comm, send, 0, RECORD, byteType, all, 0, RECORD, byteType);
        }
        return all;
    }

    /** The {@code size} records of {@code all}, each split at its tabs. */
    static String[][] split(byte[] all, int size) {
        String[][] split = new String[size][];
        for (int r = 0; r < size; r++) {
            int n = 0;
            while (n < RECORD && all[r * RECORD + n] != 0) {
                n++;
            }
            split[r] = new String(all, r * RECORD, n, StandardCharsets.UTF_8).split("\t", -1);
        }
        return split;
    }

    Object byteType() {
        return byteType;
    }

    /** The call site in {@code p} from index {@code from} on (class, method, file, line), at world rank {@code world}. */
    static FindingSite site(int world, String[] p, int from) {
        return new FindingSite(
                world,
                p.length > 0 && !p[0].isEmpty() ? MpiFunction.values()[Integer.parseInt(p[0])].name() : "?",
                p[from],
                p[from + 1],
                p[from + 2].isEmpty() ? null : p[from + 2],
                Integer.parseInt(p[from + 3]));
    }

    /** Every rank of {@code comm} ({@code size} ranks) gets every rank's {@code mine}, in rank order. */
    long[] allgather(Object comm, long[] mine, int size) throws Exception {
        long[] all = new long[mine.length * size];
        if (nioBuffers) {
            ByteBuffer d = DirectBuffers.of(all.length * Long.BYTES, DirectBuffers.RECEIVE);
            Qmpi.pmpi(
                    toolId,
                    MpiFunction.MPI_ALLGATHER,
                    comm,
                    DirectBuffers.holding(mine, DirectBuffers.SEND),
                    mine.length,
                    longType,
                    d,
                    mine.length,
                    longType);
            DirectBuffers.copy(d, all);
        } else {
            Qmpi.pmpi(
                    toolId,
                    MpiFunction.MPI_ALLGATHER,
                    comm,
                    mine,
                    0,
                    mine.length,
                    longType,
                    all,
                    0,
                    mine.length,
                    longType);
        }
        return all;
    }

    /** The code of {@code call}'s reduction operation: 0 for none, 100 for a user-defined one. */
    int operation(MpiCall call) {
        return opOf(call);
    }

    /** How an operation code reads in a message. */
    static String operationName(long op) {
        return op >= 1 && op <= OPS.length ? "MPI_" + OPS[(int) op - 1] : "a user-defined operation";
    }

    /** How {@code type} reads in a finding: its name, or a derived type's signature. */
    String datatypeText(@Nullable Object type) {
        return types.describe(type);
    }

    private static String describe(String[] p) {
        StringBuilder b = new StringBuilder();
        if (!p[1].equals("-1")) {
            b.append(" root ").append(p[1]);
        }
        if (!p[2].equals("-1")) {
            b.append(" with ").append(p[2]).append(" bytes of ").append(p[3]);
        }
        if (!p[4].equals("0")) {
            int op = Integer.parseInt(p[4]);
            b.append(" op ").append(op >= 1 && op <= OPS.length ? "MPI_" + OPS[op - 1] : "user-defined");
        }
        return b.append(p[5]).toString();
    }
}

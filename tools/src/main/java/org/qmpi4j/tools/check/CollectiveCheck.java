package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
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
 * operation) with one
 * {@code MPI_ALLREDUCE} of the maximum of each value and of its negation on the checker's
 * duplicate of that communicator; only when some value differs do they gather each rank's call
 * and call site, and the communicator's first rank reports it. So every collective costs one small
 * allreduce more (see BENCHMARKS.md). The duplicate is made at each rank's first collective on the
 * communicator, which every rank reaches, whichever collective it is. Intercommunicators, whose
 * groups pass different arguments by design, are compared by {@link InterCollectiveCheck}.
 */
final class CollectiveCheck {
    private static final int FIELDS = 5;
    private static final int RECORD = 512;
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
    private final Map<Object, Object> dups = new IdentityHashMap<>();
    private final Signatures types;
    /** Made at the first collective on an intercommunicator: most programs have none. */
    private volatile @Nullable InterCollectiveCheck inter;

    /**
     * This thread's record, the allreduce's two arrays and its argument list, reused: a collective
     * allocates nothing. {@link #mismatch} reads the record at once, before this thread's next collective.
     */
    private static final class Scratch {
        final long[] rec = new long[FIELDS];
        final long[] in = new long[2 * FIELDS];
        final long[] out = new long[2 * FIELDS];
        final Object[] nioArgs = new Object[5];
        final Object[] offsetArgs = new Object[7];
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
    }

    /**
     * Whether {@code f} is a blocking collective this check compares. {@code MPI_Reduce_local} is
     * in the standard's chapter on collectives but takes no communicator and involves no other
     * rank: there is nothing to compare.
     */
    static boolean checks(MpiFunction f) {
        return f.kind() == MpiFunction.Kind.COLLECTIVE
                && f != MpiFunction.MPI_REDUCE_LOCAL
                && !f.name().startsWith("MPI_I")
                && !f.name().contains("NEIGHBOR");
    }

    static boolean rooted(MpiFunction f) {
        switch (f) {
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
        switch (f) {
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

    private int opOf(MpiCall call) {
        for (int i = 0; i < call.argumentCount(); i++) {
            Object a = call.argument(i);
            if (a != null && a.getClass().getSimpleName().equals("Op")) {
                Integer code = ops.get(a);
                return code == null ? 100 : code;
            }
        }
        return 0;
    }

    /** Before the collective {@code call} on {@code comm} (an intracommunicator of {@code info}). */
    void before(MpiCall call, @Nullable Object comm, Communicators.Info info) throws Exception {
        MpiFunction f = call.function();
        Scratch scratch = SCRATCH.get();
        long[] rec = scratch.rec;
        rec[0] = f.ordinal();
        rec[1] = rooted(f) ? call.peer() : -1;
        rec[2] = sameBytes(f) ? call.bytes() : -1;
        rec[3] = sameBytes(f) ? signatureHash(call) : 0;
        rec[4] = opOf(call);
        long[] in = scratch.in;
        for (int i = 0; i < FIELDS; i++) {
            in[i] = rec[i];
            in[FIELDS + i] = -rec[i];
        }
        long[] out = scratch.out;
        Object dup = dupOf(comm);
        if (nioBuffers) {
            // direct buffers keep the checker's records out of the binding's reused native buffers
            ByteBuffer d = DirectBuffers.of(out.length * Long.BYTES, DirectBuffers.RECEIVE);
            Object[] args = scratch.nioArgs;
            args[0] = DirectBuffers.holding(in, DirectBuffers.SEND);
            args[1] = d;
            args[2] = 2 * FIELDS;
            args[3] = longType;
            args[4] = max;
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLREDUCE, dup, args);
            DirectBuffers.copy(d, out);
        } else {
            Object[] args = scratch.offsetArgs;
            args[0] = in;
            args[1] = 0;
            args[2] = out;
            args[3] = 0;
            args[4] = 2 * FIELDS;
            args[5] = longType;
            args[6] = max;
            Qmpi.pmpi(toolId, MpiFunction.MPI_ALLREDUCE, dup, args);
        }
        boolean same = true;
        for (int i = 0; i < FIELDS; i++) {
            same &= out[i] == -out[FIELDS + i];
        }
        if (!same) {
            mismatch(call, dup, info, rec);
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
            Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_FREE, d);
        }
        InterCollectiveCheck i = inter;
        if (i != null) {
            i.forget(comm);
        }
    }

    /** Every rank's call and site to every rank; the communicator's first rank reports. */
    private void mismatch(MpiCall call, Object dup, Communicators.Info info, long[] rec) throws Exception {
        String[][] all = gatherCalls(
                call,
                dup,
                info.size,
                rec[0] + "\t" + rec[1] + "\t" + rec[2] + "\t" + types.describe(call.datatype()) + "\t" + rec[4]);
        if (info.worldRanks.length == 0 || info.worldRanks[0] != checker.rank()) {
            return;
        }
        // One site per distinct call, at the lowest rank making it.
        Map<String, FindingSite> variants = new LinkedHashMap<>();
        List<String> described = new ArrayList<>();
        for (int r = 0; r < info.size; r++) {
            String[] p = all[r];
            if (p.length < 9) {
                continue;
            }
            String what = p[0] + " " + p[1] + " " + p[2] + " " + p[3] + " " + p[4];
            if (!variants.containsKey(what)) {
                int world = r < info.worldRanks.length ? info.worldRanks[r] : -1;
                variants.put(what, site(world, p, 5));
                described.add("rank " + world + " calls " + MpiFunction.values()[Integer.parseInt(p[0])].name()
                        + describe(p));
            }
        }
        checker.report(
                "collective_mismatch",
                Finding.Severity.ERROR,
                "the ranks of " + info.name + " call different collectives or the same one with different"
                        + " arguments: " + String.join("; ", described) + ". Every rank must call the same collective"
                        + " with the same root, operation and matching counts and datatypes",
                variants.values().toArray(new FindingSite[0]));
    }

    /**
     * Every rank of {@code comm} ({@code size} ranks, an intracommunicator of the checker's own)
     * gets every rank's {@code fields} (tab-separated) followed by its call site (class, method,
     * file, line): one {@code MPI_ALLGATHER} of a fixed-size record per rank, made only once a
     * mismatch is known, so its cost is paid by defective programs alone.
     */
    String[][] gatherCalls(MpiCall call, Object comm, int size, String fields) throws Exception {
        CallingAddress a = call.callingAddress();
        String mine = fields + "\t" + (a == null ? "(unknown)" : a.className()) + "\t"
                + (a == null ? "(unknown)" : a.methodName()) + "\t"
                + (a == null || a.fileName() == null ? "" : a.fileName()) + "\t" + (a == null ? -1 : a.line());
        byte[] send = new byte[RECORD];
        byte[] m = mine.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(m, 0, send, 0, Math.min(m.length, RECORD));
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
        return b.toString();
    }
}

package org.qmpi4j.tools.check;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.qmpi4j.api.ArgumentRole;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.PeerTranslator;
import org.qmpi4j.tools.mpi.Pmpi;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * The rule {@code rma_race} (an error): two one-sided accesses of the same bytes of one rank's
 * window in one epoch between two fences, at least one of them writing (a put, or a get beside an
 * accumulate). MPI leaves the order of the accesses of an epoch open, so the window ends with
 * either value, or a get reads either. Each rank keeps its own accesses (window, epoch, target,
 * displacement, bytes, kind, site) in arrays made once; at {@code MPI_Finalize} they go to rank 0 as
 * text ({@link #exchange}), which finds the overlaps ({@link WindowConflicts}).
 *
 * <p>What it sees, and why not more:
 * <ul>
 *   <li>Windows synchronised by fences only. A window's rank learns its group and displacement
 *       unit at its first fence, and numbers it among the windows of that group by that fence,
 *       which every member makes together: that number names the window across ranks, since
 *       tools do not see a window being made (the bindings make windows in constructors, which
 *       the agent does not rewrite). Where any rank locks, posts, starts, flushes or makes a
 *       request-based access, rank 0 checks nothing: the epochs of those are not counted here.</li>
 *   <li>Accesses whose target datatype is the origin's and predefined: the bytes a derived one
 *       reaches have holes, and {@code MPI_Fetch_and_op} and {@code MPI_Compare_and_swap} give no
 *       count to size them by.</li>
 *   <li>Not the target's own loads and stores of its window memory during an epoch: they are
 *       plain Java buffer accesses, which no MPI call shows.</li>
 *   <li>The first {@value #KEPT} accesses of each rank; later ones are counted and said.</li>
 * </ul>
 */
final class WindowEpochs {
    static final String RULE = "rma_race";
    /** Accesses kept per rank for the check at {@code MPI_Finalize}. */
    static final int KEPT = 4096;

    static final int PUT = 0;
    static final int GET = 1;
    static final int ACCUMULATE = 2;

    /** One window as this rank knows it, from its first fence on. */
    private static final class Window {
        final String key;
        final int[] worldRanks;
        final int dispUnit;
        int epoch;

        Window(String key, int[] worldRanks, int dispUnit) {
            this.key = key;
            this.worldRanks = worldRanks;
            this.dispUnit = dispUnit;
        }
    }

    private final Checker checker;
    private final int toolId;
    private final int rank;
    private final PeerTranslator peers;
    private final Map<Object, Window> windows = new IdentityHashMap<>();
    /** Every window keyed, freed ones too (rank 0 needs their units), the first {@value #KEPT}. */
    private final java.util.List<Window> keyed = new java.util.ArrayList<>();
    /** Windows keyed so far per group (their world ranks' hash), ended ones included. */
    private final Map<String, Integer> perGroup = new HashMap<>();

    /** A window of this rank was synchronised otherwise than by fences. */
    private boolean otherSync;
    /** A fault stopped the recording: this rank's accesses are not all known. */
    private boolean off;

    private final Window[] window = new Window[KEPT];
    private final int[] epoch = new int[KEPT];
    private final int[] target = new int[KEPT];
    private final long[] disp = new long[KEPT];
    private final long[] bytes = new long[KEPT];
    private final int[] kind = new int[KEPT];
    private final MpiFunction[] function = new MpiFunction[KEPT];
    /** Each access's site; an element is {@code null} where the agent did not know it. */
    private final CallingAddress[] site = new CallingAddress[KEPT];

    private int count;
    private long dropped;

    WindowEpochs(Checker checker, int toolId, int rank, PeerTranslator peers) {
        this.checker = checker;
        this.toolId = toolId;
        this.rank = rank;
        this.peers = peers;
    }

    /** Whether {@link #after} looks at {@code f}. */
    static boolean follows(MpiFunction f) {
        return f.kind() == MpiFunction.Kind.ONE_SIDED;
    }

    /**
     * After a fault while following a call: nothing more is recorded, and rank 0 compares nothing
     * (this rank's accesses are not all known). The exchange at {@code MPI_Finalize} still happens
     * on this rank, as on every other, so that none waits for it.
     */
    synchronized void off() {
        off = true;
    }

    /** After a one-sided call returned. */
    synchronized void after(MpiCall call) throws Exception {
        if (off) {
            return;
        }
        MpiFunction f = call.function();
        Object win = call.receiver();
        if (win == null) {
            return;
        }
        switch (f) {
            case MPI_WIN_FENCE:
                fence(win);
                return;
            case MPI_WIN_FREE:
                windows.remove(win);
                return;
            case MPI_PUT:
                access(win, call, PUT);
                return;
            case MPI_GET:
                access(win, call, GET);
                return;
            case MPI_ACCUMULATE:
            case MPI_GET_ACCUMULATE:
            case MPI_FETCH_AND_OP:
            case MPI_COMPARE_AND_SWAP:
                access(win, call, ACCUMULATE);
                return;
            case MPI_WIN_LOCK:
            case MPI_WIN_UNLOCK:
            case MPI_WIN_LOCK_ALL:
            case MPI_WIN_UNLOCK_ALL:
            case MPI_WIN_START:
            case MPI_WIN_COMPLETE:
            case MPI_WIN_POST:
            case MPI_WIN_WAIT:
            case MPI_WIN_TEST:
            case MPI_WIN_FLUSH:
            case MPI_WIN_FLUSH_ALL:
            case MPI_WIN_FLUSH_LOCAL:
            case MPI_WIN_FLUSH_LOCAL_ALL:
            case MPI_WIN_SYNC:
            case MPI_RPUT:
            case MPI_RGET:
            case MPI_RACCUMULATE:
            case MPI_RGET_ACCUMULATE:
                otherSync = true;
                return;
            default:
        }
    }

    private void fence(Object win) throws Exception {
        Window w = windows.get(win);
        if (w == null) {
            int[] ranks = peers.worldRanksOfGroup(Pmpi.result(toolId, MpiFunction.MPI_WIN_GET_GROUP, win));
            String group = Integer.toHexString(java.util.Arrays.hashCode(ranks)) + "-" + ranks.length;
            Integer before = perGroup.get(group);
            int ordinal = before == null ? 0 : before;
            perGroup.put(group, ordinal + 1);
            w = new Window(group + "#" + ordinal, ranks, dispUnit(win));
            windows.put(win, w);
            if (keyed.size() < KEPT) {
                keyed.add(w);
            }
        }
        w.epoch++;
    }

    /** The window's displacement unit in bytes ({@code MPI_WIN_DISP_UNIT}), -1 where MPI does not say. */
    private int dispUnit(Object win) {
        try {
            Object key = Qmpi.bindingConstant(toolId, "WIN_DISP_UNIT");
            Object unit = Qmpi.pmpi(toolId, MpiFunction.MPI_WIN_GET_ATTR, win, key);
            return unit instanceof Number ? ((Number) unit).intValue() : -1;
        } catch (Exception | LinkageError e) {
            return -1;
        }
    }

    private void access(Object win, MpiCall call, int k) throws Exception {
        Window w = windows.get(win);
        if (w == null || w.epoch == 0) {
            return; // outside any fence epoch (erroneous in itself), or a window synchronised otherwise
        }
        int peer = call.peer();
        Object d = call.argument(ArgumentRole.TARGET_DISPLACEMENT);
        if (peer < 0 || peer >= w.worldRanks.length || w.worldRanks[peer] < 0 || !(d instanceof Number)) {
            return;
        }
        Object n = call.argument(ArgumentRole.TARGET_COUNT);
        long size = elementBytes(call);
        if (size <= 0) {
            return;
        }
        if (count == KEPT) {
            dropped++;
            return;
        }
        int i = count++;
        window[i] = w;
        epoch[i] = w.epoch;
        target[i] = w.worldRanks[peer];
        disp[i] = ((Number) d).longValue();
        bytes[i] = (n instanceof Number ? ((Number) n).longValue() : 1) * size;
        kind[i] = k;
        function[i] = call.function();
        site[i] = call.callingAddress();
    }

    /**
     * The bytes of one element at the target, where the target's datatype is the origin's and
     * predefined: the origin's bytes over its count (the agent knows the sizes; a binding's own
     * {@code getSize()} may count in buffer elements, as Open MPI's does). -1 otherwise: a derived
     * type's bytes have holes, and a call without a count ({@code MPI_Fetch_and_op},
     * {@code MPI_Compare_and_swap}) says no size.
     */
    private long elementBytes(MpiCall call) {
        Object type = call.datatype();
        Object targetType = call.argument(ArgumentRole.TARGET_TYPE);
        TypeSignatures types = checker.types();
        TypeSignature s = types == null ? null : types.of(type);
        int n = call.count();
        if (type == null || targetType != type || s == null || s.code < 0 || n <= 0) {
            return -1;
        }
        long b = call.bytes();
        return b > 0 ? b / n : -1;
    }

    /** This rank's windows and accesses, as rank 0 reads them ({@link WindowConflicts#read}). */
    synchronized String text() {
        StringBuilder b = new StringBuilder();
        if (otherSync || off) {
            b.append("O\n");
        }
        if (dropped > 0) {
            b.append("D ").append(dropped).append('\n');
        }
        for (Window w : keyed) {
            b.append("W ")
                    .append(w.key)
                    .append(' ')
                    .append(rank)
                    .append(' ')
                    .append(w.dispUnit)
                    .append('\n');
        }
        for (int i = 0; i < count; i++) {
            CallingAddress a = site[i];
            b.append("A ")
                    .append(window[i].key)
                    .append(' ')
                    .append(epoch[i])
                    .append(' ')
                    .append(rank)
                    .append(' ')
                    .append(target[i])
                    .append(' ')
                    .append(disp[i])
                    .append(' ')
                    .append(bytes[i])
                    .append(' ')
                    .append(kind[i])
                    .append(' ')
                    .append(function[i].name())
                    .append(' ');
            Sites.appendText(b, a).append('\n');
        }
        return b.toString();
    }

    /**
     * Collective at {@code MPI_Finalize}, on every rank: the accesses go to rank 0, which reports
     * the conflicts. One {@code MPI_ALLREDUCE} when no rank made one.
     */
    void exchange(WorldComm comm) throws Exception {
        byte[] mine = new byte[0];
        try {
            mine = text().getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            checker.results().output().fault("listing this rank's one-sided accesses", e);
        }
        ChunkedGather.PerRank got = new ChunkedGather.PerRank(comm.size());
        ChunkedGather.run(comm, new ByteArrayInputStream(mine), mine.length, 0, got);
        if (comm.rank() != 0) {
            return;
        }
        StringBuilder all = new StringBuilder();
        for (int r = 0; r < got.ranks(); r++) {
            all.append(got.takeText(r));
        }
        WindowConflicts conflicts = WindowConflicts.read(all.toString());
        for (WindowConflicts.Conflict c : conflicts.found()) {
            checker.report(RULE, Finding.Severity.ERROR, c.message(), c.first.site, c.second.site);
        }
        if (conflicts.dropped() > 0) {
            checker.results()
                    .output()
                    .sayOnce(
                            "rma-kept",
                            RULE + " compared the first " + KEPT + " one-sided accesses of each" + " rank; "
                                    + conflicts.dropped() + " later ones were not compared");
        }
    }
}

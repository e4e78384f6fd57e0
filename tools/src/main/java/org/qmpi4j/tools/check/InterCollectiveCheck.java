package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.Pmpi;

/**
 * {@code collective_mismatch} on an intercommunicator. Its two groups do not pass the same
 * arguments: in a rooted collective the root passes {@code MPI_ROOT}, the rest of its group
 * {@code MPI_PROC_NULL}, and every rank of the other group the root's rank in the root's group;
 * data flows between the groups, so counts match across them, not within one. The checker's
 * single allreduce of the intracommunicator case cannot say that, so here every rank's call
 * (group, function, root argument, bytes, datatype, operation) goes to every rank with one
 * {@code MPI_ALLGATHER} on the checker's own merge of the two groups, made at the
 * intercommunicator's first collective; each rank judges the same records the same way, so all
 * agree whether to gather the call sites and report. Only intercommunicators whose two groups are
 * both in {@code COMM_WORLD} are compared: one that reaches another world (a spawned one, a
 * connected job) is skipped on both sides alike.
 *
 * <p>One class over the usual size because the record's layout, how a rank fills it (or says it
 * cannot) and how every rank judges the same records must change together: a field read in one
 * place and written in another would make ranks judge differently, and then only some would gather.
 */
final class InterCollectiveCheck {
    /** World rank, group (its lowest world rank), local rank, function, root kind, root, bytes, datatype, op. */
    private static final int FIELDS = 9;

    private static final int WORLD = 0;
    private static final int GROUP = 1;
    private static final int LOCAL = 2;
    private static final int FUNCTION = 3;
    private static final int ROOT_KIND = 4;
    private static final int ROOT = 5;
    private static final int BYTES = 6;
    private static final int TYPE = 7;
    private static final int OP = 8;

    /** The function of a record whose rank could not describe its call. */
    static final long UNKNOWN = -1;

    private static final long NOT_ROOTED = 0;
    private static final long PASSES_ROOT = 1;
    private static final long PASSES_PROC_NULL = 2;
    private static final long NAMES_REMOTE = 3;

    private final Checker checker;
    private final int toolId;
    private final CollectiveCheck collectives;
    private final int rootConstant;
    private final int procNull;
    private final Map<Object, Object> merged = new IdentityHashMap<>();

    InterCollectiveCheck(Checker checker, int toolId, CollectiveCheck collectives) {
        this.checker = checker;
        this.toolId = toolId;
        this.collectives = collectives;
        this.rootConstant = constant(toolId, "ROOT");
        this.procNull = constant(toolId, "PROC_NULL");
    }

    private static int constant(int toolId, String name) {
        try {
            Object v = Qmpi.bindingConstant(toolId, name);
            return v instanceof Integer ? (Integer) v : Integer.MIN_VALUE;
        } catch (RuntimeException absent) {
            return Integer.MIN_VALUE; // a binding without MPI_ROOT has no intercommunicator collectives either
        }
    }

    /**
     * Before the collective {@code call} on the intercommunicator {@code comm} whose groups, as
     * world ranks, are {@code groups} ({@code {local, remote}}).
     */
    void before(MpiCall call, @Nullable Object comm, int[][] groups) throws Exception {
        if (groups.length != 2 || !inWorld(groups[0]) || !inWorld(groups[1])) {
            return;
        }
        int localRank = Pmpi.intResult(toolId, MpiFunction.MPI_COMM_RANK, comm);
        int size = groups[0].length + groups[1].length;
        long[] mine = describedRecord(call, lowest(groups[0]), localRank);
        Object union = mergeOf(comm, lowest(groups[0]) > lowest(groups[1]));
        long[] all = collectives.allgather(union, mine, size);
        long[][] recs = new long[size][];
        for (int r = 0; r < size; r++) {
            recs[r] = new long[FIELDS];
            System.arraycopy(all, r * FIELDS, recs[r], 0, FIELDS);
        }
        Verdict v = judge(recs);
        if (v == null) {
            return;
        }
        String[][] calls = collectives.gatherCalls(call, union, size, fields(call));
        if (recs[0][WORLD] != checker.rank()) {
            return; // the merge's first rank reports
        }
        List<FindingSite> sites = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (int i : v.cited) {
            int world = (int) recs[i][WORLD];
            String[] p = calls[i];
            if (p.length < 6) {
                continue;
            }
            sites.add(CollectiveCheck.site(world, p, 2));
            described.add(describe(recs[i], p[1]));
        }
        checker.report(
                "collective_mismatch",
                Finding.Severity.ERROR,
                "the two groups of the intercommunicator between world ranks " + list(groups[0]) + " and "
                        + list(groups[1]) + " " + v.problem + ": " + String.join("; ", described)
                        + ". On an intercommunicator both groups call the same collective; in a rooted one the root"
                        + " passes MPI_ROOT, the rest of its group MPI_PROC_NULL, and every rank of the other group the"
                        + " root's rank in the root's group, and the counts and datatypes of the two sides match",
                sites.toArray(new FindingSite[0]));
    }

    /** The application freed {@code comm}: the checker's merge of its groups is freed with it. */
    void forget(@Nullable Object comm) throws Exception {
        Object m;
        synchronized (merged) {
            m = merged.remove(comm);
        }
        if (m != null) {
            Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_FREE, m);
        }
    }

    /**
     * This rank's record, or one that names no function (so every rank judges the call unknown and
     * none reports) where this rank is off or describing the call fails: every rank must still send
     * one, since the others wait for it.
     */
    private long[] describedRecord(MpiCall call, int group, int localRank) {
        if (!collectives.isOff()) {
            try {
                return record(call, group, localRank);
            } catch (RuntimeException | LinkageError e) {
                collectives.off("describing the collective " + call.function() + " on an intercommunicator", e);
            }
        }
        long[] unknown = new long[FIELDS];
        unknown[WORLD] = checker.rank();
        unknown[GROUP] = group;
        unknown[LOCAL] = localRank;
        unknown[FUNCTION] = UNKNOWN;
        return unknown;
    }

    /** What {@link CollectiveCheck#gatherCalls} sends of this rank's call; empty if describing it fails. */
    private String fields(MpiCall call) {
        try {
            return call.function().ordinal() + "\t" + collectives.datatypeText(call.datatype());
        } catch (RuntimeException | LinkageError e) {
            collectives.off("describing the mismatched collective " + call.function(), e);
            return "";
        }
    }

    private long[] record(MpiCall call, int group, int localRank) {
        MpiFunction f = call.function();
        long[] rec = new long[FIELDS];
        rec[WORLD] = checker.rank();
        rec[GROUP] = group;
        rec[LOCAL] = localRank;
        rec[FUNCTION] = f.ordinal();
        if (CollectiveCheck.rooted(f)) {
            int root = call.peer();
            rec[ROOT_KIND] = root == rootConstant ? PASSES_ROOT : root == procNull ? PASSES_PROC_NULL : NAMES_REMOTE;
            rec[ROOT] = rec[ROOT_KIND] == NAMES_REMOTE ? root : -1;
        } else {
            rec[ROOT_KIND] = NOT_ROOTED;
            rec[ROOT] = -1;
        }
        if (payload(f) != Payload.NONE) {
            rec[BYTES] = call.bytes();
            rec[TYPE] = collectives.signatureHash(call);
        } else {
            rec[BYTES] = -1;
        }
        rec[OP] = collectives.operation(call);
        return rec;
    }

    /** Whose bytes and datatypes must agree with whose. */
    private enum Payload {
        /** Nothing compared (v-variants, scatters whose receive side the call's bytes do not show, a barrier). */
        NONE,
        /** The root's with every rank of the other group (broadcast, reduce). */
        ROOT_WITH_OTHERS,
        /** Among the ranks of the group that is not the root's (gather: what they send). */
        AMONG_OTHERS,
        /** Among all ranks of both groups (allreduce). */
        ALL,
        /** Among the ranks of each group, each group apart (allgather, alltoall: what each group sends). */
        EACH_GROUP
    }

    private static Payload payload(MpiFunction f) {
        switch (f) {
            case MPI_BCAST:
            case MPI_REDUCE:
                return Payload.ROOT_WITH_OTHERS;
            case MPI_GATHER:
                return Payload.AMONG_OTHERS;
            case MPI_ALLREDUCE:
                return Payload.ALL;
            case MPI_ALLGATHER:
            case MPI_ALLTOALL:
                return Payload.EACH_GROUP;
            default:
                return Payload.NONE;
        }
    }

    /** What is wrong and which records to cite; {@code null} if nothing. */
    static final class Verdict {
        final String problem;
        final List<Integer> cited;

        Verdict(String problem, List<Integer> cited) {
            this.problem = problem;
            this.cited = cited;
        }
    }

    /** The same judgement on every rank, from the same records. */
    static @Nullable Verdict judge(long[][] recs) {
        for (long[] r : recs) {
            if (r[FUNCTION] == UNKNOWN) {
                return null; // a rank that could not describe its call: nothing is known to be wrong
            }
        }
        List<Integer> byFunction = variants(recs, all(recs), FUNCTION);
        if (byFunction.size() > 1) {
            return new Verdict("call different collectives", byFunction);
        }
        MpiFunction f = MpiFunction.values()[(int) recs[0][FUNCTION]];
        int root = -1;
        if (CollectiveCheck.rooted(f)) {
            List<Integer> roots = new ArrayList<>();
            for (int i = 0; i < recs.length; i++) {
                if (recs[i][ROOT_KIND] == PASSES_ROOT) {
                    roots.add(i);
                }
            }
            if (roots.size() != 1) {
                return new Verdict(
                        roots.isEmpty()
                                ? "disagree on the root: no rank passes MPI_ROOT"
                                : "disagree on the root: more than one rank passes MPI_ROOT",
                        rootVariants(recs, all(recs)));
            }
            root = roots.get(0);
            List<Integer> wrong = new ArrayList<>();
            for (int i = 0; i < recs.length; i++) {
                boolean sameGroup = recs[i][GROUP] == recs[root][GROUP];
                boolean right = i == root
                        || (sameGroup
                                ? recs[i][ROOT_KIND] == PASSES_PROC_NULL
                                : recs[i][ROOT_KIND] == NAMES_REMOTE && recs[i][ROOT] == recs[root][LOCAL]);
                if (!right) {
                    wrong.add(i);
                }
            }
            if (!wrong.isEmpty()) {
                List<Integer> cited = new ArrayList<>();
                cited.add(root);
                cited.addAll(rootVariants(recs, wrong));
                return new Verdict("disagree on the root", cited);
            }
        }
        return judgePayload(recs, f, root);
    }

    private static @Nullable Verdict judgePayload(long[][] recs, MpiFunction f, int root) {
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < recs.length; i++) {
            if (root >= 0 && recs[i][GROUP] != recs[root][GROUP]) {
                others.add(i);
            }
        }
        List<Integer> cited = new ArrayList<>();
        switch (payload(f)) {
            case ROOT_WITH_OTHERS:
                List<Integer> withRoot = new ArrayList<>(others);
                withRoot.add(0, root);
                List<Integer> v = variants(recs, withRoot, BYTES, TYPE, OP);
                if (v.size() > 1) {
                    cited.addAll(v);
                }
                break;
            case AMONG_OTHERS:
                List<Integer> senders = variants(recs, others, BYTES, TYPE);
                if (senders.size() > 1) {
                    cited.addAll(senders);
                }
                break;
            case ALL:
                List<Integer> every = variants(recs, all(recs), BYTES, TYPE, OP);
                if (every.size() > 1) {
                    cited.addAll(every);
                }
                break;
            case EACH_GROUP:
                for (List<Integer> group : groups(recs)) {
                    List<Integer> g = variants(recs, group, BYTES, TYPE);
                    if (g.size() > 1) {
                        cited.addAll(g);
                    }
                }
                break;
            default:
                break;
        }
        if (cited.isEmpty() && f != MpiFunction.MPI_REDUCE && f != MpiFunction.MPI_BCAST) {
            // Every rank that passes an operation passes the same one (reduce's is compared with its bytes above).
            List<Integer> ops = variants(recs, all(recs), OP);
            if (ops.size() > 1) {
                cited.addAll(ops);
            }
        }
        return cited.isEmpty() ? null : new Verdict("call it with different counts, datatypes or operations", cited);
    }

    /** Of {@code among}, the first record of each distinct combination of {@code fields}, in order. */
    private static List<Integer> variants(long[][] recs, List<Integer> among, int... fields) {
        Map<String, Integer> first = new LinkedHashMap<>();
        for (int i : among) {
            StringBuilder key = new StringBuilder();
            for (int field : fields) {
                key.append(recs[i][field]).append(' ');
            }
            first.putIfAbsent(key.toString(), i);
        }
        return new ArrayList<>(first.values());
    }

    /** Of {@code among}, the first record of each distinct root argument within each group. */
    private static List<Integer> rootVariants(long[][] recs, List<Integer> among) {
        return variants(recs, among, GROUP, ROOT_KIND, ROOT);
    }

    private static List<Integer> all(long[][] recs) {
        List<Integer> all = new ArrayList<>(recs.length);
        for (int i = 0; i < recs.length; i++) {
            all.add(i);
        }
        return all;
    }

    private static List<List<Integer>> groups(long[][] recs) {
        Map<Long, List<Integer>> byGroup = new LinkedHashMap<>();
        for (int i = 0; i < recs.length; i++) {
            byGroup.computeIfAbsent(recs[i][GROUP], g -> new ArrayList<>()).add(i);
        }
        return new ArrayList<>(byGroup.values());
    }

    private static String describe(long[] rec, String datatype) {
        MpiFunction f = MpiFunction.values()[(int) rec[FUNCTION]];
        StringBuilder b =
                new StringBuilder("rank ").append(rec[WORLD]).append(" calls ").append(f.name());
        if (rec[ROOT_KIND] == PASSES_ROOT) {
            b.append(" as the root (MPI_ROOT)");
        } else if (rec[ROOT_KIND] == PASSES_PROC_NULL) {
            b.append(" with MPI_PROC_NULL (its group holds the root)");
        } else if (rec[ROOT_KIND] == NAMES_REMOTE) {
            b.append(" with root ").append(rec[ROOT]).append(" of the other group");
        }
        if (rec[BYTES] >= 0 && rec[ROOT_KIND] != PASSES_PROC_NULL) {
            b.append(" with ").append(rec[BYTES]).append(" bytes of ").append(datatype);
        }
        if (rec[OP] != 0 && rec[ROOT_KIND] != PASSES_PROC_NULL) {
            b.append(" op ").append(CollectiveCheck.operationName(rec[OP]));
        }
        return b.toString();
    }

    private Object mergeOf(@Nullable Object comm, boolean high) throws Exception {
        synchronized (merged) {
            Object m = merged.get(comm);
            if (m != null) {
                return m;
            }
        }
        Object m = Qmpi.pmpi(toolId, MpiFunction.MPI_INTERCOMM_MERGE, comm, high);
        if (m == null) {
            throw new IllegalStateException("MPI_INTERCOMM_MERGE returned null");
        }
        synchronized (merged) {
            merged.put(comm, m);
        }
        return m;
    }

    private static boolean inWorld(int[] group) {
        if (group.length == 0) {
            return false;
        }
        for (int r : group) {
            if (r < 0) {
                return false;
            }
        }
        return true;
    }

    private static int lowest(int[] group) {
        int low = Integer.MAX_VALUE;
        for (int r : group) {
            low = Math.min(low, r);
        }
        return low;
    }

    private static String list(int[] group) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < group.length && i < 16; i++) {
            b.append(i > 0 ? ", " : "").append(group[i]);
        }
        return b.append(group.length > 16 ? ", ...]" : "]").toString();
    }
}

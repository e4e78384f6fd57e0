package org.qmpi4j.report.export.otf2;

import static org.qmpi4j.report.export.otf2.Otf2Constants.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writes a job's calls as OTF2 records, the way Score-P's MPI adapter writes them, so that Vampir
 * and Scalasca read them as they read a Score-P trace:
 * <ul>
 *   <li>every call is an {@code Enter}/{@code Leave} of its MPI function's region (named as in C,
 *       {@code MPI_Send}), inside an {@code Enter}/{@code Leave} of its Java call site's region
 *       when the trace names the site;
 *   <li>between them, the call's MPI records: {@code MpiSend} right after {@code Enter} (at the
 *       call's start); {@code MpiRecv} right before {@code Leave} (when the message has arrived);
 *       {@code MpiIsend} or {@code MpiIrecvRequest} with the request in the call that starts it,
 *       and {@code MpiIsendComplete} or {@code MpiIrecv} in the call that completes it (a wait or
 *       test), one per completed request; {@code MpiCollectiveBegin} after {@code Enter} and
 *       {@code MpiCollectiveEnd} (operation, communicator, root, bytes) before {@code Leave};
 *   <li>what the JVM took from the rank before a call (garbage collection, other safepoints,
 *       class loading, time descheduled) is an {@code Enter}/{@code Leave} of a region per kind
 *       ({@code JVM: gc}, user paradigm) just before the call's, as long as the trace says, on the
 *       rank's location: Vampir shows them on the timeline, Scalasca and Cube as time in those
 *       regions, the late rank's cause; pauses inside a call are left out, since a region inside an
 *       MPI region is not what OTF2's MPI readers expect;
 *   <li>peers and roots are ranks in the call's communicator, as in MPI;
 *   <li>definitions: the system tree (the machine, one node per host), one location group
 *       ({@code PROCESS}) per rank, one location per thread that made calls (a rank's first
 *       thread is its MPI location), the regions, the {@code COMM_LOCATIONS} group of every
 *       rank's MPI location in rank order and one {@code COMM_GROUP} per communicator (members as
 *       indices into it, that is world ranks), and the clock: nanoseconds.
 * </ul>
 * Every rank of the job gets its location, also a rank left out of the export (without events),
 * so that communicator groups stay world ranks. A request completed without its start in the
 * export (outside the time window) gets no completion record: OTF2 readers pair them.
 *
 * <p>Why one file of this length: the records of a call and the definitions they refer to (region,
 * string and location ids) are numbered here as they are written, and the definitions, written
 * last, must use the same numbers; split, the numbering would be shared state between classes.
 */
public final class Otf2Export {
    private static final int SYSTEM_ROOT = 0;
    private static final int COMM_LOCATIONS_GROUP = 0;

    private final Otf2Records out;
    private final Communicators comms;
    private final CallSites sites;
    private final List<String> hosts;
    private final Map<String, Integer> strings = new LinkedHashMap<>();
    private final Map<String, Integer> mpiRegions = new LinkedHashMap<>();
    private final Map<Integer, Integer> siteRegions = new LinkedHashMap<>();
    /** Kind of {@link TracedCall#JVM_KINDS} -> region. */
    private final Map<Integer, Integer> jvmRegions = new LinkedHashMap<>();

    private final Map<Long, long[]> locationEvents = new TreeMap<>();
    private final Map<Long, String> locationNames = new HashMap<>();
    private int nextRegion;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    /**
     * @param hosts each rank's host name, by world rank (an empty name: unknown)
     */
    public Otf2Export(Otf2Records out, Communicators comms, CallSites sites, List<String> hosts) {
        this.out = out;
        this.comms = comms;
        this.sites = sites;
        this.hosts = new ArrayList<>(hosts);
    }

    /** The OTF2 location of a rank's thread: Score-P's numbering, thread index above the rank. */
    public static long location(int rank, int threadIndex) {
        return ((long) threadIndex << 32) | rank;
    }

    /** Starts writing {@code rank}'s calls, in time order per thread. */
    public RankWriter rank(int rank) {
        return new RankWriter(rank);
    }

    /** One rank's calls. */
    public final class RankWriter {
        private final int rank;
        private final Map<Long, LocationWriter> byThread = new LinkedHashMap<>();
        /** Request id -> {records kind (0 send, 1 receive), communicator}. */
        private final Map<Long, int[]> requests = new HashMap<>();

        RankWriter(int rank) {
            this.rank = rank;
        }

        /** Writes one call's records. */
        public void call(TracedCall c) throws IOException {
            LocationWriter w = byThread.get(c.thread);
            if (w == null) {
                int index = byThread.size();
                long location = location(rank, index);
                w = new LocationWriter(location, out.events(location));
                byThread.put(c.thread, w);
                locationNames.put(location, index == 0 ? "Master thread" : "Thread " + index);
            }
            w.call(c);
        }

        /** Ends the rank. */
        public void close() throws IOException {
            for (LocationWriter w : byThread.values()) {
                w.events.close();
                locationEvents.put(w.location, new long[] {w.count});
            }
        }

        private final class LocationWriter {
            final long location;
            final Otf2Records.Events events;
            long time;
            long count;

            LocationWriter(long location, Otf2Records.Events events) {
                this.location = location;
                this.events = events;
            }

            /** Keeps the location's timestamps from going backwards (threads' calls may overlap). */
            private long at(long t) {
                time = Math.max(time, Math.max(0, t));
                first = Math.min(first, time);
                last = Math.max(last, time);
                count++;
                return time;
            }

            void call(TracedCall c) throws IOException {
                MpiFunctionKind kind = MpiFunctionKind.of(c.function);
                int region = mpiRegion(kind);
                int siteRegion = c.site >= 0 && c.site < sites.all().size() ? siteRegion(c.site) : -1;
                int commId = comms.valid(c.comm) ? c.comm : Communicators.WORLD;
                Communicators.Communicator comm = comms.get(commId);
                jvm(c);
                if (siteRegion >= 0) {
                    events.enter(at(c.start), siteRegion);
                }
                events.enter(at(c.start), region);
                switch (kind.records()) {
                    case SEND:
                    case SENDRECV:
                        if (c.peer != TracedCall.NONE && comm.peerRank(c.peer) >= 0) {
                            events.mpiSend(at(c.start), comm.peerRank(c.peer), commId, tag(c.tag), bytes(c.bytes));
                        }
                        if (kind.records() == MpiFunctionKind.Records.SENDRECV) {
                            receive(c, comm, commId);
                        }
                        break;
                    case RECV:
                        receive(c, comm, commId);
                        break;
                    case ISEND:
                        if (c.request != TracedCall.NONE && c.peer != TracedCall.NONE && comm.peerRank(c.peer) >= 0) {
                            events.mpiIsend(
                                    at(c.start), comm.peerRank(c.peer), commId, tag(c.tag), bytes(c.bytes), c.request);
                            requests.put(c.request, new int[] {0, commId});
                        }
                        break;
                    case IRECV:
                        if (c.request != TracedCall.NONE) {
                            events.mpiIrecvRequest(at(c.start), c.request);
                            requests.put(c.request, new int[] {1, commId});
                        }
                        break;
                    case COMPLETION:
                        completions(c);
                        break;
                    case COLLECTIVE:
                        events.mpiCollectiveBegin(at(c.start));
                        events.mpiCollectiveEnd(
                                at(c.end),
                                kind.collectiveOp(),
                                commId,
                                c.root == TracedCall.NONE ? UNDEFINED_UINT32 : Math.max(0, comm.peerRank(c.root)),
                                bytes(c.bytes),
                                bytes(c.receivedBytes));
                        break;
                    default:
                        break;
                }
                events.leave(at(c.end), region);
                if (siteRegion >= 0) {
                    events.leave(at(c.end), siteRegion);
                }
            }

            /**
             * What the JVM took before the call: a region per kind, entered and left end to end so
             * that the last ends at the call's entry, within the interval since the location's last
             * record (the trace records how much, not when).
             */
            private void jvm(TracedCall c) throws IOException {
                long total = 0;
                for (long ns : c.jvmBefore) {
                    total += ns;
                }
                if (total <= 0) {
                    return;
                }
                long room = Math.max(0, c.start - time);
                long t = c.start - Math.min(total, room);
                for (int k = 0; k < c.jvmBefore.length; k++) {
                    long shown = Math.min(c.jvmBefore[k], c.start - t);
                    if (shown > 0) {
                        int region = jvmRegion(k);
                        events.enter(at(t), region);
                        events.leave(at(t + shown), region);
                        t += shown;
                    }
                }
            }

            private void receive(TracedCall c, Communicators.Communicator comm, int commId) throws IOException {
                if (c.source != TracedCall.NONE && comm.peerRank(c.source) >= 0) {
                    events.mpiRecv(
                            at(c.end), comm.peerRank(c.source), commId, tag(c.sourceTag), bytes(c.receivedBytes));
                }
            }

            private void completions(TracedCall c) throws IOException {
                for (int i = 0; i < c.completions; i++) {
                    long request = c.completedRequests[i];
                    int[] started = requests.remove(request);
                    if (started == null) {
                        continue;
                    }
                    if (started[0] == 0) {
                        events.mpiIsendComplete(at(c.end), request);
                    } else {
                        Communicators.Communicator comm = comms.get(started[1]);
                        long source = c.completedSources[i];
                        int peer = source == TracedCall.NONE ? -1 : comm.peerRank(source);
                        events.mpiIrecv(
                                at(c.end),
                                peer < 0 ? UNDEFINED_UINT32 : peer,
                                started[1],
                                tag(c.completedTags[i]),
                                bytes(c.completedBytes[i]),
                                request);
                    }
                }
            }
        }
    }

    private static int tag(long tag) {
        return tag == TracedCall.NONE ? UNDEFINED_UINT32 : (int) tag;
    }

    private static long bytes(long bytes) {
        return bytes == TracedCall.NONE || bytes < 0 ? 0 : bytes;
    }

    private int string(String s) {
        return strings.computeIfAbsent(s, k -> strings.size());
    }

    private int mpiRegion(MpiFunctionKind kind) {
        return mpiRegions.computeIfAbsent(kind.function(), f -> nextRegion++);
    }

    private int jvmRegion(int kind) {
        return jvmRegions.computeIfAbsent(kind, k -> nextRegion++);
    }

    private int siteRegion(int site) {
        return siteRegions.computeIfAbsent(site, s -> nextRegion++);
    }

    /** Writes the definitions, after every rank's calls. */
    public void finish() throws IOException {
        // A rank left out (or without a shard) still has its location, with an empty event file
        // that readers open like any other.
        for (int r = 0; r < comms.size(); r++) {
            if (!locationEvents.containsKey(location(r, 0))) {
                out.events(location(r, 0)).close();
                locationEvents.put(location(r, 0), new long[] {0});
            }
        }
        // Strings first: every other definition refers to them.
        int emptyString = string("");
        int mpi = string("MPI");
        Map<String, Integer> hostNodes = new LinkedHashMap<>();
        for (int r = 0; r < comms.size(); r++) {
            hostNodes.computeIfAbsent(host(r), h -> hostNodes.size() + 1);
        }
        int machineName = string("machine");
        int nodeClass = string("node");
        Map<String, Integer> hostNames = new LinkedHashMap<>();
        hostNodes.keySet().forEach(h -> hostNames.put(h, string(h)));
        int[] rankNames = new int[comms.size()];
        for (int r = 0; r < comms.size(); r++) {
            rankNames[r] = string("MPI Rank " + r);
        }
        Map<Long, Integer> locationNameIds = new TreeMap<>();
        for (long l : locationEvents.keySet()) {
            locationNameIds.put(l, string(locationNames.getOrDefault(l, "Master thread")));
        }
        // by id: OTF2's readers expect definitions in the order of their ids ("out of order Region
        // definition" otherwise), and the ids of functions and call sites interleave
        Map<Integer, int[]> regionStrings = new TreeMap<>();
        for (Map.Entry<String, Integer> e : mpiRegions.entrySet()) {
            MpiFunctionKind k = MpiFunctionKind.of(e.getKey());
            int name = string(k.regionName());
            regionStrings.put(e.getValue(), new int[] {name, name, name, k.role(), PARADIGM_MPI, UNDEFINED_UINT32, 0});
        }
        for (Map.Entry<Integer, Integer> e : siteRegions.entrySet()) {
            CallSites.Site s = sites.all().get(e.getKey());
            int file = s.file().isEmpty() ? UNDEFINED_UINT32 : string(s.file());
            regionStrings.put(e.getValue(), new int[] {
                string(s.name()),
                string(s.canonicalName()),
                emptyString,
                REGION_ROLE_FUNCTION,
                PARADIGM_USER,
                file,
                s.line()
            });
        }
        for (Map.Entry<Integer, Integer> e : jvmRegions.entrySet()) {
            int name = string(TracedCall.JVM_KINDS[e.getKey()]);
            int description = string("What the JVM took from the application before an MPI call (the trace records "
                    + "how much of the interval, not when: drawn just before the call)");
            regionStrings.put(
                    e.getValue(),
                    new int[] {name, name, description, REGION_ROLE_FUNCTION, PARADIGM_USER, UNDEFINED_UINT32, 0});
        }
        List<Communicators.Communicator> all = comms.all();
        int[] commNames = new int[all.size()];
        for (int i = 0; i < all.size(); i++) {
            commNames[i] = string(all.get(i).name());
        }
        for (Map.Entry<String, Integer> e : strings.entrySet()) {
            out.string(e.getValue(), e.getKey());
        }

        long offset = first == Long.MAX_VALUE ? 0 : first;
        long length = last == Long.MIN_VALUE ? 0 : last - first;
        out.clockProperties(NANOSECONDS, offset, length);
        out.paradigm(PARADIGM_MPI, mpi, PARADIGM_CLASS_PROCESS);
        out.systemTreeNode(SYSTEM_ROOT, machineName, machineName, UNDEFINED_UINT32);
        for (Map.Entry<String, Integer> h : hostNodes.entrySet()) {
            out.systemTreeNode(h.getValue(), Objects.requireNonNull(hostNames.get(h.getKey())), nodeClass, SYSTEM_ROOT);
        }
        for (int r = 0; r < comms.size(); r++) {
            out.locationGroup(
                    r, rankNames[r], LOCATION_GROUP_TYPE_PROCESS, Objects.requireNonNull(hostNodes.get(host(r))));
        }
        for (Map.Entry<Long, long[]> l : locationEvents.entrySet()) {
            long id = l.getKey();
            out.location(
                    id,
                    Objects.requireNonNull(locationNameIds.get(id)),
                    LOCATION_TYPE_CPU_THREAD,
                    l.getValue()[0],
                    (int) (id & 0xffffffffL));
        }
        for (Map.Entry<Integer, int[]> e : regionStrings.entrySet()) {
            int[] v = e.getValue();
            out.region(e.getKey(), v[0], v[1], v[2], v[3], v[4], REGION_FLAG_NONE, v[5], v[6], v[6]);
        }
        long[] mpiLocations = new long[comms.size()];
        for (int r = 0; r < comms.size(); r++) {
            mpiLocations[r] = location(r, 0);
        }
        out.group(
                COMM_LOCATIONS_GROUP,
                emptyString,
                GROUP_TYPE_COMM_LOCATIONS,
                PARADIGM_MPI,
                GROUP_FLAG_NONE,
                mpiLocations);
        // Each group once, however many communicators share it (a duplicate of COMM_WORLD, both
        // sides of an intercommunicator): readers key groups by their content as well as their id.
        Map<List<Long>, Integer> groups = new HashMap<>();
        int[] nextGroup = {COMM_LOCATIONS_GROUP + 1};
        for (int i = 0; i < all.size(); i++) {
            Communicators.Communicator c = all.get(i);
            int local = group(out, groups, nextGroup, emptyString, members(c.local()));
            if (c.remote() == null) {
                out.comm(i, commNames[i], local, i == Communicators.WORLD ? UNDEFINED_UINT32 : Communicators.WORLD);
            } else {
                int remote = group(out, groups, nextGroup, emptyString, members(c.remote()));
                out.interComm(i, commNames[i], local, remote, Communicators.WORLD);
            }
        }
    }

    private static int group(
            Otf2Records out, Map<List<Long>, Integer> groups, int[] next, int emptyString, long[] members)
            throws IOException {
        List<Long> key = new ArrayList<>();
        for (long m : members) {
            key.add(m);
        }
        Integer id = groups.get(key);
        if (id == null) {
            id = next[0]++;
            groups.put(key, id);
            out.group(id, emptyString, GROUP_TYPE_COMM_GROUP, PARADIGM_MPI, GROUP_FLAG_NONE, members);
        }
        return id;
    }

    private static long[] members(int[] worldRanks) {
        long[] m = new long[worldRanks.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = worldRanks[i];
        }
        return m;
    }

    private String host(int rank) {
        String h = rank < hosts.size() ? hosts.get(rank) : "";
        return h == null || h.isEmpty() ? "unknown host" : h;
    }

    /** Records written per location so far (after {@link RankWriter#close}). */
    public Map<Long, Long> eventsPerLocation() {
        Map<Long, Long> m = new TreeMap<>();
        locationEvents.forEach((l, n) -> m.put(l, n[0]));
        return m;
    }
}

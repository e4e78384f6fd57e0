package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.tools.mpi.Completions;

/**
 * The rules on nonblocking requests, after the calls that start, complete or free them:
 * {@code buffer_modified} (a send's buffer checksum at its start and at its completion),
 * {@code overlapping_buffers} (a call's buffer region against those of the calls still pending,
 * {@link BufferRegion}), {@code active_request_freed} and, at {@code MPI_Finalize},
 * {@code request_leak}; before the calls that start, complete or free one request,
 * {@code request_misuse} ({@link RequestMisuse}); {@code unreachable_buffer} and
 * {@code buffer_written_early} ({@link BufferHazards}). The pending requests are also what the
 * deadlock watch shows a blocked wait waiting for.
 */
final class RequestRules {
    private final Checker checker;
    private final PendingRequests requests = new PendingRequests();
    private final RequestMisuse misuse;
    private final BufferHazards hazards;

    /** The send buffer region this thread's current completion call read last, and its checksum. */
    private static final class Region {
        @Nullable
        Object buffer;

        int offset;
        long bytes;
        long checksum;
    }

    private static final ThreadLocal<Region> LAST = ThreadLocal.withInitial(Region::new);

    /** The buffer region of this thread's current call, compared before the call with the pending ones. */
    private static final ThreadLocal<BufferRegion> CURRENT = ThreadLocal.withInitial(BufferRegion::new);

    /** The requests a call completed: this thread's list, emptied after each use. */
    private static final ThreadLocal<List<Object>> COMPLETED = ThreadLocal.withInitial(() -> new ArrayList<>(4));

    RequestRules(Checker checker) {
        this.checker = checker;
        this.misuse = new RequestMisuse(checker, requests);
        this.hazards = new BufferHazards(checker, requests);
    }

    PendingRequests pending() {
        return requests;
    }

    /** Before a call that is given requests ({@link CallNeeds#USES_REQUEST}): {@code request_misuse}. */
    void beforeUsingRequests(MpiCall call) {
        misuse.before(call);
    }

    /** After a call that starts ({@link CallNeeds#STARTS}), completes or frees requests. */
    void after(MpiCall call, Communicators c, int needs) {
        try {
            afterRequests(call, c, needs);
        } finally {
            if (requests.anyUnreachable()) {
                hazards.unreachable();
            }
        }
    }

    private void afterRequests(MpiCall call, Communicators c, int needs) {
        if ((needs & CallNeeds.STARTS) != 0) {
            started(call, c);
        } else if ((needs & CallNeeds.COMPLETES) != 0 && SingleCompletion.handles(call.function())) {
            Object r = SingleCompletion.request(call);
            if (r != null) {
                completed(r, call, false);
            }
        } else if ((needs & CallNeeds.COMPLETES) != 0) {
            List<Object> done = COMPLETED.get();
            try {
                Completions.completed(call, done);
                for (int i = 0; i < done.size(); i++) {
                    completed(done.get(i), call, true);
                }
            } finally {
                done.clear();
                LAST.get().buffer = null;
            }
        } else if ((needs & CallNeeds.SEES_COMPLETION) != 0) {
            // A status (or true) means the request completed; null (or false) that it has not.
            Object result = call.result();
            Object r = call.request();
            if (r != null && (result instanceof Boolean ? (Boolean) result : result != null)) {
                completed(r, call, false);
            }
        } else if ((needs & CallNeeds.FREES) != 0) {
            freed(call);
        } else if ((needs & CallNeeds.MAKES_PERSISTENT) != 0) {
            made(call, c);
        } else if ((needs & CallNeeds.STARTS_PERSISTENT) != 0) {
            Object r = call.request();
            if (r instanceof Object[]) {
                for (Object one : (Object[]) r) {
                    startedPersistent(one, call);
                }
            } else {
                startedPersistent(r, call);
            }
        }
    }

    /**
     * Before a point-to-point call with a buffer: {@code overlapping_buffers} if it overlaps the
     * buffer of a nonblocking call still pending (before the call, so that a receive that then
     * waits for ever is reported all the same). Allocates nothing unless it finds one.
     */
    void beforeBuffer(MpiCall call) {
        if (requests.watchesReceives() && Completions.COMPLETING.contains(call.function())) {
            hazards.writtenEarly(call);
        }
        if (!requests.mayOverlap() || BufferRegion.access(call.function()) == 0) {
            return;
        }
        BufferRegion r = CURRENT.get();
        try {
            if (r.set(call, checker.facts().bufferOffsets(), checker.types())) {
                PendingRequests.Overlap o = requests.overlapping(r);
                if (o != null) {
                    overlap(o, call.function(), call.callingAddress(), r);
                }
            }
        } finally {
            r.memory = null;
        }
    }

    private void startedPersistent(@Nullable Object request, MpiCall call) {
        PendingRequests.Overlap o = requests.start(request, call.function(), call.callingAddress());
        if (o != null && request != null) {
            PendingRequests.Pending p = requests.get(request);
            if (p != null) {
                overlap(o, p.function, p.site, p.region);
            }
        }
    }

    /** {@code overlapping_buffers}: the call {@code f} at {@code site}, whose region is {@code r}, overlaps {@code o}. */
    private void overlap(PendingRequests.Overlap o, MpiFunction f, @Nullable CallingAddress site, BufferRegion r) {
        String why = o.writes && r.writes
                ? "both receive into it, so what it holds after both complete depends on the order the messages"
                        + " arrive in (or they interleave)"
                : "MPI may send bytes while the receive writes them";
        checker.report(
                "overlapping_buffers",
                Finding.Severity.ERROR,
                "this " + f + (r.writes ? " receives into " : " sends from ") + r.describe()
                        + (r.memory == BufferRegion.NATIVE ? startingAt(r.from - o.from) : "")
                        + ", which overlaps the buffer of the " + o.function + " still pending"
                        + (o.writes ? " (it receives into " : " (it sends from ") + o.region + "): " + why
                        + ". Only sends may share a buffer while pending; give each call its own memory, or"
                        + " complete the " + o.function + " (wait, test) before this call",
                Sites.of(checker.rank(), o.function, o.site),
                Sites.of(checker.rank(), f, site));
    }

    /** Where a region of direct memory starts, {@code d} bytes from the pending one's start. */
    private static String startingAt(long d) {
        return d == 0
                ? ", at the same address as the other's"
                : ", starting " + Math.abs(d) + " bytes " + (d > 0 ? "after" : "before") + " the other's";
    }

    private void made(MpiCall call, Communicators c) {
        Object comm = call.communicator();
        Communicators.Info info = c.learn(comm);
        PendingRequests.Pending made = new PendingRequests.Pending()
                .set(
                        call.function(),
                        call.callingAddress(),
                        c.toWorld(comm, call.peer()),
                        call.tag(),
                        info == null ? "a communicator" : info.name,
                        null,
                        0,
                        0,
                        BufferChecksum.NONE,
                        info != null && info.otherWorld);
        made.region.set(call, checker.facts().bufferOffsets(), checker.types());
        requests.made(call.request(), made);
    }

    private void freed(MpiCall call) {
        PendingRequests.Pending p = requests.freed(call.request(), call.callingAddress());
        if (p != null
                && (p.function == MpiFunction.MPI_IRECV
                        || p.function == MpiFunction.MPI_IMRECV
                        || p.function == MpiFunction.MPI_RECV_INIT)) {
            checker.report(
                    "active_request_freed",
                    Finding.Severity.WARNING,
                    "the request of this " + p.function + " was freed while the receive was still active: the"
                            + " program can no longer tell when the data has arrived, and reading the buffer is a"
                            + " race. Wait for (or test) the receive instead of freeing it",
                    Sites.of(checker.rank(), p.function, p.site),
                    Sites.of(checker.rank(), call.function(), call.callingAddress()));
        }
    }

    private void started(MpiCall call, Communicators c) {
        Object request = call.request();
        if (request == null) {
            return;
        }
        MpiFunction f = call.function();
        Object comm = call.communicator();
        Communicators.Info info = c.learn(comm);
        Object buffer = call.buffer();
        boolean direct = buffer instanceof java.nio.Buffer && ((java.nio.Buffer) buffer).isDirect();
        // On a binding that fills a receive's array only in the completing call, any change before
        // that is the program's own write (buffer_written_early)
        boolean receive = f == MpiFunction.MPI_IRECV
                && buffer != null
                && !(buffer instanceof java.nio.Buffer)
                && checker.facts().receivesAtCompletion();
        int offset = 0;
        long bytes = 0;
        long sum = BufferChecksum.NONE;
        if (f.sendsMessage() || receive) {
            Object off = !checker.facts().bufferOffsets() || call.argumentCount() < 2 ? null : call.argument(1);
            offset = off instanceof Integer ? (Integer) off : 0;
            bytes = call.bytes();
            sum = BufferChecksum.of(buffer, offset, bytes);
        }
        PendingRequests.Pending p = requests.obtain()
                .set(
                        f,
                        call.callingAddress(),
                        c.toWorld(comm, call.peer()),
                        call.tag(),
                        info == null ? "a communicator" : info.name,
                        sum == BufferChecksum.NONE || direct ? null : buffer,
                        offset,
                        bytes,
                        sum,
                        info != null && info.otherWorld);
        p.region.set(call, checker.facts().bufferOffsets(), checker.types());
        if (direct) {
            p.directBuffer = buffer;
        }
        p.receive = receive && sum != BufferChecksum.NONE;
        requests.started(request, p);
    }

    /** {@code request} completed by {@code completion}, which completed {@code several} at once. */
    private void completed(Object request, MpiCall completion, boolean several) {
        PendingRequests.Pending p = requests.completed(request);
        if (p == null) {
            return;
        }
        try {
            completed(p, completion, several);
        } finally {
            requests.recycle(p);
        }
    }

    private void completed(PendingRequests.Pending p, MpiCall completion, boolean several) {
        Object buffer = p.sendBuffer();
        if (buffer == null) {
            return;
        }
        long now;
        Region last = several ? LAST.get() : null;
        if (last != null && last.buffer == buffer && last.offset == p.offset && last.bytes == p.bytes) {
            // Requests completed by one call (MPI_WAITALL of a window of sends from one buffer) see
            // the same bytes: the buffer is read once per call, not once per request.
            now = last.checksum;
        } else {
            now = BufferChecksum.of(buffer, p.offset, p.bytes);
            if (last != null) {
                last.buffer = buffer;
                last.offset = p.offset;
                last.bytes = p.bytes;
                last.checksum = now;
            }
        }
        if (now != p.checksum) {
            checker.report(
                    "buffer_modified",
                    Finding.Severity.ERROR,
                    "the buffer of this " + p.function + " (" + p.bytes + " bytes" + to(p) + ", tag " + p.tag
                            + ") changed before its request completed: MPI may send either content. Do not write"
                            + " into a nonblocking send's buffer until " + completion.function()
                            + " (or a test) says it completed",
                    Sites.of(checker.rank(), p.function, p.site),
                    Sites.of(checker.rank(), completion.function(), completion.callingAddress()));
        }
    }

    /** Requests still pending at MPI_Finalize: each is a request_leak at the call that started it. */
    void leaks() {
        requests.collectDropped();
        hazards.unreachable();
        // One finding per call site, naming every peer and tag of its leaked requests: requests
        // started in a loop to several ranks are one mistake in the code, not one per peer.
        Map<FindingSite, List<PendingRequests.Pending>> bySite = new TreeMap<>(SITE_ORDER);
        for (PendingRequests.Pending p : requests.all()) {
            bySite.computeIfAbsent(Sites.of(checker.rank(), p.function, p.site), k -> new ArrayList<>())
                    .add(p);
        }
        for (Map.Entry<FindingSite, List<PendingRequests.Pending>> e : bySite.entrySet()) {
            List<PendingRequests.Pending> group = e.getValue();
            PendingRequests.Pending p = group.get(0);
            checker.record(new Finding(
                    "request_leak",
                    Finding.Severity.ERROR,
                    (group.size() == 1 ? "the request of this " : "the " + group.size() + " requests of this ")
                            + p.function + peers(group)
                            + (group.size() == 1 ? " was" : " were")
                            + " never completed (MPI_Wait, MPI_Test) or freed (MPI_Request_free) before"
                            + " MPI_Finalize; complete or free every nonblocking request before finalizing",
                    List.of(e.getKey()),
                    group.size()));
        }
        boolean canFree = canFreeRequests();
        for (PendingRequests.Persistent q : requests.persistent()) {
            PendingRequests.Pending p = q.made;
            if (!canFree && !q.active) {
                continue; // the program had no way to free it
            }
            checker.report(
                    "request_leak",
                    Finding.Severity.ERROR,
                    "the persistent request of this " + p.function + to(p)
                            + (p.tag >= 0 ? ", tag " + p.tag : "")
                            + (canFree
                                    ? (q.active ? " was still active (started, never completed) and" : "")
                                            + " was never freed (MPI_Request_free) before MPI_Finalize; complete and"
                                            + " free every persistent request before finalizing"
                                    : " was still active at MPI_Finalize: started, never completed; complete each"
                                            + " start (MPI_Wait, MPI_Test) before finalizing"),
                    Sites.of(checker.rank(), p.function, p.site));
        }
    }

    /**
     * Whether the binding has {@code MPI_Request_free} (its descriptor maps it). MPJ Express 0.44's
     * mpiJava 1.2 API has none ({@code Request} and {@code Prequest} have no {@code Free}), so
     * there a persistent request is a leak only if it is still active at {@code MPI_Finalize}.
     */
    private boolean canFreeRequests() {
        return checker.facts().hasRequestFree();
    }

    /** " to rank 3", " from rank 0", or nothing for a wildcard. */
    static String to(PendingRequests.Pending p) {
        return p.worldPeer >= 0 ? direction(p) + "rank " + p.worldPeer : "";
    }

    private static String direction(PendingRequests.Pending p) {
        return p.function.name().contains("RECV") ? " from " : " to ";
    }

    /** The peers and tags of requests started at one site: " from ranks [1, 2, 3], tag 5". */
    private static String peers(List<PendingRequests.Pending> group) {
        TreeSet<Integer> ranks = new TreeSet<>();
        TreeSet<Integer> tags = new TreeSet<>();
        for (PendingRequests.Pending p : group) {
            if (p.worldPeer >= 0) {
                ranks.add(p.worldPeer);
            }
            if (p.tag >= 0) {
                tags.add(p.tag);
            }
        }
        StringBuilder b = new StringBuilder();
        if (!ranks.isEmpty()) {
            b.append(direction(group.get(0))).append(ranks.size() == 1 ? "rank " + ranks.first() : "ranks " + ranks);
        }
        if (!tags.isEmpty()) {
            b.append(tags.size() == 1 ? ", tag " + tags.first() : ", tags " + tags);
        }
        return b.toString();
    }

    private static final Comparator<FindingSite> SITE_ORDER = Comparator.comparing(FindingSite::className)
            .thenComparing(FindingSite::method)
            .thenComparingInt(FindingSite::line)
            .thenComparing(FindingSite::function);
}

package org.qmpi4j.tools.check;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;

/**
 * The nonblocking requests this rank started and has not yet completed or freed, by the request
 * object's identity (the object the binding returned is the one the application waits on): what
 * started each (function, site, peer, tag, communicator) and, for sends, the buffer's checksum.
 * One small record per nonblocking call; completion removes it. What is left at
 * {@code MPI_Finalize} is a leak; what a blocked wait waits for is part of a deadlock's report.
 */
final class PendingRequests {
    /** One started request. */
    static final class Pending {
        final MpiFunction function;
        final CallingAddress site;
        /** The peer in {@code COMM_WORLD}, or -1 for a wildcard or none. */
        final int worldPeer;

        final int tag;
        final String comm;
        /** The send buffer and its checksum at the start, or {@code null} and {@link BufferChecksum#NONE}. */
        final Object buffer;

        final int offset;
        final long bytes;
        final long checksum;

        Pending(
                MpiFunction function,
                CallingAddress site,
                int worldPeer,
                int tag,
                String comm,
                Object buffer,
                int offset,
                long bytes,
                long checksum) {
            this.function = function;
            this.site = site;
            this.worldPeer = worldPeer;
            this.tag = tag;
            this.comm = comm;
            this.buffer = buffer;
            this.offset = offset;
            this.bytes = bytes;
            this.checksum = checksum;
        }
    }

    private final Map<Object, Pending> pending = new IdentityHashMap<>();

    synchronized void started(Object request, Pending p) {
        if (request != null) {
            pending.put(request, p);
        }
    }

    /** The record of {@code request}, removed; or {@code null} if it was not pending. */
    synchronized Pending completed(Object request) {
        return pending.remove(request);
    }

    /** The record of {@code request} if it is pending, left in place. */
    synchronized Pending get(Object request) {
        return pending.get(request);
    }

    synchronized List<Pending> all() {
        return new ArrayList<>(pending.values());
    }
}

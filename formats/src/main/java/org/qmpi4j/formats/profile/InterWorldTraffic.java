package org.qmpi4j.formats.profile;

/**
 * Point-to-point messages a rank sent to a process of another {@code MPI_COMM_WORLD} (a spawned
 * world, the parent, a connected job), which has no column in the world's matrix. The peer is
 * named by the communicator it was reached through ({@code parent}, {@code spawn 1},
 * {@code connect 1}, {@code accept 1}, or {@code other} for one the profiler did not see made) and
 * its rank there: for an intercommunicator a rank of the remote group.
 */
public final class InterWorldTraffic {
    private final int rank;
    private final String via;
    private final int peer;
    private final long messages;
    private final long bytes;

    public InterWorldTraffic(int rank, String via, int peer, long messages, long bytes) {
        this.rank = rank;
        this.via = via;
        this.peer = peer;
        this.messages = messages;
        this.bytes = bytes;
    }

    /** The sender's rank in its own world. */
    public int rank() {
        return rank;
    }
    /** The communicator the messages went through, by how it was made. */
    public String via() {
        return via;
    }
    /** The receiver's rank in that communicator (remote group of an intercommunicator). */
    public int peer() {
        return peer;
    }

    public long messages() {
        return messages;
    }

    public long bytes() {
        return bytes;
    }
}

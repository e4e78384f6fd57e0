package org.qmpi4j.tools.mpi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Brings a byte stream from every rank to the root in rounds of bounded size: one
 * {@code MPI_ALLREDUCE(MAX)} to learn the longest stream, then one {@code MPI_GATHER} of a fixed
 * block per round. Each block starts with the number of payload bytes it carries, so streams of
 * different lengths (and empty ones) travel together. The root's memory is one block per rank,
 * whatever the streams' lengths.
 *
 * <p>Every rank must call {@link #run} (it is collective); a rank with nothing to send passes an
 * empty stream, so a failure on one rank never leaves the others waiting.
 */
public final class ChunkedGather {
    /** Receives the streams at the root. */
    public interface Sink {
        /** {@code len} more bytes of rank {@code rank}'s stream. */
        void accept(int rank, byte[] data, int off, int len) throws IOException;
    }

    /**
     * Each rank's stream at the root, kept whole until taken. A named class: a lambda spins a
     * hidden class at the first use, which a short job pays at {@code MPI_Finalize}.
     */
    public static final class PerRank implements Sink {
        private final ByteArrayOutputStream[] streams;

        /** @param ranks the ranks whose streams to keep: the job's size at the root, 0 elsewhere */
        public PerRank(int ranks) {
            streams = new ByteArrayOutputStream[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (streams[rank] == null) {
                streams[rank] = new ByteArrayOutputStream(Math.max(len, 256));
            }
            streams[rank].write(data, off, len);
        }

        /** How many ranks' streams this keeps. */
        public int ranks() {
            return streams.length;
        }

        /** Rank {@code rank}'s bytes, empty if none arrived; this no longer holds them. */
        public byte[] take(int rank) {
            ByteArrayOutputStream s = streams[rank];
            streams[rank] = null;
            return s == null ? new byte[0] : s.toByteArray();
        }

        /** Rank {@code rank}'s bytes as UTF-8 text, empty if none arrived; this no longer holds them. */
        public String takeText(int rank) {
            return new String(take(rank), StandardCharsets.UTF_8);
        }
    }

    /** The most bytes the root holds per round, over all ranks. */
    static final int ROOT_BUFFER = 32 << 20;

    static final int MAX_BLOCK = 1 << 20;
    static final int MIN_BLOCK = 4 << 10;

    private ChunkedGather() {}

    /** Payload bytes per rank and round for a job of {@code size} ranks. */
    static int blockPayload(int size, long longest) {
        int byBuffer = Math.max(MIN_BLOCK, Math.min(MAX_BLOCK, ROOT_BUFFER / Math.max(size, 1)));
        return (int) Math.max(1, Math.min(byBuffer, Math.max(longest, 1)));
    }

    /**
     * Sends {@code length} bytes of {@code mine} to the root; at the root, {@code sink} receives
     * every rank's stream (its own included), in rank order within each round.
     */
    public static void run(WorldComm comm, InputStream mine, long length, int root, Sink sink) throws Exception {
        run(comm, mine, length, root, sink, MAX_BLOCK);
    }

    /** As above, with at most {@code maxPayload} bytes per rank and round (tests use small ones). */
    static void run(WorldComm comm, InputStream mine, long length, int root, Sink sink, int maxPayload)
            throws Exception {
        long longest = comm.allMax(length);
        if (longest <= 0) {
            return;
        }
        int payload = Math.min(maxPayload, blockPayload(comm.size(), longest));
        int block = payload + 4;
        long rounds = (longest + payload - 1) / payload;
        boolean isRoot = comm.rank() == root;
        byte[] send = new byte[block];
        byte[] recv = isRoot ? new byte[Math.multiplyExact(block, comm.size())] : null;
        long left = length;
        // A local failure (reading our stream, or the root's sink) must not end our part early:
        // the other ranks would wait in the next round's gather for ever. Keep going, report after.
        Exception failure = null;
        for (long round = 0; round < rounds; round++) {
            int n = 0;
            try {
                while (left > 0 && n < payload) {
                    int r = mine.read(send, 4 + n, (int) Math.min(payload - n, left));
                    if (r < 0) {
                        left = 0; // the stream ended early (file truncated under us): send what we have
                        break;
                    }
                    n += r;
                    left -= r;
                }
            } catch (IOException | RuntimeException e) {
                failure = failure == null ? e : failure;
                left = 0;
            }
            putInt(send, n);
            comm.gather(send, block, recv, root);
            if (recv != null) { // the root's
                for (int r = 0; r < comm.size(); r++) {
                    int at = r * block;
                    int len = getInt(recv, at);
                    if (len < 0 || len > payload) {
                        failure = failure == null
                                ? new IOException("rank " + r + " sent a block of " + len + " bytes in round " + round)
                                : failure;
                        continue;
                    }
                    if (len > 0) {
                        try {
                            sink.accept(r, recv, at + 4, len);
                        } catch (IOException | RuntimeException e) {
                            failure = failure == null ? e : failure;
                        }
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static void putInt(byte[] b, int v) {
        b[0] = (byte) (v >>> 24);
        b[1] = (byte) (v >>> 16);
        b[2] = (byte) (v >>> 8);
        b[3] = (byte) v;
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }
}

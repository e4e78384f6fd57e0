package org.qmpi4j.formats.profile;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each rank's share of each function and call site in a merge of more ranks than
 * {@code profile.json} lists per rank ({@link ProfileFormat#RANK_DETAIL_MAX_RANKS}): written to a
 * temporary file as each rank is merged, and read back once, in the order merged, when the call
 * sites' numbers are known (they are ordered by the merged time) to write
 * {@code profile-ranks.jsonl} ({@link ProfileFormat#writeRankDetail}). Memory holds the functions
 * and call sites seen and a write buffer, nothing per rank.
 *
 * <p>The file is deleted by {@link #discard()}, or when the JVM exits. Not thread safe.
 */
public final class RankDetail {
    /** Receives the shares in the order they were merged, a rank's shares together. */
    public interface Visitor {
        /** The next rank's shares follow. */
        void rank(int rank) throws IOException;

        void function(String name, CallStats share) throws IOException;

        void site(SiteKey site, CallStats share) throws IOException;
    }

    private final Path file;
    private final DataOutputStream out;
    /** Functions ({@link String}) and call sites ({@link SiteKey}) by the number the file uses. */
    private final List<Object> keys = new ArrayList<>();

    private final Map<Object, Integer> numbers = new HashMap<>();
    private int ranks;
    private int lastRank = -1;
    private boolean discarded;

    private RankDetail() {
        try {
            file = Files.createTempFile("qmpi4j-rank-detail-", ".bin");
            file.toFile().deleteOnExit();
            out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        } catch (IOException e) {
            throw new UncheckedIOException("no temporary file for the ranks' shares: " + e.getMessage(), e);
        }
    }

    static RankDetail create() {
        return new RankDetail();
    }

    /** Ranks whose shares were written. */
    public int ranks() {
        return ranks;
    }

    /** Writes one share; a rank's shares must be added together, before the next rank's. */
    void add(int rank, Object key, CallStats share) {
        if (discarded) {
            throw new IllegalStateException("the ranks' shares were discarded");
        }
        Integer n = numbers.get(key);
        if (n == null) {
            n = keys.size();
            keys.add(key);
            numbers.put(key, n);
        }
        if (rank != lastRank) {
            ranks++;
            lastRank = rank;
        }
        try {
            out.writeInt(rank);
            out.writeInt(n);
            out.writeLong(share.calls());
            out.writeLong(share.timeNs());
            out.writeLong(share.minNs());
            out.writeLong(share.maxNs());
            out.writeLong(share.bytes());
        } catch (IOException e) {
            throw new UncheckedIOException("writing the ranks' shares to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Appends every share of {@code other} (a partial merge of other ranks). */
    void addAll(RankDetail other) {
        try {
            other.forEach(new Copy(this));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the shares back, in the order written. */
    public void forEach(Visitor v) throws IOException {
        if (discarded) {
            throw new IllegalStateException("the ranks' shares were discarded");
        }
        out.flush();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            int current = -1;
            boolean first = true;
            while (true) {
                int rank;
                try {
                    rank = in.readInt();
                } catch (EOFException end) {
                    return;
                }
                Object key = keys.get(in.readInt());
                CallStats s =
                        new CallStats(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), null);
                if (first || rank != current) {
                    v.rank(rank);
                    current = rank;
                    first = false;
                }
                if (key instanceof SiteKey) {
                    v.site((SiteKey) key, s);
                } else {
                    v.function((String) key, s);
                }
            }
        }
    }

    /** Deletes the temporary file; the shares cannot be read afterwards. */
    public void discard() {
        if (discarded) {
            return;
        }
        discarded = true;
        try {
            out.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Left for the JVM's exit to delete: nothing of the results depends on it.
        }
    }

    private static final class Copy implements Visitor {
        private final RankDetail into;
        private int rank;

        Copy(RankDetail into) {
            this.into = into;
        }

        @Override
        public void rank(int r) {
            rank = r;
        }

        @Override
        public void function(String name, CallStats share) {
            into.add(rank, name, share);
        }

        @Override
        public void site(SiteKey site, CallStats share) {
            into.add(rank, site, share);
        }
    }
}

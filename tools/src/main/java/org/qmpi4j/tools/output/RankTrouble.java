package org.qmpi4j.tools.output;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.internal.log.OutputTrouble;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * Whether the file system refused the ranks' files ({@link OutputTrouble}), in the words of the
 * line rank 0 prints at the end ({@link OutputSession#toolDone()}).
 */
final class RankTrouble {
    /** Bytes of the broadcast that carries the first rank's trouble: a length and the UTF-8 words. */
    private static final int TROUBLE_BUFFER = 1024;

    private RankTrouble() {}

    /**
     * Collective: which ranks' file system refused their files. Where the binding cannot exchange
     * data, each rank with trouble says its own and {@code null} is returned; otherwise rank 0 gets
     * the words for the job's line ({@code null} if no rank had trouble), the others {@code null}.
     * No trouble anywhere costs one reduction.
     */
    static @Nullable String acrossRanks(WorldComm comm, Path dir, Log log) throws Exception {
        String mine = OutputTrouble.first();
        int rank = comm.rank();
        int size = comm.size();
        if (!comm.canExchangeData()) {
            if (mine != null) {
                log.warn("rank " + rank + " could not write its files in " + dir + ": " + mine);
            }
            return null;
        }
        long lowest = -comm.allMax(mine != null ? -rank : -size);
        if (lowest >= size) {
            return null;
        }
        byte[] words = new byte[TROUBLE_BUFFER];
        if (rank == lowest && mine != null) { // the lowest rank is one with trouble
            byte[] text = mine.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            int n = Math.min(text.length, TROUBLE_BUFFER - 2);
            words[0] = (byte) (n >>> 8);
            words[1] = (byte) n;
            System.arraycopy(text, 0, words, 2, n);
        }
        comm.bcast(words, (int) lowest);
        byte[] flags = rank == 0 ? new byte[size] : null;
        comm.gather(new byte[] {(byte) (mine != null ? 1 : 0)}, 1, flags, 0);
        if (flags == null) { // not rank 0
            return null;
        }
        List<Integer> failed = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (flags[r] != 0) {
                failed.add(r);
            }
        }
        int n = (words[0] & 0xff) << 8 | (words[1] & 0xff);
        String first = new String(words, 2, Math.min(n, TROUBLE_BUFFER - 2), java.nio.charset.StandardCharsets.UTF_8);
        return "the file system refused the files of " + failed.size() + " of " + size + " rank(s) "
                + org.qmpi4j.formats.files.RankRanges.of(failed) + " (rank " + lowest + ": " + first + ")";
    }

    /** This process's own trouble in the words of the job's line, or {@code null}. */
    static @Nullable String own(WorldComm comm) {
        String mine = OutputTrouble.first();
        return mine == null ? null : "the file system refused rank " + comm.rank() + "'s files (" + mine + ")";
    }
}

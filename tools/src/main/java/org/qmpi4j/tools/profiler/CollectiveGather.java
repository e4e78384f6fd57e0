package org.qmpi4j.tools.profiler;

import java.io.ByteArrayInputStream;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.WorldComm;

/**
 * Every rank's profile to rank 0 through collectives only ({@link ChunkedGather}), which merges
 * them one after the other; for jobs of up to {@link #MAX_RANKS} ranks, where parsing every
 * rank's profile at rank 0 costs little. Collectives leave the application's point-to-point
 * traffic as the library counts it: Open MPI's monitoring, for one, counts collectives' messages
 * apart from point-to-point ones, so its per-peer message counts of a job under the profiler equal
 * the application's own. Larger jobs merge along a tree of point-to-point partials
 * ({@link org.qmpi4j.tools.mpi.TreeReduce}), so that rank 0 does not parse every profile.
 */
final class CollectiveGather {
    static final int MAX_RANKS = 64;

    private CollectiveGather() {}

    /**
     * Collective. At rank 0, {@code merge} (which holds rank 0's own profile) with every other
     * rank's profile added; elsewhere {@code null}. A rank whose profile cannot be read is left out
     * and said so through {@code output}.
     */
    static @Nullable ProfileMerger.Streaming run(
            WorldComm comm, byte[] mine, ProfileMerger.Streaming merge, RankOutput output) throws Exception {
        boolean root = comm.rank() == 0;
        ChunkedGather.PerRank profiles = new ChunkedGather.PerRank(root ? comm.size() : 0);
        ChunkedGather.run(comm, new ByteArrayInputStream(mine), mine.length, 0, profiles);
        if (!root) {
            return null;
        }
        for (int r = 1; r < profiles.ranks(); r++) {
            String p = profiles.takeText(r);
            try {
                if (p.isEmpty()) {
                    throw new JsonFormatException("no profile arrived");
                }
                merge.add(RankProfileFormat.read(p));
            } catch (JsonFormatException | RuntimeException bad) {
                output.say("rank " + r + "'s profile is unreadable (" + bad.getMessage() + "); it is left out");
            }
        }
        return merge;
    }
}

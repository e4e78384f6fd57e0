package org.qmpi4j.tools.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.PartialProfileFormat;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;

/** The tree run by threads, one per rank, over in-memory links that count messages per rank. */
class TreeReduceTest {
    /** Blocking queues per (source, dest) pair, as MPI orders messages between two ranks. */
    static final class FakeWorld {
        final int size;
        final Map<Long, LinkedBlockingQueue<byte[]>> queues = new ConcurrentHashMap<>();
        final AtomicInteger[] received;
        final AtomicInteger[] sent;

        FakeWorld(int size) {
            this.size = size;
            this.received = new AtomicInteger[size];
            this.sent = new AtomicInteger[size];
            for (int i = 0; i < size; i++) {
                received[i] = new AtomicInteger();
                sent[i] = new AtomicInteger();
            }
        }

        LinkedBlockingQueue<byte[]> queue(int from, int to) {
            return queues.computeIfAbsent((long) from * size + to, k -> new LinkedBlockingQueue<>());
        }

        TreeReduce.Links links(int rank) {
            return new TreeReduce.Links() {
                @Override
                public int rank() {
                    return rank;
                }

                @Override
                public int size() {
                    return size;
                }

                @Override
                public void send(byte[] data, int dest, int tag) {
                    assertThat(tag).isEqualTo(TreeReduce.TAG);
                    sent[rank].incrementAndGet();
                    queue(rank, dest).add(data.clone());
                }

                @Override
                public byte[] recv(int source, int tag) throws InterruptedException {
                    byte[] got = queue(source, rank).poll(30, TimeUnit.SECONDS);
                    if (got == null) {
                        throw new IllegalStateException("rank " + rank + " waited for " + source + " in vain");
                    }
                    received[rank].incrementAndGet();
                    return got;
                }
            };
        }
    }

    static RankProfile rank(int rank, int size) {
        RankProfile.Builder b = RankProfile.builder(rank, size, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(2_000_000 + 17L * rank)
                .environment("host", "node" + rank / 4);
        if (rank % 3 == 1) {
            b.function("MPI_ALLREDUCE", "COLLECTIVE", new CallStats().add(800 + rank, 8, true));
        }
        CallStats sends = new CallStats().add(1000 + rank, 4, true).add(3000 - rank, 1 << rank % 16, true);
        return b.function("MPI_SEND", "POINT_TO_POINT", sends)
                .site(new SiteKey("MPI_SEND", "org.example.Ring", "main", "Ring.java", 40 + rank % 3), sends)
                .sent((rank + 1) % size, 3, 1032 + rank)
                .build();
    }

    /** Runs the profiler's use of the tree; returns rank 0's merged profile.json (creation time blanked). */
    static String treeMerge(FakeWorld world, Set<Integer> lacking, Set<Integer> garbling, List<String> problems)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(world.size);
        try {
            List<Future<ProfileMerger.Streaming>> results = new ArrayList<>();
            for (int r = 0; r < world.size; r++) {
                int rank = r;
                results.add(pool.submit(() -> {
                    ProfileMerger.Streaming mine = new ProfileMerger.Streaming();
                    if (!lacking.contains(rank)) {
                        mine.add(rank(rank, world.size));
                    }
                    return TreeReduce.run(
                            world.links(rank),
                            mine,
                            PartialProfileFormat.write(new ProfileMerger.Streaming()),
                            new TreeReduce.Part<ProfileMerger.Streaming>() {
                                @Override
                                public byte[] encode(ProfileMerger.Streaming partial) {
                                    byte[] b = PartialProfileFormat.write(partial);
                                    return garbling.contains(rank) ? new byte[] {1, 2, 3} : b;
                                }

                                @Override
                                public ProfileMerger.Streaming decode(byte[] data) throws Exception {
                                    return PartialProfileFormat.read(data);
                                }

                                @Override
                                public void combine(ProfileMerger.Streaming into, ProfileMerger.Streaming child) {
                                    into.combine(child);
                                }

                                @Override
                                public void problem(String what, Exception cause) {
                                    problems.add(rank + ": " + what);
                                }
                            });
                }));
            }
            ProfileMerger.Streaming atRoot = null;
            for (int r = 0; r < world.size; r++) {
                ProfileMerger.Streaming got = results.get(r).get(60, TimeUnit.SECONDS);
                if (r == 0) {
                    atRoot = got;
                } else {
                    assertThat(got).as("rank %d returns nothing", r).isNull();
                }
            }
            Profile p = Objects.requireNonNull(atRoot, "rank 0's partial").finish();
            return ProfileFormat.write(p).replace(p.created(), "T");
        } finally {
            pool.shutdownNow();
        }
    }

    static String oneByOne(int size, Set<Integer> lacking) {
        ProfileMerger.Streaming m = new ProfileMerger.Streaming();
        for (int r = 0; r < size; r++) {
            if (!lacking.contains(r)) {
                m.add(rank(r, size));
            }
        }
        Profile p = m.finish();
        return ProfileFormat.write(p).replace(p.created(), "T");
    }

    @Test
    void theTreeGivesTheSameProfileAsMergingEveryRankAtRankZero() throws Exception {
        for (int size : new int[] {1, 2, 3, 5, 7, 8, 13, 64, 100}) {
            FakeWorld world = new FakeWorld(size);
            List<String> problems = Collections.synchronizedList(new ArrayList<>());
            assertThat(treeMerge(world, Set.of(), Set.of(), problems))
                    .as("%d ranks", size)
                    .isEqualTo(oneByOne(size, Set.of()));
            assertThat(problems).isEmpty();
            int log2 = 32 - Integer.numberOfLeadingZeros(size - 1);
            assertThat(world.received[0].get())
                    .as("rank 0 receives ceil(log2 %d) partials", size)
                    .isEqualTo(log2);
            assertThat(world.sent[0].get()).isZero();
            for (int r = 1; r < size; r++) {
                assertThat(world.sent[r].get()).as("rank %d sends once", r).isEqualTo(1);
            }
        }
    }

    @Test
    void ranksWithoutDataAreMissingAndTheRestIsExact() throws Exception {
        int size = 11;
        Set<Integer> lacking = Set.of(0, 3, 6, 10);
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        String got = treeMerge(new FakeWorld(size), lacking, Set.of(), problems);
        assertThat(got).isEqualTo(oneByOne(size, lacking));
        assertThat(got).contains("\"missing_ranks\"");
        assertThat(problems).isEmpty();
    }

    @Test
    void aGarbledPartialLosesOnlyItsSubtreeAndNobodyWaitsForEver() throws Exception {
        int size = 12;
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        // Rank 4 covers 4-7; its parent, rank 0, cannot read what it sends.
        String got = treeMerge(new FakeWorld(size), Set.of(), Set.of(4), problems);
        assertThat(got).isEqualTo(oneByOne(size, Set.of(4, 5, 6, 7)));
        assertThat(problems).containsExactly("0: combining the partial of ranks 4-7");
    }

    @Test
    void childrenAndParentsFormABinomialTree() {
        assertThat(TreeReduce.children(0, 1)).isEmpty();
        assertThat(TreeReduce.children(0, 6)).containsExactly(1, 2, 4);
        assertThat(TreeReduce.children(4, 6)).containsExactly(5);
        assertThat(TreeReduce.children(2, 6)).containsExactly(3);
        assertThat(TreeReduce.children(5, 6)).isEmpty();
        assertThat(TreeReduce.parent(6)).isEqualTo(4);
        assertThat(TreeReduce.parent(12)).isEqualTo(8);
        assertThat(TreeReduce.range(4, 6)).isEqualTo("4-5");
        assertThat(TreeReduce.range(8, 64)).isEqualTo("8-15");
        for (int size = 1; size <= 70; size++) {
            int[] parents = new int[size];
            for (int r = 0; r < size; r++) {
                for (int c : TreeReduce.children(r, size)) {
                    parents[c]++;
                    assertThat(TreeReduce.parent(c)).isEqualTo(r);
                }
            }
            for (int r = 1; r < size; r++) {
                assertThat(parents[r])
                        .as("rank %d of %d has one parent", r, size)
                        .isEqualTo(1);
            }
        }
    }
}

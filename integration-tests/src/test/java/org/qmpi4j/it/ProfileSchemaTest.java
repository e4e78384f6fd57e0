package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.it.results.ProfileSchema;
import org.qmpi4j.it.support.AgentJob;

/**
 * The published schema of {@code profile.json} ({@code docs/schemas/profile.schema.json}) is the
 * format's: it names the version the writer writes, accepts what the writer writes, and rejects
 * what the format does not have. Every profile the other tests read is validated against it too
 * ({@code JobResults.profile}).
 */
class ProfileSchemaTest {
    @Test
    void theSchemaNamesTheFormatAndVersionTheWriterWrites() throws Exception {
        JsonNode schema = JsonNode.parse(Files.readString(AgentJob.repoRoot().resolve(ProfileSchema.PATH)));
        JsonNode properties = schema.get("properties");
        assertThat(properties.get("format").get("const").asString()).isEqualTo(ProfileFormat.FORMAT);
        assertThat(properties.get("version").get("const").asLong())
                .as("a new version of the format needs a new version of its schema")
                .isEqualTo(ProfileFormat.VERSION);
    }

    @Test
    void aWrittenProfileIsValidAndChangesOfItsShapeAreNot() throws Exception {
        String json = ProfileFormat.write(ProfileMerger.merge(List.of(rank(0), rank(1))));
        assertThat(ProfileSchema.problems(json)).isEmpty();

        assertThat(ProfileSchema.problems(json.replace("\"complete\"", "\"completed\"")))
                .as("a member the format does not have")
                .isNotEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"finalized\"", "\"done\"")))
                .as("a rank state the format does not have")
                .isNotEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"line\": 12", "\"line\": \"12\"")))
                .as("a line that is no number")
                .isNotEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"mean_s\"", "\"average_s\"")))
                .as("a call site's statistics renamed")
                .isNotEmpty();
    }

    /**
     * {@code iterations.boundary.found_by} (search, named, pcontrol) is valid, optional (profiles
     * written before it stay valid), and no other value is.
     */
    @Test
    void howTheIterationsBoundaryWasFoundIsOptionalAndOneOfThree() throws Exception {
        for (org.qmpi4j.formats.profile.Iterations.FoundBy by :
                org.qmpi4j.formats.profile.Iterations.FoundBy.values()) {
            String json = ProfileFormat.write(
                    ProfileMerger.merge(List.of(rank(0), rank(1))).withIterations(marked(by)));
            assertThat(json).contains("\"found_by\": \"" + by.json() + "\"");
            assertThat(ProfileSchema.problems(json)).as("%s", by).isEmpty();
            if (by == org.qmpi4j.formats.profile.Iterations.FoundBy.PCONTROL) {
                assertThat(ProfileSchema.problems(
                                json.replace("\"found_by\": \"pcontrol\"", "\"found_by\": \"guess\"")))
                        .as("a way of finding the boundary the format does not have")
                        .isNotEmpty();
            }
        }
        String older = ProfileFormat.write(
                ProfileMerger.merge(List.of(rank(0), rank(1))).withIterations(marked(null)));
        assertThat(older).contains("\"boundary\"").doesNotContain("found_by");
        assertThat(ProfileSchema.problems(older))
                .as("a profile written before found_by")
                .isEmpty();
    }

    private static org.qmpi4j.formats.profile.Iterations marked(
            @org.qmpi4j.api.Nullable org.qmpi4j.formats.profile.Iterations.FoundBy by) {
        return new org.qmpi4j.formats.profile.Iterations(
                true,
                "marked by MPI_Pcontrol",
                new org.qmpi4j.formats.profile.Iterations.Boundary(
                        "MPI_PCONTROL", "org.example.Solver", "main", "Solver.java", 10),
                1,
                List.of(new org.qmpi4j.formats.profile.Iterations.Span(1, 1, 0.005, 0.004, 0.001, 0)),
                new org.qmpi4j.formats.profile.Iterations.WarmUp(0, 0, 1),
                new org.qmpi4j.formats.profile.Iterations.Steady(1, 0.005, 0.0003, 0.00625, 0),
                new org.qmpi4j.formats.profile.Iterations.Slowest(1, 0.005, 0),
                List.of(),
                by);
    }

    @Test
    void aFirstFailureIsValidReadBackAndOptional() throws Exception {
        org.qmpi4j.formats.profile.Profile p = ProfileMerger.merge(List.of(rank(0), rank(1)));
        RankFailure thrown =
                RankFailure.exception(1, new IllegalStateException("fails on purpose"), 1_796_400_323_119L, "node1");
        String json = ProfileFormat.write(p.withFailure(thrown));
        assertThat(ProfileSchema.problems(json)).isEmpty();
        assertThat(ProfileFormat.read(json).failure()).isEqualTo(thrown);
        String aborted = ProfileFormat.write(ProfileMerger.merge(List.of(rank(0), rank(1)))
                .withFailure(RankFailure.abort(0, 259, "org.example.App.main(App.java:12)", 5L, null)));
        assertThat(ProfileSchema.problems(aborted)).isEmpty();
        assertThat(JsonNode.parse(aborted).get("failure").get("exit_status").asInt())
                .as("the status the shell sees of MPI_Abort(259): its low byte")
                .isEqualTo(3);

        assertThat(ProfileSchema.problems(json.replace("\"exception\",", "\"crash\",")))
                .as("a kind of failure the format does not have")
                .isNotEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"epoch_ms\"", "\"epoch\"")))
                .as("the failure's time renamed")
                .isNotEmpty();
        String without = ProfileFormat.write(ProfileMerger.merge(List.of(rank(0), rank(1))));
        assertThat(without).doesNotContain("\"failure\"");
        assertThat(ProfileFormat.read(without).failure())
                .as("a profile without a failure")
                .isNull();
    }

    @Test
    void aProfileAboveThePerRankLimitIsValidWithoutPerRankLists() throws Exception {
        int size = ProfileFormat.RANK_DETAIL_MAX_RANKS + 1;
        List<RankProfile> ranks = new java.util.ArrayList<>();
        for (int r = 0; r < size; r++) {
            ranks.add(rank(r, size));
        }
        org.qmpi4j.formats.profile.Profile p = ProfileMerger.merge(ranks);
        String json = ProfileFormat.write(p);
        p.rankDetail().discard();
        assertThat(json).contains("\"per_rank_detail\": \"profile-ranks.jsonl\"", "\"rank_spread\"");
        assertThat(JsonNode.parse(json).get("functions").elements().get(0).has("per_rank"))
                .isFalse();
        assertThat(ProfileSchema.problems(json)).isEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"profile-ranks.jsonl\"", "\"elsewhere.jsonl\"")))
                .as("a place for the ranks' shares the format does not have")
                .isNotEmpty();
        assertThat(ProfileSchema.problems(json.replace("\"max_rank\"", "\"top_rank\"")))
                .as("the spread's members renamed")
                .isNotEmpty();
    }

    private static RankProfile rank(int r) {
        return rank(r, 2);
    }

    private static RankProfile rank(int r, int size) {
        CallStats send = new CallStats(3, 3_000, 900, 1_200, 24, null);
        return RankProfile.builder(r, size, "openmpi")
                .state(RankProfile.State.FINALIZED)
                .appNs(1_000_000)
                .environment("host", "node" + r)
                .function("MPI_SEND", "POINT_TO_POINT", send)
                .site(new SiteKey("MPI_SEND", "org.example.App", "main", "App.java", 12), send)
                .sent((r + 1) % size, 3, 24)
                .build();
    }
}
